import { Inject, Injectable, Logger, Module, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { DbRateLimiter } from './db-rate-limiter';
import { AUTH_REDIS, RateLimiter } from './rate-limiter';
import { RedisRateLimiter } from './redis-rate-limiter';

const PRUNE_EVERY_MS = 10 * 60_000;

/** Closes the shared Redis connection and prunes ended windows of the table driver. */
@Injectable()
class RateLimitLifecycle implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RateLimit');
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(AUTH_REDIS) private readonly redis: Redis | null,
    private readonly limiter: RateLimiter,
  ) {}

  onModuleInit(): void {
    const limiter = this.limiter;
    if (!(limiter instanceof DbRateLimiter)) return;
    this.timer = setInterval(() => {
      limiter.prune().catch((err: Error) => this.logger.warn(`pruning rate limits failed: ${err.message}`));
    }, PRUNE_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const redis = this.redis;
    if (!redis || redis.status === 'end') return;
    if (redis.status === 'wait') redis.disconnect();
    else await redis.quit().catch(() => redis.disconnect());
  }
}

/**
 * `RateLimiter` (Redis or the `rate_limits` table) and the auth module's Redis connection
 * (`AUTH_REDIS`, null without REDIS_URL; connects on first use, so the worker never opens it).
 */
@Module({
  providers: [
    {
      provide: AUTH_REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Redis | null => {
        if (!config.redisUrl) return null;
        const redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
        redis.on('error', (err: Error) => new Logger('AuthRedis').warn(`redis: ${err.message}`));
        return redis;
      },
    },
    {
      provide: RateLimiter,
      inject: [APP_CONFIG, AUTH_REDIS, getDataSourceToken()],
      useFactory: (config: AppConfig, redis: Redis | null, ds: DataSource): RateLimiter =>
        redis ? new RedisRateLimiter(redis, config.redisPrefix) : new DbRateLimiter(ds),
    },
    RateLimitLifecycle,
  ],
  exports: [RateLimiter, AUTH_REDIS],
})
export class RateLimitModule {}
