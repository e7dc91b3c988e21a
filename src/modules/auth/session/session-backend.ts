import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RedisStore } from 'connect-redis';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { AUTH_CONFIG, type AuthConfig } from '../../../config/auth-config';
import { RedisConnections } from '../../../common/redis/redis-connections';
import type { SessionStore } from './session-store';
import { TypeormSessionStore } from './typeorm-session.store';

/**
 * Where sessions live: Redis via connect-redis (a connect-style store, as @fastify/session takes) when REDIS_URL is set (shared by every web
 * process), the `sessions` table otherwise. Also the member → sessions index behind "end my
 * other sessions" and "log out everywhere after a password reset": the table's `user_id`
 * column, or a Redis set per member.
 */
@Injectable()
export class SessionBackend implements OnModuleDestroy {
  private store?: SessionStore;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AUTH_CONFIG) private readonly auth: AuthConfig,
    private readonly connections: RedisConnections,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  /** The process's Redis commands connection (null without REDIS_URL). */
  private get redis(): Redis | null {
    return this.connections.commands;
  }

  /** Created on first use, so processes that serve no HTTP (the worker) never open it. */
  getStore(): SessionStore {
    if (!this.store) {
      this.store = this.redis
        ? (new RedisStore({ client: this.redis, prefix: this.sessionPrefix(), ttl: this.idleSeconds() }) as unknown as SessionStore)
        : new TypeormSessionStore(this.ds, this.idleSeconds() * 1000);
    }
    return this.store;
  }

  /** Records a session of a member (after login). */
  async track(userId: number, sid: string): Promise<void> {
    if (!this.redis) return; // the table store writes user_id itself
    const key = this.indexKey(userId);
    await this.redis.multi().sadd(key, sid).expire(key, this.auth.session.absoluteMinutes * 60 + 60).exec();
  }

  /** Ends every session of the member except `keepSid` (or all when omitted); answers how many ended. */
  async destroyUserSessions(userId: number, keepSid?: string): Promise<number> {
    const store = this.getStore();
    if (store instanceof TypeormSessionStore) return store.destroyUserSessions(userId, keepSid);
    const redis = this.redis as Redis;
    const key = this.indexKey(userId);
    const ids = (await redis.smembers(key)).filter((sid) => sid !== keepSid);
    if (!ids.length) return 0;
    const ended = await redis.del(...ids.map((sid) => this.sessionPrefix() + sid));
    await redis.srem(key, ...ids);
    return ended;
  }

  onModuleDestroy(): void {
    if (this.store instanceof TypeormSessionStore) this.store.close();
  }

  idleSeconds(): number {
    return this.auth.session.idleMinutes * 60;
  }

  private sessionPrefix(): string {
    return `${this.config.redisPrefix}:sess:`;
  }

  private indexKey(userId: number): string {
    return `${this.config.redisPrefix}:user-sess:${userId}`;
  }
}
