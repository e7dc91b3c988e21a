import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { ReadCache } from '../../common/cache/read-cache.service';
import type { DomainEventMap } from '../../common/events/domain-events';
import { CatalogService } from '../catalog/catalog.service';
import { CONTENT_CACHE } from './content-cache-keys';
import { ContentVersionsService, VersionKey } from './content-versions.service';
import { selectHomeProducts } from './home-products';

/**
 * Keeps content versions and cached content answers in step with what changed, so each client
 * refreshes exactly once:
 * - `content.changed {keys}`: bumps those version keys, drops every cached content answer (and
 *   the poster titles with `posters`);
 * - `settings.changed`: bumps settingsVersion;
 * - catalogue edits (`product.changed` `edit`, `catalog.changed`): bumps homeProductsVersion;
 * - sales (`product.changed` `stock`): once the catalogue's lists show them (at most once a
 *   second), bumps homeProductsVersion if a featured home product was among them, so a sold-out
 *   featured product shows 已售完 on the home page too.
 */
@Injectable()
export class ContentEventsSubscriber {
  constructor(
    private readonly versions: ContentVersionsService,
    private readonly cache: ReadCache,
    private readonly catalog: CatalogService,
  ) {}

  @OnEvent('content.changed')
  async contentChanged({ keys, posters }: DomainEventMap['content.changed']): Promise<void> {
    await this.versions.bumpAll(keys);
    await this.cache.invalidate(CONTENT_CACHE.root);
    if (posters) await this.cache.invalidate(CONTENT_CACHE.posterTitles);
  }

  @OnEvent('settings.changed')
  async settingsChanged(): Promise<void> {
    await this.versions.bumpAll([VersionKey.settings]);
  }

  @OnEvent('product.changed')
  async productChanged({ reason }: DomainEventMap['product.changed']): Promise<void> {
    if (reason === 'edit') await this.versions.bumpAll([VersionKey.homeProducts]);
  }

  @OnEvent('catalog.changed')
  async catalogChanged(): Promise<void> {
    await this.versions.bumpAll([VersionKey.homeProducts]);
  }

  /** The catalogue's lists were dropped following sales of `productIds`. */
  @OnEvent('catalog.lists-refreshed')
  async homeStockChanged({ productIds }: DomainEventMap['catalog.lists-refreshed']): Promise<void> {
    // Which products are featured depends on flags and rank, not on stock.
    const featured = new Set(selectHomeProducts(await this.catalog.listed()).map((p) => p.product_id));
    if (productIds.some((id) => featured.has(id))) await this.versions.bumpAll([VersionKey.homeProducts]);
  }
}
