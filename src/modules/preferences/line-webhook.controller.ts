import { Controller, Headers, HttpCode, HttpStatus, Inject, Logger, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../common/errors/app-error';
import { lineMessagingOn } from '../../integrations/line-messaging/line-messaging-config';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { verifyLineSignature } from '../../integrations/line-messaging/line-signature';
import { LineFriends } from './line-friends.service';

interface WebhookEvent {
  type?: unknown;
  timestamp?: unknown;
  source?: { type?: unknown; userId?: unknown };
}

export const LINE_WEBHOOK_BAD_SIGNATURE = '簽章驗證失敗';

/**
 * The LINE Messaging API webhook (PROVIDERS.md §6b): X-Line-Signature is checked against the raw
 * body with the Messaging API channel secret before anything is read (bad → 401, nothing changes);
 * `follow` / `unfollow` of a user update line_friends (and the bound member's consent log). Other
 * events are acknowledged and ignored. Answers 200 at once (a few statements per event).
 */
@ApiTags('line')
@Controller('line')
export class LineWebhookController {
  private readonly log = new Logger('LineWebhook');

  constructor(
    private readonly friends: LineFriends,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('webhook')
  @HttpCode(200)
  @ApiOperation({ summary: 'LINE webhook (signed): follow / unfollow update the LINE friendship; 401 on a bad signature' })
  async webhook(@Req() req: FastifyRequest, @Headers('x-line-signature') signature: string | undefined): Promise<{ success: true }> {
    if (!lineMessagingOn(this.config.providers, this.config.isProduction)) throw new AppError('Not Found', HttpStatus.NOT_FOUND);
    if (!verifyLineSignature(this.config.providers.lineMessaging.channelSecret, req.rawBody, signature)) {
      this.log.warn('webhook refused: bad or missing X-Line-Signature');
      throw new AppError(LINE_WEBHOOK_BAD_SIGNATURE, HttpStatus.UNAUTHORIZED);
    }
    const events = Array.isArray((req.body as { events?: unknown })?.events) ? ((req.body as { events: unknown[] }).events as WebhookEvent[]) : [];
    for (const e of events.slice(0, 100)) {
      if ((e?.type !== 'follow' && e?.type !== 'unfollow') || e.source?.type !== 'user' || typeof e.source.userId !== 'string') continue;
      const at = typeof e.timestamp === 'number' && Number.isFinite(e.timestamp) ? new Date(e.timestamp) : new Date();
      await this.friends.set(e.source.userId, e.type === 'follow', 'webhook', at);
    }
    return { success: true };
  }
}
