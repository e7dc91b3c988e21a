import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { EmbeddedSimulators } from '../providers/embedded-simulators';
import { SIMULATORS } from '../providers/provider-tokens';
import { LINE_PUSHER, LineMessagingClient, type LinePusher } from './line-messaging.client';

/**
 * The LINE Messaging API (issue 22 §2): `LINE_PUSHER` — the real @line/bot-sdk client, pointed at
 * LINE_MESSAGING_API_URL or, unset, at the embedded simulator (/sim/line). The `line.push`
 * processor (SMS fallback) and the webhook live in the preferences module (it owns line_friends).
 */
@Module({
  providers: [
    {
      provide: LINE_PUSHER,
      inject: [APP_CONFIG, SIMULATORS],
      useFactory: (config: AppConfig, sims: EmbeddedSimulators | null): LinePusher => {
        const c = config.providers.lineMessaging;
        const apiUrl = c.apiUrl ?? (sims as EmbeddedSimulators).apiUrlOf('line');
        return new LineMessagingClient({ apiUrl, accessToken: c.accessToken });
      },
    },
  ],
  exports: [LINE_PUSHER],
})
export class LineMessagingModule {}
