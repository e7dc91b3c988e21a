import { Module } from '@nestjs/common';

/**
 * Member preferences, consent records, the unsubscribe link and LINE binding / friendship (issue 22 §1–§2).
 * (Issue 22 contract stub: its owner fills it in.)
 */
@Module({
  imports: [],
  controllers: [],
  providers: [],
  exports: [],
})
export class PreferencesModule {}
