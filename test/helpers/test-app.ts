import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWebApp } from '../../src/bootstrap';
import { loadAppConfig } from '../../src/config/app-config';
import { createTestDatabase, TestDatabase } from './databases';

export interface TestApp {
  app: NestExpressApplication;
  /** The Express server to hand to supertest. */
  http: ReturnType<NestExpressApplication['getHttpServer']>;
  db: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real application (same modules, middleware and migrations as `npm start`)
 * on a fresh database seeded with the demo data. `options.clientDist`: a built client to serve
 * instead of client/dist (e.g. a fixture).
 */
export async function createTestApp(env: Record<string, string> = {}, options: { clientDist?: string } = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const mediaDir = mkdtempSync(join(tmpdir(), 'skinshop-media-'));
  const config = loadAppConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATABASE_URL: db.url,
    MEDIA_DIR: mediaDir,
    SEED_DEMO_DATA: 'true',
    // Each app its own Redis key prefix, so test files running side by side never share queues.
    ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `skinshop-t-${process.pid}-${randomBytes(3).toString('hex')}` } : {}),
    ...env,
  });
  const app = await createWebApp(config, { clientDist: options.clientDist });
  await app.init();
  return {
    app,
    http: app.getHttpServer(),
    db,
    async close() {
      await app.close();
      await db.drop();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
