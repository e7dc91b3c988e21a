import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { NotFoundError } from '../../common/errors/app-error';
import { GENERIC_NOT_FOUND, ok } from '../../common/http/envelope';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DevOutbox, OutboxMessage } from '../outbox/dev-outbox';

/**
 * `GET /api/dev/outbox[?channel=sms|email]`: what the log drivers "sent", newest first,
 * for a developer without SMS or SMTP accounts. Answers 404 in production.
 */
@ApiTags('dev')
@Controller('dev')
export class DevOutboxController {
  constructor(
    private readonly outbox: DevOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('outbox')
  @ApiOperation({ summary: 'Development only: SMS and e-mail written by the log drivers (404 in production)' })
  list(@Query('channel') channel?: string) {
    if (this.config.isProduction) throw new NotFoundError(GENERIC_NOT_FOUND);
    const ch: OutboxMessage['channel'] | undefined = channel === 'sms' || channel === 'email' ? channel : undefined;
    return ok({ messages: this.outbox.list(ch) });
  }
}
