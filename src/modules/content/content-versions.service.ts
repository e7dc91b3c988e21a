import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { In, Repository } from 'typeorm';
import { ReadCache } from '../../common/cache/read-cache.service';
import { Transactions } from '../../common/transactions/transactions';
import { ContentVersion } from './entities/content-version.entity';

/** Version keys the client caches against (spec 3 §3 stored versions, spec 1 §4 version-based caching). */
export const VersionKey = {
  cart: 'cartVersion',
  settings: 'settingsVersion',
  posters: 'postersVersion',
  home: 'homeVersion',
  homeProducts: 'homeProductsVersion',
  about: 'aboutVersion',
} as const;

const CACHE_PREFIX = 'versions:';

function cacheKeyOf(keys: readonly string[]): string {
  // The callers pass module constants: each list's key is built once.
  let key = cacheKeys.get(keys);
  if (key === undefined) {
    key = `${CACHE_PREFIX}${[...keys].sort().join(',')}`;
    cacheKeys.set(keys, key);
  }
  return key;
}

const cacheKeys = new WeakMap<readonly string[], string>();

/** A fresh, unique, sortable version marker. */
export function newVersion(): string {
  return `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

/**
 * Version markers: read at start-up and by content calls; bumped whenever the
 * content behind them changes so every client refreshes exactly once (by
 * ContentEventsSubscriber, after `content.changed`, `settings.changed` and
 * catalogue changes).
 */
@Injectable()
export class ContentVersionsService {
  constructor(
    @InjectRepository(ContentVersion) private readonly repo: Repository<ContentVersion>,
    private readonly cache: ReadCache,
    private readonly tx: Transactions,
  ) {}

  /** Current values of `keys`; a key never set is created on first read. */
  async get<K extends string>(keys: readonly K[]): Promise<Record<K, string>> {
    return this.cache.getOrLoad(cacheKeyOf(keys), async () => {
      const rows = await this.repo.find({ where: { v_key: In([...keys]) } });
      const found = new Map(rows.map((r) => [r.v_key, r.v_value]));
      const out = {} as Record<K, string>;
      for (const k of keys) {
        let v = found.get(k);
        if (v === undefined) {
          v = newVersion();
          await this.repo.upsert({ v_key: k, v_value: v }, ['v_key']);
        }
        out[k] = v;
      }
      return out;
    });
  }

  /** The cached values of `keys`, if read recently (never touches the database). */
  peek<K extends string>(keys: readonly K[]): Record<K, string> | undefined {
    return this.cache.peek(cacheKeyOf(keys));
  }

  /** Gives `key` a new version; returns it. */
  async bump(key: string): Promise<string> {
    return (await this.bumpAll([key]))[key];
  }

  /**
   * Gives each of `keys` a new version, in the current transaction (or one of its own); the
   * cached versions are dropped once it commits. Returns the new versions.
   */
  async bumpAll(keys: readonly string[]): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    if (keys.length === 0) return out;
    await this.tx.run(async () => {
      const repo = this.tx.repo(ContentVersion);
      for (const key of [...new Set(keys)].sort()) {
        out[key] = newVersion();
        await repo.upsert({ v_key: key, v_value: out[key] }, ['v_key']);
      }
      this.tx.afterCommit(() => this.cache.invalidate(CACHE_PREFIX));
    });
    return out;
  }
}
