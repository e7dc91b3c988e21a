import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { compileMailLayout } from './mail-templates';

/** Makes the e-mail layout's template while the app starts (a broken layout fails the boot, not the first mail). */
@Injectable()
export class MailTemplatesWarmup implements OnModuleInit {
  private readonly logger = new Logger('MailTemplates');

  onModuleInit(): void {
    const started = Date.now();
    compileMailLayout();
    this.logger.log(`e-mail layout ready in ${Date.now() - started} ms`);
  }
}
