import { Global, Inject, Injectable, Logger, Module, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { RedisConnections } from '../redis/redis-connections';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimiter, rateLimiterStore } from './rate-limiter';
import { pruneRateLimits } from './typeorm-rate-limiter';

const PRUNE_EVERY_MS = 10 * 60_000;

/** With Redis: connects at boot (the limiter sends only to a ready connection). Without: prunes ended windows. */
@Injectable()
class RateLimitLifecycle implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RateLimit');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly redis: RedisConnections,
    @Inject(getDataSourceToken()) private readonly ds: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    const client = this.redis.commands;
    if (client) {
      // Not awaited: with Redis away the app still boots (counting in memory) and the connection retries.
      if (client.status === 'wait') client.connect().catch(() => undefined);
      return;
    }
    this.timer = setInterval(() => {
      pruneRateLimits(this.ds).catch((err: Error) => this.logger.warn(`pruning rate limits failed: ${err.message}`));
    }, PRUNE_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

/**
 * Global: the one `RateLimiter` (Redis with REDIS_URL, else the `rate_limits` table) and the
 * `@RateLimit(rule)` route guard.
 */
@Global()
@Module({
  providers: [
    {
      provide: RateLimiter,
      inject: [APP_CONFIG, RedisConnections, getDataSourceToken()],
      useFactory: (config: AppConfig, redis: RedisConnections, ds: DataSource): RateLimiter => {
        const client = redis.commands;
        return new RateLimiter(client ? rateLimiterStore({ redis: client, prefix: config.redisPrefix }) : rateLimiterStore({ dataSource: ds }));
      },
    },
    RateLimitGuard,
    RateLimitLifecycle,
  ],
  exports: [RateLimiter, RateLimitGuard],
})
export class RateLimitModule {}
