import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { ReadCache } from '../../common/cache/read-cache.service';
import { Throttle } from '../../common/cache/throttle';
import { DomainEvents, type DomainEventMap } from '../../common/events/domain-events';
import { CATALOG_CACHE, CATALOG_LIST_KEYS } from './catalog-cache-keys';

/** Lists show stock at most this old after a sale (and are reloaded at most this often). */
export const LIST_REFRESH_MS = 1000;

/**
 * Keeps cached catalogue answers fresh (here and, through ReadCache's Redis broadcast, in every
 * other process):
 * - a sale or cancel (`product.changed`, `stock`) drops that product's page and popup answers at
 *   once, and the lists (loadProducts, the typed list, SEO pages) at most once a second, so a
 *   burst of sales reloads the list once a second instead of once per sale;
 * - any other product change (`edit`) and `catalog.changed` drop every catalogue answer at once.
 *
 * Views built from the list elsewhere (the home page's featured products) follow the list drops
 * through `catalog.lists-refreshed`, so they are never rebuilt from a list older than the sale.
 */
@Injectable()
export class CatalogCacheSubscriber implements OnModuleDestroy {
  private readonly logger = new Logger(CatalogCacheSubscriber.name);
  private readonly lists = new Throttle(
    () => this.dropLists(),
    LIST_REFRESH_MS,
    (err) => this.logger.warn(`list cache drop failed: ${(err as Error).message}`),
  );

  /** Products sold or released since the last list drop. */
  private stockChanged = new Set<number>();

  constructor(
    private readonly cache: ReadCache,
    private readonly events: DomainEvents,
  ) {}

  @OnEvent('product.changed')
  async productChanged({ productIds, reason }: DomainEventMap['product.changed']): Promise<void> {
    if (reason !== 'stock') return this.cache.invalidate(CATALOG_CACHE.root);
    for (const id of productIds) this.stockChanged.add(id);
    const drops = [...new Set(productIds)].map((id) => this.cache.invalidate(CATALOG_CACHE.product(id)));
    this.lists.request();
    await Promise.all(drops);
  }

  @OnEvent('catalog.changed')
  catalogChanged(): Promise<void> {
    return this.cache.invalidate(CATALOG_CACHE.root);
  }

  /** Resolves once no list drop is pending (tests; shutdown). */
  listsFresh(): Promise<void> {
    return this.lists.idle();
  }

  onModuleDestroy(): void {
    this.lists.stop();
  }

  private async dropLists(): Promise<void> {
    const productIds = [...this.stockChanged];
    this.stockChanged = new Set();
    await Promise.all(CATALOG_LIST_KEYS.map((key) => this.cache.invalidate(key)));
    if (productIds.length > 0) await this.events.publish('catalog.lists-refreshed', { productIds });
  }
}
