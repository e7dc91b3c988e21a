import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis, { RedisOptions } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/**
 * What a connection is for. `commands`: ordinary commands (GET/SET/EVAL/MULTI/PUBLISH…), shared by
 * every user in the process; `subscriber`: SUBSCRIBE only (a subscribed connection can run nothing else).
 */
export type RedisRole = 'commands' | 'subscriber';

/**
 * Options of a connection of `role`: connects on first use (a process that never touches Redis
 * opens nothing), named `<prefix>:<role>` for `CLIENT LIST`. Commands give up after 2 reconnect
 * attempts instead of waiting forever while Redis is away; the subscriber retries for ever and
 * ioredis re-subscribes its channels after a reconnect.
 */
export function redisOptions(role: RedisRole | string, prefix: string): RedisOptions {
  return {
    lazyConnect: true,
    connectionName: `${prefix}:${role}`,
    maxRetriesPerRequest: role === 'commands' ? 2 : null,
  };
}

/**
 * The process's Redis connections, one per role, created from REDIS_URL on first use and closed
 * at shutdown (after every module's `onModuleDestroy`, so those may still use them). Without
 * REDIS_URL every getter answers null and callers use their embedded alternative.
 *
 * Users: the read cache (publishes on `commands`, listens on `subscriber`), the rate limiter
 * (`commands`), the session store and the BullMQ producer (`commands`). BullMQ workers need
 * blocking connections of their own (`redisOptions('bullmq-worker', prefix)` with
 * `maxRetriesPerRequest: null`); they are the one exception.
 */
@Injectable()
export class RedisConnections implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  private readonly clients = new Map<RedisRole, Redis>();
  /** Last error logged per role, so a Redis outage logs once per cause, not once per retry. */
  private readonly lastError = new Map<RedisRole, string>();

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'redisUrl' | 'redisPrefix'>) {}

  /** True when REDIS_URL is set. */
  get enabled(): boolean {
    return Boolean(this.config.redisUrl);
  }

  /** The commands connection, or null without REDIS_URL. */
  get commands(): Redis | null {
    return this.get('commands');
  }

  /** The subscriber connection (SUBSCRIBE / PSUBSCRIBE only), or null without REDIS_URL. */
  get subscriber(): Redis | null {
    return this.get('subscriber');
  }

  private get(role: RedisRole): Redis | null {
    if (!this.config.redisUrl) return null;
    let client = this.clients.get(role);
    if (!client) {
      client = new Redis(this.config.redisUrl, redisOptions(role, this.config.redisPrefix));
      client.on('error', (err: Error) => {
        if (this.lastError.get(role) === err.message) return;
        this.lastError.set(role, err.message);
        this.logger.warn(`redis (${role}): ${err.message}`);
      });
      client.on('ready', () => {
        if (this.lastError.delete(role)) this.logger.log(`redis (${role}): connected again`);
      });
      this.clients.set(role, client);
    }
    return client;
  }

  /** Closes every connection (QUIT, so replies in flight arrive first; at most 1 s). */
  async close(): Promise<void> {
    const clients = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(
      clients.map(async (client) => {
        // Not connected (never used, or Redis away): nothing in flight to wait for.
        if (client.status !== 'ready') return client.disconnect();
        const quit = client.quit().catch(() => undefined);
        const timer = new Promise((r) => setTimeout(r, 1000).unref());
        await Promise.race([quit, timer]);
        client.disconnect();
      }),
    );
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}
