import { Injectable } from '@nestjs/common';
import { MetricsRegistry } from './metrics-registry';
import { ShopMetrics } from './shop-metrics';

/** The text Prometheus scrapes. */
@Injectable()
export class MetricsService {
  private rendering?: Promise<string>;

  constructor(
    private readonly metrics: MetricsRegistry,
    private readonly shop: ShopMetrics,
  ) {}

  get contentType(): string {
    return this.metrics.registry.contentType;
  }

  /** Every series in the exposition format; scrapes arriving meanwhile share this one. */
  render(): Promise<string> {
    this.rendering ??= this.shop
      .refresh()
      .then(() => this.metrics.registry.metrics())
      .finally(() => (this.rendering = undefined));
    return this.rendering;
  }
}
