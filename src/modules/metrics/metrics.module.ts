import { Module } from '@nestjs/common';
import { HttpMetrics } from './http-metrics';
import { MetricsController } from './metrics.controller';
import { MetricsRegistry } from './metrics-registry';
import { MetricsService } from './metrics.service';
import { ShopMetrics } from './shop-metrics';

/**
 * Prometheus metrics at GET /api/metrics (issue 23 §6). `HttpMetrics` is what the HTTP edge
 * feeds (one `observe()` per answered request); the rest is read at scrape time.
 */
@Module({
  controllers: [MetricsController],
  providers: [MetricsRegistry, HttpMetrics, ShopMetrics, MetricsService],
  exports: [HttpMetrics],
})
export class MetricsModule {}
