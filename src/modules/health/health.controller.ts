import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

type Up = 'up' | 'down';

@ApiTags('ops')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Liveness and dependencies: database, and Redis when configured' })
  async health(@Res() res: Response): Promise<void> {
    const [database, redis] = await Promise.all([this.database(), this.config.redisUrl ? this.redis(this.config.redisUrl) : undefined]);
    const healthy = database === 'up' && redis !== 'down';
    res
      .status(healthy ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
      .setHeader('Cache-Control', 'no-store')
      .json({ success: healthy, status: healthy ? 'ok' : 'error', database, ...(redis ? { redis } : {}) });
  }

  private async database(): Promise<Up> {
    try {
      await this.ds.query('SELECT 1');
      return 'up';
    } catch {
      return 'down';
    }
  }

  private async redis(url: string): Promise<Up> {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.ping()) === 'PONG' ? 'up' : 'down';
    } catch {
      return 'down';
    } finally {
      client.disconnect();
    }
  }
}
