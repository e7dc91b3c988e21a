import { Module } from '@nestjs/common';

/** Issue 21: see docs/architecture.md. */
@Module({
  imports: [],
  controllers: [],
  providers: [],
  exports: [],
})
export class RewardsModule {}
