import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { seedDemo } from './database/seeds/demo-seed';
import { configureHttp } from './http-setup';

/** Runs pending migrations, then seeds demo data into an empty shop when enabled. */
export async function prepareDatabase(ds: DataSource, config: AppConfig): Promise<void> {
  const log = new NestLogger('Database');
  const ran = await ds.runMigrations({ transaction: 'each' });
  if (ran.length) log.log(`applied ${ran.length} migration(s): ${ran.map((m) => m.name).join(', ')}`);
  if (config.seedDemoData) {
    const seeded = await seedDemo(ds, { mediaDir: config.mediaDir });
    if (seeded) log.log('empty database: demo data seeded');
  }
}

/** The web application, fully configured but not listening (tests call `app.init()`). */
export async function createWebApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, { http: true, runWorkers: config.runWorkersInWeb }),
    { bufferLogs: true },
  );
  app.useLogger(app.get(Logger));
  configureHttp(app, config);
  await prepareDatabase(app.get(DataSource), config);
  return app;
}
