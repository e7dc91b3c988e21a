import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createWebApp } from './bootstrap';
import { loadAppConfig } from './config/app-config';

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadAppConfig();
  const app = await createWebApp(config);
  await app.listen(config.port, config.host ?? '0.0.0.0');
  const url = `http://localhost:${config.port}`;
  new Logger('Main').log(`skinshop listening on ${url} (ready in ${Date.now() - started} ms)`);
}

main().catch((err: unknown) => {
  // Config errors are plain lines; anything else keeps its stack.
  console.error(err instanceof Error && err.message.startsWith('Invalid configuration') ? err.message : err);
  process.exit(1);
});
