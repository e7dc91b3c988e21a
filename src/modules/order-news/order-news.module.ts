import { Module } from '@nestjs/common';

/**
 * Order news on the member's channel (issue 22 §2, §6): placed, paid, shipped, at the store, delivered, cancelled, refunded, allowance consent — LINE, SMS or e-mail.
 * (Issue 22 contract stub: its owner fills it in.)
 */
@Module({
  imports: [],
  controllers: [],
  providers: [],
  exports: [],
})
export class OrderNewsModule {}
