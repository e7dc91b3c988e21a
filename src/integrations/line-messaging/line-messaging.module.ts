import { Module } from '@nestjs/common';

/**
 * The LINE Messaging API client (@line/bot-sdk), its local simulator (the embedded default) and the push processor (issue 22 §2).
 * (Issue 22 contract stub: its owner fills it in.)
 */
@Module({
  imports: [],
  controllers: [],
  providers: [],
  exports: [],
})
export class LineMessagingModule {}
