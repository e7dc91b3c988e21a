import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { ContentModule } from '../content/content.module';
import { ReviewsModule } from '../reviews/reviews.module';
import { SettingsModule } from '../settings/settings.module';
import { SeoPagesService } from './seo-pages.service';
import { SeoSitemapService } from './seo-sitemap.service';

/**
 * Search-engine support: server-rendered `<head>` (title, description, canonical, Open
 * Graph, JSON-LD) and a crawlable `#root` fallback for every SPA path, `/sitemap.xml` and
 * `/robots.txt`. Its HTTP side is plain Fastify routes and hooks (mountSeoRoutes, seoHtmlHandler), wired
 * in http-setup, because these are root paths outside the `/api` prefix.
 */
@Module({
  imports: [CatalogModule, ContentModule, SettingsModule, ReviewsModule],
  providers: [SeoPagesService, SeoSitemapService],
  exports: [SeoPagesService, SeoSitemapService],
})
export class SeoModule {}
