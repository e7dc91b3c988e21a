import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { seedDemo } from './database/seeds/demo-seed';
import { seedReferenceData } from './database/seeds/reference-seed';
import { configureHttp } from './http-setup';

/**
 * Runs pending migrations, adds missing reference rows (shipping and payment methods,
 * status codes, settings keys, version keys: never overwriting what staff changed),
 * then seeds demo data into an empty shop when enabled.
 */
export async function prepareDatabase(ds: DataSource, config: AppConfig): Promise<void> {
  const log = new NestLogger('Database');
  const ran = await ds.runMigrations({ transaction: 'each' });
  if (ran.length) log.log(`applied ${ran.length} migration(s): ${ran.map((m) => m.name).join(', ')}`);
  const added = await seedReferenceData(ds);
  if (added) log.log(`added ${added} missing reference row(s)`);
  if (config.seedDemoData) {
    const seeded = await seedDemo(ds, {
      mediaDir: config.mediaDir,
      adminPassword: config.auth.admin.initialPassword,
      promotions: config.seedDemoPromotions,
      // Printed once, when the account is created (ADMIN_INITIAL_PASSWORD unset).
      onGeneratedAdminPassword: (username, password) =>
        log.warn(`back-office account "${username}" (owner) created with password: ${password} — shown once; change it after signing in at /admin/login`),
    });
    if (seeded) log.log('empty database: demo data seeded');
  }
}

/** The web application, fully configured but not listening (tests call `app.init()`). */
export async function createWebApp(config: AppConfig, options: { prepare?: boolean; clientDist?: string } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, { http: true, runWorkers: config.runWorkersInWeb }),
    // Errors reach the caller (main prints them and exits; tests see them) instead of process.exit inside Nest.
    // bodyParser off: configureHttp parses JSON itself (per-route limits, depth cap, only for known routes).
    { bufferLogs: true, abortOnError: false, bodyParser: false },
  );
  app.useLogger(app.get(Logger));
  configureHttp(app, config, { clientDist: options.clientDist });
  if (options.prepare !== false) await prepareDatabase(app.get(DataSource), config);
  return app;
}
