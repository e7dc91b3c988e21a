import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { AdminClaimsController } from './admin-claims.controller';
import { ClaimsService } from './claims.service';

/**
 * The cosmetics claims check (spec 4 §4, issue 22 §5): the phrase list in settings (`CLAIM_PHRASES`),
 * run on product texts, posters, HTML pages and the AI rewrite's answer (their saves answer `warnings`).
 */
@Module({
  imports: [SettingsModule],
  controllers: [AdminClaimsController],
  providers: [ClaimsService],
  exports: [ClaimsService],
})
export class ClaimsModule {}
