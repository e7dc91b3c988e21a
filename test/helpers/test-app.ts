import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWebApp } from '../../src/bootstrap';
import { loadAppConfig } from '../../src/config/app-config';
import { createTestDatabase, TestDatabase } from './databases';

/** Job retries in milliseconds instead of the production backoff (seconds to hours): for tests that make a provider fail once. */
export const FAST_RETRIES = { JOBS_BACKOFF_BASE_MS: '50', JOBS_BACKOFF_MAX_MS: '200' };

export interface TestApp {
  app: NestFastifyApplication;
  /** The node:http server (Fastify's) to hand to supertest. */
  http: ReturnType<NestFastifyApplication['getHttpServer']>;
  db: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** A built client to serve instead of client/dist (e.g. a fixture). */
  clientDist?: string;
  /**
   * Listen on a free 127.0.0.1 port after init. Then `http` is that listening server (supertest
   * sends to its address instead of starting its own per request), so the request origin
   * (`http://127.0.0.1:<port>`, used in NotifyURL / ReturnURL / MapReturnURL) is reachable by the
   * provider simulators' server-to-server posts.
   */
  listen?: boolean;
}

/**
 * The real application (same modules, middleware and migrations as `npm start`)
 * on a fresh database seeded with the demo data. The providers are the built-in simulators unless
 * `env` sets their URLs (PROVIDER_SIMULATORS defaults to true here so production-mode boots work;
 * pass `PROVIDER_SIMULATORS: ''` to test the refusal).
 */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const mediaDir = mkdtempSync(join(tmpdir(), 'skinshop-media-'));
  let app: NestFastifyApplication | undefined;
  try {
    const config = loadAppConfig({
      NODE_ENV: 'test',
      PORT: '0',
      DATABASE_URL: db.url,
      MEDIA_DIR: mediaDir,
      SEED_DEMO_DATA: 'true',
      // Without the demo promotions, so an order costs its prices (a test that wants them passes 'true').
      SEED_DEMO_PROMOTIONS: 'false',
      PROVIDER_SIMULATORS: 'true',
      // Each staff alert its own Telegram message (the batching has its own test).
      STAFF_ALERT_BATCH_MS: '0',
      // Each app its own Redis key prefix, so test files running side by side never share queues.
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `skinshop-t-${process.pid}-${randomBytes(3).toString('hex')}` } : {}),
      ...env,
    });
    app = await createWebApp(config, { clientDist: options.clientDist });
    await app.init();
    // Fastify's plugins and hooks are loaded: supertest can use the server without app.listen().
    await app.getHttpAdapter().getInstance().ready();
    if (options.listen) await app.listen(0, '127.0.0.1');
  } catch (e) {
    // A refused boot (e.g. a configuration test) leaves no database behind.
    await app?.close().catch(() => undefined);
    await db.drop();
    rmSync(mediaDir, { recursive: true, force: true });
    throw e;
  }
  const started = app;
  return {
    app: started,
    http: started.getHttpServer(),
    db,
    async close() {
      await started.close();
      await db.drop();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/** `http://127.0.0.1:<port>` of a listening test app (however it was made to listen). */
export function listeningOrigin(t: Pick<TestApp, 'app'>): string {
  const address = (t.app.getHttpServer() as import('node:http').Server).address();
  if (!address || typeof address !== 'object') throw new Error('the test app is not listening');
  return `http://127.0.0.1:${address.port}`;
}
