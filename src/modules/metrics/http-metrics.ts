import { Injectable } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import { METRIC_PREFIX, MetricsRegistry } from './metrics-registry';

/** Seconds; from 1 ms (cached reads) to 10 s. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the HTTP edge labels a request that no route matched (unknown paths, static files, pages). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * HTTP rate, latency and errors by route. The HTTP edge calls `observe()` once per answered
 * request with the route's pattern (`/api/orders/:id`, never the concrete URL, so the series
 * stay few) or UNMATCHED_ROUTE. Errors are the requests with status ≥ 500 (or 4xx).
 */
@Injectable()
export class HttpMetrics {
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route'>;
  /** Label children by `method route status`: prom-client hashes the labels on every lookup otherwise. */
  private readonly children = new Map<string, { count: Counter.Internal; time: Histogram.Internal<'method' | 'route'> }>();

  constructor(metrics: MetricsRegistry) {
    const registers = [metrics.registry];
    this.requests = new Counter({
      name: `${METRIC_PREFIX}http_requests_total`,
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'Time from the request reaching the server to the last byte of its answer, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let child = this.children.get(key);
    if (!child) {
      child = { count: this.requests.labels(method, route, String(status)), time: this.duration.labels(method, route) };
      this.children.set(key, child);
    }
    child.count.inc();
    child.time.observe(seconds);
  }
}
