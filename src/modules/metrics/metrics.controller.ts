import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { GENERIC_NOT_FOUND } from '../../common/http/envelope';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { metricsAllowed, type MetricsAccessRequest } from './metrics-access';
import { MetricsService } from './metrics.service';

/** What both edges' replies offer (Express `res.header`, Fastify `reply.header`). */
interface HeaderSink {
  header(name: string, value: string): unknown;
}

/**
 * GET /api/metrics for Prometheus: with METRICS_TOKEN only for its Bearer token, without it only
 * from loopback or a private network (see metrics-access.ts). Anyone else gets exactly what an
 * unknown /api path gets — 404 `{ success: false, message: 找不到資源 }`, not stored — so the
 * endpoint is neither confirmed to scanners nor listed in the OpenAPI document.
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(@Req() req: MetricsAccessRequest, @Res({ passthrough: true }) res: HeaderSink): Promise<string> {
    res.header('Cache-Control', 'no-store');
    if (!metricsAllowed(req, this.config.metrics.token, this.config.trustProxy)) {
      throw new NotFoundException({ success: false, message: GENERIC_NOT_FOUND });
    }
    const body = await this.metrics.render();
    res.header('Content-Type', this.metrics.contentType);
    return body;
  }
}
