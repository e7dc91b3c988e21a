import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** Content codings a cached answer is kept in (compressed once, on first need, per cache fill). */
export type JsonCoding = 'br' | 'gzip' | 'identity';

/**
 * A cached JSON answer, serialised once, with its strong ETag. The compressed forms are made
 * on the first request that asks for them and kept with the entry, so a cache fill costs one
 * compression per coding instead of one per response.
 */
export class CachedJson {
  /** The UTF-8 bytes of the JSON text. */
  readonly raw: Buffer;
  private gzip?: Buffer;
  private br?: Buffer;

  constructor(
    body: string,
    readonly etag: string,
  ) {
    this.raw = Buffer.from(body, 'utf8');
  }

  /** The JSON text. */
  get body(): string {
    return this.raw.toString('utf8');
  }

  /** The body in `coding`. */
  bytes(coding: JsonCoding): Buffer {
    if (coding === 'gzip') return (this.gzip ??= gzipSync(this.raw, { level: 9 }));
    if (coding === 'br') {
      return (this.br ??= brotliCompressSync(this.raw, {
        params: {
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          // Quality 9 compresses a 20 KB list in ~2 ms, once per fill; 11 costs ~10x for ~3 % less.
          [zlib.BROTLI_PARAM_QUALITY]: 9,
          [zlib.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
        },
      }));
    }
    return this.raw;
  }
}

/** Bound on entries per process (oldest dropped first), so unknown keys cannot grow memory. */
const MAX_ENTRIES = 5000;

interface Entry {
  value: unknown;
  expires: number;
}

/**
 * Read-through cache for cheap public reads (catalogue, settings, content).
 * Entries live in process memory with a TTL and are dropped explicitly when the
 * data changes; with Redis configured, invalidations are broadcast so every web
 * process drops its copy at once. Concurrent misses share one load.
 */
@Injectable()
export class ReadCache implements OnModuleDestroy {
  private readonly logger = new Logger(ReadCache.name);
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly channel: string;
  private readonly pub?: Redis;
  private readonly sub?: Redis;
  /** Counts drops; a load remembers the count it started at. */
  private generation = 0;
  /** The generation of each prefix's latest drop, kept while a load that started before it may still finish. */
  private readonly drops = new Map<string, number>();
  /** Names this process's broadcasts (`<instance>|<prefix>`), so it skips its own. */
  private readonly instance = randomUUID();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.channel = `${config.redisPrefix}:cache:invalidate`;
    if (config.redisUrl) {
      this.pub = new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
      this.sub = new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
      this.sub.subscribe(this.channel).catch((err: Error) => this.logger.warn(`cache subscribe failed: ${err.message}`));
      this.sub.on('message', (_ch: string, message: string) => {
        const cut = message.indexOf('|');
        // Our own broadcast comes back too: this process dropped its copy already, and may
        // have refilled it since (dropping it again would only cost a reload).
        if (cut < 0 || message.slice(0, cut) === this.instance) return;
        this.dropLocal(message.slice(cut + 1));
      });
      for (const c of [this.pub, this.sub]) c.on('error', (err: Error) => this.logger.warn(`redis: ${err.message}`));
    }
  }

  /** The fresh cached value of `key`, or undefined (never loads: the fast path's read). */
  peek<T>(key: string): T | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > Date.now() ? (hit.value as T) : undefined;
  }

  async getOrLoad<T>(key: string, loader: () => Promise<T>, ttlSeconds = this.config.catalogCacheSeconds): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const pending = this.inflight.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generation;
    const load = loader()
      .then((value) => {
        // Do not store a value loaded before an invalidation of its key that happened meanwhile
        // (a drop of another product's page leaves this load alone).
        if (ttlSeconds > 0 && !this.droppedSince(key, generation)) {
          this.entries.delete(key);
          this.entries.set(key, { value, expires: Date.now() + ttlSeconds * 1000 });
          if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
        }
        return value;
      })
      .finally(() => {
        this.inflight.delete(key);
        if (this.inflight.size === 0) this.drops.clear();
      });
    this.inflight.set(key, load);
    return load;
  }

  /** Same as getOrLoad, for JSON answers: serialised once with an ETag. */
  getJson(key: string, loader: () => Promise<object>, ttlSeconds?: number): Promise<CachedJson> {
    return this.getOrLoad(key, async () => toCachedJson(await loader()), ttlSeconds);
  }

  /** Drops every entry whose key starts with `prefix`, here and in every other process. */
  async invalidate(prefix: string): Promise<void> {
    this.dropLocal(prefix);
    if (this.pub) {
      try {
        await this.pub.publish(this.channel, `${this.instance}|${prefix}`);
      } catch (err) {
        this.logger.warn(`cache invalidation broadcast failed: ${(err as Error).message}`);
      }
    }
  }

  private dropLocal(prefix: string): void {
    this.generation++;
    if (this.inflight.size > 0) {
      this.drops.delete(prefix);
      this.drops.set(prefix, this.generation);
    }
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  /** True when `key` was dropped after `generation` (while a load of it was under way). */
  private droppedSince(key: string, generation: number): boolean {
    if (generation === this.generation) return false;
    for (const [prefix, at] of this.drops) if (at > generation && key.startsWith(prefix)) return true;
    return false;
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.pub?.quit().catch(() => undefined), this.sub?.quit().catch(() => undefined)]);
  }
}

export function toCachedJson(payload: object): CachedJson {
  const body = JSON.stringify(payload);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return new CachedJson(body, etag);
}
