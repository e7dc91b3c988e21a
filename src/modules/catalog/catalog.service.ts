import { cosmeticsOf } from './cosmetics';
import type { CosmeticsFields } from '../../common/api/compliance';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { CachedJson, ReadCache } from '../../common/cache/read-cache.service';
import { DomainEvents } from '../../common/events/domain-events';
import { sanitizeRichHtml } from '../../common/html/sanitize-html';
import { NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import type { LoadProductsAnswer, ProductDetailsAnswer, ProductPageAnswer } from '../../common/api/catalog';
import { CATALOG_CACHE } from './catalog-cache-keys';
import type { MediaView, ProductListItem, ProductPageDetails, ProductTypeView, VariantView } from './catalog.types';
import { Product } from './entities/product.entity';
import { ProductMedia } from './entities/product-media.entity';
import { ProductType } from './entities/product-type.entity';
import { ProductVariant } from './entities/product-variant.entity';
import { priceRange } from './price-range';
import { ProductViewsService } from './product-views.service';

export const PRODUCT_NOT_FOUND = '找不到商品';

/** What search-engine pages need beyond the list item: the SEO text and the last change. */
export interface ProductSeoEntry {
  product_id: number;
  seo_description: string;
  /** ISO 8601, UTC. */
  updated_at: string;
}

/** A product as checkout charges it: as stored now (no cache), listed or not, with every variant. */
export interface PurchasableProduct {
  product_id: number;
  title: string;
  image_url: string;
  /** Listed (products.is_active = 1). */
  listed: boolean;
  /** The product's type (category) id, as promotions scope by it; null when none. */
  product_type: number | null;
  variants: { variant_id: number; variant_name: string; discount_price: number; stock: number; active: boolean }[];
}

/** A row of `purchasable`'s SELECT (numbers may come back as strings or bigints, booleans as 0/1). */
interface PurchasableRow {
  id: number | string;
  title: string;
  image_url: string;
  listed: number | string | boolean;
  product_type: number | string | null;
  variant_id: number | string | null;
  variant_name: string | null;
  discount_price: number | string;
  quantity: number | string;
  active: number | string | boolean;
}

/**
 * Public catalogue reads: only listed products, prices computed from variants. Answers are
 * cached (ReadCache) and dropped by `CatalogCacheSubscriber` when `product.changed` or
 * `catalog.changed` is published.
 */
@Injectable()
export class CatalogService {
  constructor(
    @InjectRepository(Product) private readonly products: Repository<Product>,
    @InjectRepository(ProductVariant) private readonly variants: Repository<ProductVariant>,
    @InjectRepository(ProductMedia) private readonly media: Repository<ProductMedia>,
    @InjectRepository(ProductType) private readonly types: Repository<ProductType>,
    private readonly cache: ReadCache,
    private readonly views: ProductViewsService,
    private readonly events: DomainEvents,
  ) {}

  /** `GET /api/load/loadProducts`, cached and serialised once. */
  loadProducts(): Promise<CachedJson> {
    return this.cache.getJson(CATALOG_CACHE.list, async (): Promise<LoadProductsAnswer> => {
      const [products, productsTypes] = await Promise.all([this.listedProducts(), this.activeTypes()]);
      return ok({ products, productsTypes });
    });
  }

  /** The cached list, if filled (the fast path's read; a miss goes through loadProducts). */
  peekProducts(): CachedJson | undefined {
    return this.cache.peek<CachedJson>(CATALOG_CACHE.list);
  }

  /** The cached product page, if filled; a hit counts a view, like productPage. */
  peekProductPage(id: number): CachedJson | undefined {
    const cached = this.cache.peek<CachedJson>(CATALOG_CACHE.page(id));
    return cached && this.found(id, cached);
  }

  /** `POST /api/load/productDetails`: the popup's data. Counts a view. */
  async productDetails(id: number): Promise<CachedJson> {
    const cached = await this.cache.getJson(CATALOG_CACHE.details(id), async (): Promise<ProductDetailsAnswer> => {
      const p = await this.loadOne(id);
      if (!p) throw new NotFoundError(PRODUCT_NOT_FOUND);
      const { item, variants, media } = p;
      return ok({ ...item, seo_description: p.product.seo_description, Variants: variants, pMedias: media });
    });
    return this.found(id, cached);
  }

  /** `GET /api/load/productD/:id`: the product page. Counts a view. */
  async productPage(id: number): Promise<CachedJson> {
    const cached = await this.cache.getJson(CATALOG_CACHE.page(id), async (): Promise<ProductPageAnswer> => {
      const p = await this.loadOne(id);
      if (!p) throw new NotFoundError(PRODUCT_NOT_FOUND);
      const { product, item, variants, media } = p;
      const pDetails: ProductPageDetails = {
        cosmetics: cosmeticsOf(product),
        product_id: item.product_id,
        title: item.title,
        description: item.description,
        image_url: item.image_url,
        price: item.price,
        highest_price: item.highest_price,
        discount_price: item.discount_price,
        highest_discount: item.highest_discount,
        sold_quantity: item.sold_quantity,
        unit: item.unit,
        stock: item.stock,
        seo_description: product.seo_description,
        // Admin-authored HTML reaches shoppers only through the allowlist sanitizer.
        detail_html: sanitizeRichHtml(product.detail_html),
        spec_html: sanitizeRichHtml(product.spec_html),
        product_type: item.product_type,
        type_name: item.type_name,
        is_new: item.is_new,
        is_hot: item.is_hot,
        Variants: variants,
      };
      return ok({ pDetails, pMedias: media }, '');
    });
    return this.found(id, cached);
  }

  /** A product's cosmetics-law label fields (the SEO page's JSON-LD); null when there is no such product. */
  async cosmetics(id: number): Promise<CosmeticsFields | null> {
    const p = await this.products.findOne({
      where: { id },
      select: { id: true, registration_no: true, ingredients: true, volume: true, usage: true, warnings: true, shelf_life: true, origin: true, maker: true },
    });
    return p ? cosmeticsOf(p) : null;
  }

  /** Listed products with price ranges (the cached list, typed) for other modules. */
  listed(): Promise<ProductListItem[]> {
    return this.cache.getOrLoad(CATALOG_CACHE.listed, () => this.listedProducts());
  }

  /** SEO description and last change of every listed product (server-rendered heads, sitemap), cached. */
  seoEntries(): Promise<ProductSeoEntry[]> {
    return this.cache.getOrLoad(CATALOG_CACHE.seoEntries, async () => {
      const rows = await this.products.find({
        where: { is_active: 1 },
        select: { id: true, seo_description: true, updated_at: true },
        order: { id: 'ASC' },
      });
      return rows.map((p) => ({ product_id: p.id, seo_description: p.seo_description, updated_at: new Date(p.updated_at).toISOString() }));
    });
  }

  /**
   * Checkout's prices and names (issue 10): the products with these ids and their variants, read
   * from the database (never a cached answer). Unknown ids are left out. Stock here is advice:
   * `StockService.reserveStock` decides.
   */
  async purchasable(productIds: readonly number[]): Promise<PurchasableProduct[]> {
    const ids = [...new Set(productIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
    if (ids.length === 0) return [];
    // Every quote and order: one plain SELECT of the products with their variants (sorted as the
    // page shows them); a product without variants comes once, with none.
    const rows = (await this.products.manager.query(
      'SELECT p.id AS id, p.title AS title, p.image_url AS image_url, p.is_active AS listed, p.product_type AS product_type, ' +
        'v.id AS variant_id, v.variant_name AS variant_name, v.discount_price AS discount_price, v.quantity AS quantity, v.is_active AS active ' +
        'FROM products p LEFT JOIN product_variants v ON v.product_id = p.id ' +
        `WHERE p.id IN (${ids.map(() => '?').join(', ')}) ORDER BY p.id ASC, v.sort_order ASC, v.id ASC`,
      ids,
    )) as PurchasableRow[];
    const byId = new Map<number, PurchasableProduct>();
    for (const r of rows) {
      const id = Number(r.id);
      let product = byId.get(id);
      if (!product) {
        product = {
          product_id: id,
          title: r.title,
          image_url: r.image_url,
          listed: Number(r.listed) === 1,
          product_type: r.product_type === null ? null : Number(r.product_type),
          variants: [],
        };
        byId.set(id, product);
      }
      if (r.variant_id === null) continue;
      product.variants.push({
        variant_id: Number(r.variant_id),
        variant_name: r.variant_name ?? '',
        discount_price: Number(r.discount_price),
        stock: Math.max(0, Number(r.quantity)),
        active: Number(r.active) === 1,
      });
    }
    return [...byId.values()];
  }

  /**
   * Announces that the whole catalogue changed: publishes `catalog.changed` once the current
   * transaction commits (every cached catalogue answer is dropped, the home products' version
   * bumped); outside a transaction it resolves once that is done. Writers that know which
   * products changed publish `product.changed` instead.
   */
  async invalidate(): Promise<void> {
    await this.events.publish('catalog.changed', {});
  }

  private found(id: number, cached: CachedJson): CachedJson {
    this.views.record(id);
    return cached;
  }

  private async activeTypes(): Promise<ProductTypeView[]> {
    const rows = await this.types.find({ where: { is_active: 1 }, order: { sort_order: 'ASC', id: 'ASC' } });
    return rows.map((t) => ({ id: t.id, type_name: t.type_name }));
  }

  private async listedProducts(): Promise<ProductListItem[]> {
    const [products, types] = await Promise.all([
      this.products.find({ where: { is_active: 1 }, order: { manager_rank: 'DESC', id: 'ASC' } }),
      this.types.find(),
    ]);
    if (products.length === 0) return [];
    const variants = await this.variants.find({
      where: { product_id: In(products.map((p) => p.id)), is_active: 1 },
      order: { sort_order: 'ASC', id: 'ASC' },
    });
    const byProduct = groupBy(variants, (v) => v.product_id);
    const typeNames = new Map(types.map((t) => [t.id, t.type_name]));
    return products.map((p) => toListItem(p, (byProduct.get(p.id) ?? []).map(toVariantView), typeNames));
  }

  private async loadOne(id: number) {
    const product = await this.products.findOne({ where: { id, is_active: 1 } });
    if (!product) return undefined;
    const [variantRows, mediaRows, type] = await Promise.all([
      this.variants.find({ where: { product_id: id, is_active: 1 }, order: { sort_order: 'ASC', id: 'ASC' } }),
      this.media.find({ where: { product_id: id, is_active: 1 }, order: { ordering: 'ASC', id: 'ASC' } }),
      product.product_type ? this.types.findOne({ where: { id: product.product_type } }) : null,
    ]);
    const variants = variantRows.map(toVariantView);
    const typeNames = new Map(type ? [[type.id, type.type_name]] : []);
    const media: MediaView[] = mediaRows.map((m) => ({ media_url: m.media_url }));
    return { product, item: toListItem(product, variants, typeNames), variants, media };
  }
}

function toVariantView(v: ProductVariant): VariantView {
  return {
    variant_id: v.id,
    variant_name: v.variant_name,
    original_price: v.original_price,
    discount_price: v.discount_price,
    stock: Math.max(0, v.quantity),
  };
}

function toListItem(p: Product, variants: VariantView[], typeNames: Map<number, string>): ProductListItem {
  return {
    product_id: p.id,
    title: p.title,
    description: p.description,
    image_url: p.image_url,
    unit: p.unit,
    product_type: p.product_type,
    type_name: (p.product_type && typeNames.get(p.product_type)) || '',
    ...priceRange(variants),
    sold_quantity: p.sold_quantity,
    sales: p.sold_quantity,
    views: p.views_count,
    manager_rank: p.manager_rank,
    is_new: p.is_new,
    is_hot: p.is_hot,
    is_manager: p.is_manager,
  };
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
