import { Module } from '@nestjs/common';

/**
 * The cosmetics claims check (spec 4 §4, issue 22 §5): the phrase list in settings, run on product texts, posters, HTML pages and the AI rewrite.
 * (Issue 22 contract stub: its owner fills it in.)
 */
@Module({
  imports: [],
  controllers: [],
  providers: [],
  exports: [],
})
export class ClaimsModule {}
