import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { compileMailLayout } from './mail-templates';

/** Compiles the e-mail layout while the app starts (a broken layout fails the boot, and the first mail does not wait for MJML). */
@Injectable()
export class MailTemplatesWarmup implements OnModuleInit {
  private readonly logger = new Logger('MailTemplates');

  async onModuleInit(): Promise<void> {
    const started = Date.now();
    await compileMailLayout();
    this.logger.log(`e-mail layout compiled in ${Date.now() - started} ms`);
  }
}
