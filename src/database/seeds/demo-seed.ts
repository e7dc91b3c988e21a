/**
 * Demo data: a believable zh-TW skincare shop. `seedDemo` fills an empty database (no
 * products) and does nothing otherwise; `resetAndSeed` (npm run seed) wipes every
 * table first. Inserts are batched in one transaction; images are SVG files written
 * under `<mediaDir>/demo/` and served at /media/demo/.
 */
import { argon2id, hash } from 'argon2';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { DataSource, EntityManager } from 'typeorm';
import { Admin } from '../../modules/staff/entities/admin.entity';
import { Product } from '../../modules/catalog/entities/product.entity';
import { ProductMedia } from '../../modules/catalog/entities/product-media.entity';
import { ProductType } from '../../modules/catalog/entities/product-type.entity';
import { ProductVariant } from '../../modules/catalog/entities/product-variant.entity';
import { HomeBeauticianEndorsement } from '../../modules/content/entities/home-beautician-endorsement.entity';
import { HomeCarouselBanner } from '../../modules/content/entities/home-carousel-banner.entity';
import { HomeCertificate } from '../../modules/content/entities/home-certificate.entity';
import { HomeUserTestimonial } from '../../modules/content/entities/home-user-testimonial.entity';
import { HtmlImage } from '../../modules/content/entities/html-image.entity';
import { HtmlPage } from '../../modules/content/entities/html-page.entity';
import { Poster } from '../../modules/content/entities/poster.entity';
import { Promotion } from '../../modules/promotions/entities/promotion.entity';
import { PAYMENT_STATE_CODE } from '../../modules/orders/order-lifecycle';
import { buildCatalog } from './demo-catalog';
import { buildContent } from './demo-content';
import { writeDemoMedia } from './demo-images';
import { DEMO_PAGES } from './demo-pages';
import { buildPromotions } from './demo-promotions';
import { seedDemoRewards } from './demo-rewards';
import { seedDemoReviews } from './demo-reviews';
import { shippingIconFiles } from './reference-data';
import { seedReferenceRows } from './reference-seed';
import { insertIfEmpty, insertMissing, insertRows } from './seed-utils';

export interface SeedOptions {
  /** Where /media is served from (default var/media); images go to `<mediaDir>/demo/`. */
  mediaDir?: string;
  /** Password of the demo `admin` owner (default: env ADMIN_INITIAL_PASSWORD, else a random one). */
  adminPassword?: string;
  /** Told the random password when one was generated and the `admin` account created with it (print it once). */
  onGeneratedAdminPassword?: (username: string, password: string) => void;
  /** Seed the demo promotions too (default true; the API tests turn them off: SEED_DEMO_PROMOTIONS). */
  promotions?: boolean;
  /**
   * Seed the demo buyers' delivered orders and reviews (demo-reviews.ts). Default: as `promotions`
   * — the shop's activity, which the API tests turn off together (SEED_DEMO_PROMOTIONS=false), so
   * their orders, members and ratings start from nothing.
   */
  reviews?: boolean;
}

export interface SeedSummary {
  productTypes: number;
  products: number;
  variants: number;
  media: number;
  banners: number;
  endorsements: number;
  testimonials: number;
  certificates: number;
  htmlPages: number;
  htmlImages: number;
  posters: number;
  promotions: number;
  /** Demo buyers, their delivered orders and the reviews written (issue 21). */
  reviews: number;
  /** Products with 已售出 counted from the seeded paid orders (ADR 57). */
  sold: number;
  images: number;
  admin: string;
  /** The random password the `admin` account was created with (none given); undefined otherwise. */
  generatedAdminPassword?: string;
}

export const DEMO_ADMIN_USERNAME = 'admin';

/** argon2id with the OWASP-recommended minimum (m=19 MiB, t=2, p=1). */
export const hashPassword = (plain: string) => hash(plain, { type: argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });

/** Deletes every entity table, children before parents (foreign keys stay on). */
export async function clearAllTables(m: EntityManager): Promise<void> {
  const metas = m.connection.entityMetadatas;
  const done = new Set<string>();
  const order: string[] = [];
  // A table may go once no remaining table references it.
  while (order.length < metas.length) {
    const next = metas.find(
      (meta) =>
        !done.has(meta.tableName) &&
        !metas.some((o) => !done.has(o.tableName) && o !== meta && o.foreignKeys.some((fk) => fk.referencedEntityMetadata.tableName === meta.tableName)),
    );
    if (!next) throw new Error('circular foreign keys: cannot order the tables for deletion');
    done.add(next.tableName);
    order.push(next.tableName);
  }
  for (const table of order) await m.query(`DELETE FROM ${m.connection.driver.escape(table)}`);
}

interface Prepared {
  promotions: boolean;
  reviews: boolean;
  catalog: ReturnType<typeof buildCatalog>['rows'];
  content: ReturnType<typeof buildContent>['rows'];
  adminHash: string;
  /** Set when no password was given: the random one. */
  generatedPassword?: string;
  images: number;
}

