import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RedisConnections } from '../../common/redis/redis-connections';
import { RedisDurability } from '../../common/redis/redis-durability';

type Up = 'up' | 'down';

const REDIS_TIMEOUT_MS = 1000;

@ApiTags('ops')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly redis: RedisConnections,
    private readonly durability: RedisDurability,
  ) {}

  /**
   * 200 while the database (and Redis, when configured) answer; 503 otherwise. In production with
   * Redis, `redisDurability` tells whether Redis keeps what it holds (AOF, `noeviction`); a
   * non-durable Redis is a warning there, not a failed check.
   */
  @Get()
  @ApiOperation({ summary: 'Liveness and dependencies: database, Redis when configured (with its durability in production)' })
  async health(@Res() reply: FastifyReply): Promise<void> {
    const client = this.redis.commands;
    const [database, redis] = await Promise.all([this.database(), client ? this.ping(client) : undefined]);
    const durability = redis === 'up' ? await this.durability.report() : null;
    const healthy = database === 'up' && redis !== 'down';
    await reply
      .code(healthy ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
      .header('Cache-Control', 'no-store')
      .send({ success: healthy, status: healthy ? 'ok' : 'error', database, ...(redis ? { redis } : {}), ...(durability ? { redisDurability: durability } : {}) });
  }

  private async database(): Promise<Up> {
    try {
      await this.ds.query('SELECT 1');
      return 'up';
    } catch {
      return 'down';
    }
  }

  /** PING on the process's connection, answered within a second (a queued command while Redis is away counts as down). */
  private async ping(client: Redis): Promise<Up> {
    const pong = client.ping().then(
      (r) => r === 'PONG',
      () => false,
    );
    const late = new Promise<boolean>((r) => setTimeout(() => r(false), REDIS_TIMEOUT_MS).unref());
    return (await Promise.race([pong, late])) ? 'up' : 'down';
  }
}
