import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { ContentService } from '../content/content.service';
import { PUBLIC_PAGES, ROBOTS_DISALLOW } from './seo-routes-table';
import { esc } from './seo-text';

interface SitemapUrl {
  path: string;
  lastmod?: string;
}

/** `/sitemap.xml` and `/robots.txt`, built from the catalogue's and content's cached reads. */
@Injectable()
export class SeoSitemapService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly content: ContentService,
  ) {}

  /** Home, products, every listed product (lastmod = its updated_at), active posters and the content pages. */
  async sitemapXml(origin: string): Promise<string> {
    const [products, posters] = await Promise.all([this.catalog.seoEntries(), this.content.activePosters()]);
    const urls: SitemapUrl[] = [
      { path: '/' },
      { path: '/products' },
      ...PUBLIC_PAGES.map((p) => ({ path: p.path })),
      ...products.map((p) => ({ path: `/product/${p.product_id}`, lastmod: p.updated_at })),
      ...posters.map((p) => ({ path: `/posters/${p.id}`, lastmod: p.updated_at })),
    ];
    const entries = urls.map(
      (u) => `  <url><loc>${esc(`${origin}${u.path}`)}</loc>${u.lastmod ? `<lastmod>${esc(u.lastmod)}</lastmod>` : ''}</url>`,
    );
    return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries, '</urlset>', ''].join('\n');
  }

  /** Keeps crawlers out of staff, cart, checkout, account pages and the API; points to the sitemap. */
  robotsTxt(origin: string): string {
    return ['User-agent: *', ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  }
}
