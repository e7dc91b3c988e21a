import 'reflect-metadata';
import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { prepareDatabase } from './bootstrap';
import { loadAppConfig } from './config/app-config';
import { announceReady } from './launcher-ready';

/** Job processors only, no HTTP: `npm run start:worker` (scale independently of web). */
async function main(): Promise<void> {
  const config = loadAppConfig();
  if (!config.redisUrl) {
    // The in-process queue lives inside the web process; a separate worker could never see its jobs.
    console.error('start:worker needs REDIS_URL (without Redis, `npm start` runs the jobs inside the web process).');
    process.exit(1);
  }
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, { http: false, runWorkers: true }), {
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await prepareDatabase(app.get(DataSource), { ...config, seedDemoData: false });
  new NestLogger('Worker').log('processing BullMQ queues');
  announceReady();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error && err.message.startsWith('Invalid configuration') ? err.message : err);
  process.exit(1);
});
