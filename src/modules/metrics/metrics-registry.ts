import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Registry } from 'prom-client';

/** Every series is named `skinshop_…`. */
export const METRIC_PREFIX = 'skinshop_';

/**
 * This process's Prometheus registry (one per application, not prom-client's global one: tests
 * run several apps in one process). Holds Node's default process metrics (CPU, memory, event
 * loop lag, GC, handles) under the `skinshop_` prefix; HttpMetrics and ShopMetrics add theirs.
 */
@Injectable()
export class MetricsRegistry {
  readonly registry = new Registry();

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: METRIC_PREFIX });
  }
}