/** Builds the rows, writes the image files and hashes the admin password (all outside the transaction). */
async function prepare(opts: SeedOptions): Promise<Prepared> {
  const { rows: catalog, files: catalogFiles } = buildCatalog();
  const { rows: content, files: contentFiles } = buildContent();
  const files = new Map([...catalogFiles, ...contentFiles, ...shippingIconFiles()]);
  const images = writeDemoMedia(resolve(opts.mediaDir ?? 'var/media'), files);
  const given = opts.adminPassword || process.env.ADMIN_INITIAL_PASSWORD;
  const password = given || randomBytes(12).toString('base64url');
  return { promotions: opts.promotions !== false, reviews: opts.reviews ?? opts.promotions !== false, catalog, content, adminHash: await hashPassword(password), generatedPassword: given ? undefined : password, images };
}

async function insertDemo(m: EntityManager, p: Prepared): Promise<SeedSummary> {
  await seedReferenceRows(m);
  const { catalog, content } = p;
  await insertMissing(m, ProductType, catalog.types, ['id']);
  await insertRows(m, Product, catalog.products, 50);
  await insertRows(m, ProductVariant, catalog.variants);
  await insertRows(m, ProductMedia, catalog.media);
  const summary: SeedSummary = {
    productTypes: catalog.types.length,
    products: catalog.products.length,
    variants: catalog.variants.length,
    media: catalog.media.length,
    banners: await insertIfEmpty(m, HomeCarouselBanner, content.banners),
    endorsements: await insertIfEmpty(m, HomeBeauticianEndorsement, content.endorsements),
    testimonials: await insertIfEmpty(m, HomeUserTestimonial, content.testimonials),
    certificates: await insertIfEmpty(m, HomeCertificate, content.certificates),
    htmlPages: await insertMissing(m, HtmlPage, DEMO_PAGES, ['html_type']),
    htmlImages: await insertMissing(m, HtmlImage, content.htmlImages, ['version_page_type', 'image_type']),
    posters: await insertIfEmpty(m, Poster, content.posters),
    promotions: p.promotions ? await insertMissing(m, Promotion, buildPromotions(await variantIds(m)), ['name']) : 0,
    reviews: p.reviews ? (await seedDemoReviews(m)).reviews : 0,
    sold: await countSold(m),
    images: p.images,
    admin: DEMO_ADMIN_USERNAME,
  };
  const created = await insertMissing(
    m,
    Admin,
    [{ username: DEMO_ADMIN_USERNAME, password_hash: p.adminHash, display_name: '系統管理員', role: 'owner', is_active: 1 }],
    ['username'],
  );
  if (created && p.generatedPassword) summary.generatedAdminPassword = p.generatedPassword;
  // Demo members with 購物金 and the default tiers (issue 21).
  await seedDemoRewards(m);
  return summary;
}

/**
 * 已售出 as the shop counts it (ADR 57): units of the paid orders' item and add-on lines (not NT$ 0
 * gifts), here the demo buyers' orders; answers how many products have sales.
 */
async function countSold(m: EntityManager): Promise<number> {
  await m.query(
    `UPDATE products SET sold_quantity = (
       SELECT COALESCE(SUM(oi.quantity), 0) FROM order_items oi JOIN orders o ON o.id = oi.order_id
       WHERE oi.product_id = products.id AND o.payment_status = ? AND oi.line_kind <> 'gift')`,
    [PAYMENT_STATE_CODE.paid],
  );
  const [row] = (await m.query('SELECT COUNT(*) AS n FROM products WHERE sold_quantity > 0')) as { n: number | string }[];
  return Number(row.n);
}

/** `(product title, variant name) → id` of the seeded variants (the database numbers them). */
async function variantIds(m: EntityManager): Promise<(title: string, variantName: string) => number> {
  const rows: { id: number | string; title: string; variant_name: string }[] = await m
    .createQueryBuilder(ProductVariant, 'v')
    .innerJoin(Product, 'p', 'p.id = v.product_id')
    .select('v.id', 'id')
    .addSelect('p.title', 'title')
    .addSelect('v.variant_name', 'variant_name')
    .getRawMany();
  const ids = new Map(rows.map((r) => [`${r.title}\u0000${r.variant_name}`, Number(r.id)]));
  return (title, variantName) => {
    const id = ids.get(`${title}\u0000${variantName}`);
    if (id === undefined) throw new Error(`demo seed: no variant 「${title}（${variantName}）」`);
    return id;
  };
}

/**
 * Seeds the demo shop when the database has no products; returns whether it did.
 * Rows an admin already created (settings, pages, …) are kept, missing ones added.
 */
export async function seedDemo(ds: DataSource, opts: SeedOptions = {}): Promise<boolean> {
  if ((await ds.getRepository(Product).count()) > 0) return false;
  const prepared = await prepare(opts);
  const summary = await ds.transaction(async (m) => {
    if ((await m.count(Product)) > 0) return null; // seeded concurrently
    return insertDemo(m, prepared);
  });
  if (summary?.generatedAdminPassword) opts.onGeneratedAdminPassword?.(summary.admin, summary.generatedAdminPassword);
  return summary !== null;
}

/** `npm run seed`: deletes all data (every entity table) and seeds the demo shop. */
export async function resetAndSeed(ds: DataSource, opts: SeedOptions = {}): Promise<SeedSummary> {
  const prepared = await prepare(opts);
  return ds.transaction(async (m) => {
    await clearAllTables(m);
    return insertDemo(m, prepared);
  });
}
