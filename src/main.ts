import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { AppConfig, loadAppConfig } from './config/app-config';
import { announceReady } from './launcher-ready';

const log = new Logger('Main');

/** One web process: migrations/seed (unless the primary's first worker did them), then listen. */
async function serve(config: AppConfig, prepare: boolean): Promise<void> {
  const started = Date.now();
  // Loaded here, not at the top: a cluster primary never needs the application modules.
  const { createWebApp } = await import('./bootstrap.js');
  const app = await createWebApp(config, { prepare });
  await app.listen(config.port, config.host ?? '0.0.0.0');
  // Keep idle keep-alive connections longer than a load balancer's idle timeout (60 s on most),
  // so the balancer never reuses a connection this process is closing (and clients reconnect less).
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  log.log(`skinshop listening on http://localhost:${config.port} (ready in ${Date.now() - started} ms)`);
  announceReady();
  if (cluster.isWorker) process.send?.('ready');
}

/**
 * WEB_CONCURRENCY > 1: a primary forks that many web processes sharing the port. The first
 * one migrates and seeds, the others start once it is ready (so migrations never race);
 * a process that dies is replaced; SIGTERM/SIGINT stop them all gracefully.
 */
function supervise(config: AppConfig): void {
  let stopping = false;
  const fork = (prepare: boolean) => cluster.fork({ SKINSHOP_WORKER_PREPARE: prepare ? '1' : '0' });
  const first = fork(true);
  first.once('message', (m) => {
    if (m === 'ready') for (let i = 1; i < config.webConcurrency; i++) fork(false);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.warn(`web process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork(false);
  });
  const stop = () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function main(): Promise<void> {
  const config = loadAppConfig();
  if (config.webConcurrency > 1 && cluster.isPrimary) return supervise(config);
  await serve(config, !cluster.isWorker || process.env.SKINSHOP_WORKER_PREPARE === '1');
}

main().catch((err: unknown) => {
  // Config errors are plain lines; anything else keeps its stack.
  console.error(err instanceof Error && err.message.startsWith('Invalid configuration') ? err.message : err);
  process.exit(1);
});
