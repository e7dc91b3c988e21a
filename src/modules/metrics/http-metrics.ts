import { Injectable } from '@nestjs/common';
import type { Metric } from 'prom-client';
import { METRIC_PREFIX, MetricsRegistry } from './metrics-registry';

/** Seconds; from 1 ms (cached reads) to 10 s. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** What the HTTP edge labels a request that no route matched (unknown paths, static files, pages). */
export const UNMATCHED_ROUTE = 'unmatched';

/** One method × route × status: its request count, latency sum and (non-cumulative) bucket counts. */
interface Series {
  method: string;
  route: string;
  status: string;
  count: number;
  sum: number;
  /** buckets[i]: requests with LATENCY_BUCKETS[i-1] < seconds ≤ LATENCY_BUCKETS[i]; the last slot is above the largest bucket. */
  buckets: Float64Array;
}

interface Sample {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

/**
 * HTTP rate, latency and errors by route:
 * - `skinshop_http_requests_total{method,route,status}` (errors: status ≥ 500, or 4xx);
 * - `skinshop_http_request_duration_seconds{method,route}`, a histogram.
 * The HTTP edge calls `observe()` once per answered request with the route's pattern
 * (`/api/orders/:id`, never the concrete URL, so the series stay few) or UNMATCHED_ROUTE.
 *
 * `observe()` runs on every request, so it only bumps numbers in a map (tens of ns); prom-client's
 * own Counter and Histogram hash the labels on every call (≈ 2 µs for the pair). The registry
 * reads these numbers when it is scraped, through the same `get()` contract its own metrics use.
 */
@Injectable()
export class HttpMetrics {
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();
  private readonly series: Series[] = [];

  constructor(metrics: MetricsRegistry) {
    const registry = metrics.registry;
    registry.registerMetric(
      collector(`${METRIC_PREFIX}http_requests_total`, 'HTTP requests answered, by method, route pattern and status code', 'counter', () => this.counts()),
    );
    registry.registerMetric(
      collector(
        `${METRIC_PREFIX}http_request_duration_seconds`,
        'Time from the request reaching the server to the last byte of its answer, by method and route pattern',
        'histogram',
        () => this.histogram(),
      ),
    );
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    // Nested maps, not one `${method} ${route} ${status}` key: the route and method strings are the
    // same objects every time (their hashes cached), while a built key is hashed anew per request.
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let s = byStatus.get(status);
    if (!s) {
      s = { method, route, status: String(status), count: 0, sum: 0, buckets: new Float64Array(LATENCY_BUCKETS.length + 1) };
      byStatus.set(status, s);
      this.series.push(s);
    }
    s.count++;
    s.sum += seconds;
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]) i++;
    s.buckets[i]++;
  }

  private counts(): Sample[] {
    return this.series.map((s) => ({ labels: { method: s.method, route: s.route, status: s.status }, value: s.count }));
  }

  /** The series of every status of one method and route summed, with cumulative buckets. */
  private histogram(): Sample[] {
    const byRoute = new Map<string, { method: string; route: string; count: number; sum: number; buckets: Float64Array }>();
    for (const s of this.series) {
      const key = `${s.method} ${s.route}`;
      let r = byRoute.get(key);
      if (!r) byRoute.set(key, (r = { method: s.method, route: s.route, count: 0, sum: 0, buckets: new Float64Array(LATENCY_BUCKETS.length + 1) }));
      r.count += s.count;
      r.sum += s.sum;
      for (let i = 0; i < s.buckets.length; i++) r.buckets[i] += s.buckets[i];
    }
    const name = `${METRIC_PREFIX}http_request_duration_seconds`;
    const samples: Sample[] = [];
    for (const { method, route, count, sum, buckets } of byRoute.values()) {
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((le, i) => {
        cumulative += buckets[i];
        samples.push({ metricName: `${name}_bucket`, labels: { le, method, route }, value: cumulative });
      });
      samples.push({ metricName: `${name}_bucket`, labels: { le: '+Inf', method, route }, value: count });
      samples.push({ metricName: `${name}_sum`, labels: { method, route }, value: sum });
      samples.push({ metricName: `${name}_count`, labels: { method, route }, value: count });
    }
    return samples;
  }
}

/**
 * A metric the registry renders like its own: prom-client's Registry asks each registered metric
 * for `get()` → `{ name, help, type, values, aggregator }` (what Counter and Histogram return).
 */
function collector(name: string, help: string, type: 'counter' | 'histogram', values: () => Sample[]): Metric {
  const metric = { name, help, type, aggregator: 'sum' as const, get: async () => ({ name, help, type, aggregator: 'sum' as const, values: values() }) };
  return metric as unknown as Metric;
}
