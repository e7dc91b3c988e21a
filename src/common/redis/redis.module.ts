import { Global, Module } from '@nestjs/common';
import { RedisConnections } from './redis-connections';
import { RedisDurability } from './redis-durability';

/**
 * Global: `RedisConnections` (the process's commands and subscriber connections, null getters
 * without REDIS_URL) and `RedisDurability` (the production AOF / eviction check).
 */
@Global()
@Module({ providers: [RedisConnections, RedisDurability], exports: [RedisConnections, RedisDurability] })
export class RedisModule {}
