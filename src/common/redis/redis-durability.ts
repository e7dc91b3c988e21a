import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { RedisConnections } from './redis-connections';

/** What `/api/health` shows as `redisDurability` (production with REDIS_URL). */
export interface RedisDurabilityReport {
  /** AOF on and `noeviction`; 'unknown' when the settings could not be read (CONFIG disabled). */
  durable: boolean | 'unknown';
  appendonly: string;
  maxmemoryPolicy: string;
  /** Set unless durable: what is at risk and how to fix it. */
  warning?: string;
}

const AT_RISK = 'queued jobs, sessions and rate-limit counters live in Redis';
const FIX = 'set `appendonly yes` (appendfsync everysec) and `maxmemory-policy noeviction` (docker/compose.yml does)';

/** `CONFIG GET name` → its value; throws when CONFIG is refused (renamed, ACL) or the name is unknown. */
async function configGet(client: Redis, name: string): Promise<string> {
  const reply = (await client.call('CONFIG', 'GET', name)) as string[];
  const at = reply.findIndex((v, i) => i % 2 === 0 && v.toLowerCase() === name);
  if (at < 0) throw new Error(`CONFIG GET ${name} answered nothing`);
  return reply[at + 1];
}

/**
 * Reads AOF and the eviction policy. Durable means both: AOF on (a restart replays every
 * acknowledged write, not only the last snapshot) and `noeviction` (a full Redis refuses writes
 * instead of silently dropping keys such as queued jobs). Never throws: a managed Redis that
 * disables CONFIG (or any other failure to read it) gives `durable: 'unknown'`.
 */
export async function readRedisDurability(client: Redis): Promise<RedisDurabilityReport> {
  let appendonly: string;
  let maxmemoryPolicy: string;
  try {
    [appendonly, maxmemoryPolicy] = await Promise.all([configGet(client, 'appendonly'), configGet(client, 'maxmemory-policy')]);
  } catch (err) {
    return {
      durable: 'unknown',
      appendonly: 'unknown',
      maxmemoryPolicy: 'unknown',
      warning:
        `Redis persistence settings could not be read (${(err as Error).message}); ${AT_RISK}: make sure the Redis ` +
        'service keeps an append-only file and never evicts keys (appendonly yes, maxmemory-policy noeviction)',
    };
  }
  const problems: string[] = [];
  if (appendonly !== 'yes') {
    problems.push(`appendonly=${appendonly}: a Redis restart loses everything written since the last snapshot`);
  }
  if (maxmemoryPolicy !== 'noeviction') {
    problems.push(`maxmemory-policy=${maxmemoryPolicy}: a full Redis evicts keys instead of refusing writes`);
  }
  if (!problems.length) return { durable: true, appendonly, maxmemoryPolicy };
  return { durable: false, appendonly, maxmemoryPolicy, warning: `Redis is not a durable store (${problems.join('; ')}); ${AT_RISK}: ${FIX}` };
}

/** How long a reading is reused by `/api/health` (an operator's fix shows within this time). */
const REUSE_MS = 60_000;
/** Boot waits at most this long for the first reading (Redis away must not hold the start). */
const BOOT_WAIT_MS = 2_000;

/**
 * Redis as a durable store (production with REDIS_URL): checks AOF and the eviction policy at
 * boot and logs an error line naming what is lost and how to fix it (a warning when the settings
 * cannot be read); `/api/health` shows the latest reading.
 */
@Injectable()
export class RedisDurability implements OnApplicationBootstrap {
  private readonly logger = new Logger('Redis');
  private last?: { at: number; report: Promise<RedisDurabilityReport> };

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'isProduction'>,
    private readonly connections: RedisConnections,
  ) {}

  /** Whether this process checks (production with REDIS_URL). */
  get applies(): boolean {
    return this.config.isProduction && this.connections.enabled;
  }

  async onApplicationBootstrap(): Promise<void> {
    const reading = this.report();
    if (!reading) return;
    const logged = reading.then((r) => {
      if (r.durable === false) this.logger.error(r.warning);
      else if (r.durable === 'unknown') this.logger.warn(r.warning);
    });
    await Promise.race([logged, new Promise((r) => setTimeout(r, BOOT_WAIT_MS).unref())]);
  }

  /** The reading (reused for a minute), or null where this check does not apply. */
  report(): Promise<RedisDurabilityReport> | null {
    const client = this.connections.commands;
    if (!this.applies || !client) return null;
    if (!this.last || Date.now() - this.last.at > REUSE_MS) this.last = { at: Date.now(), report: readRedisDurability(client) };
    return this.last.report;
  }
}
