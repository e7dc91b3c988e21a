import { cosmeticsOf, cosmeticsInput, cosmeticsAudit } from './cosmetics';
import { HttpStatus, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { In } from 'typeorm';
import type {
  AdminProductRow,
  AdminProductsAnswer,
  AdminProductTypesAnswer,
  CreateProductTypeAnswer,
  SaveProductAnswer,
} from '../../common/api/admin-catalog';
import type { Envelope } from '../../common/api/envelope';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { DomainEvents } from '../../common/events/domain-events';
import { ProductOrderHistory } from '../../common/orders/product-order-history';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { ADMIN_PRODUCTS_PAGE_SIZE, CATALOG_MSG, price, productProblems, wholeNumber } from '../../common/validation/admin-catalog';
import { AuditTrail } from '../audit/audit-trail.service';
import type { AdminProductsPageDto, ProductActiveDto, ProductTypeDto } from './dto/admin-catalog.dto';
import { lockForWrite } from '../../database/db-dialect';
import { Product } from './entities/product.entity';
import { ProductMedia } from './entities/product-media.entity';
import { ProductType } from './entities/product-type.entity';
import { ProductVariant } from './entities/product-variant.entity';
import { ClaimsService } from '../claims/claims.service';
import type { ClaimWarning } from '../../common/api/compliance';
import { COSMETICS_MSG, EMPTY_COSMETICS, cosmeticsErrors } from '../../common/validation/cosmetics-rules';

const flag = (v: unknown, dflt: number): number => (v === 1 || v === '1' || v === true ? 1 : v === 0 || v === '0' || v === false ? 0 : dflt);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
/** LIKE with `!` as the escape character (the same on MariaDB and SQLite, unlike a backslash). */
const escapeLike = (s: string) => s.replace(/[!%_]/g, (c) => `!${c}`);

/**
 * The back-office catalogue (spec 3 §5, §7; issue 12): products with their media and variants,
 * categories. Every write runs in one transaction, is audited, and publishes its domain event
 * (`product.changed` edit / `catalog.changed`) so the cached public reads drop at once.
 */
@Injectable()
export class AdminCatalogService {
  private orderHistory?: ProductOrderHistory;

  constructor(
    private readonly tx: Transactions,
    private readonly events: DomainEvents,
    private readonly audit: AuditTrail,
    private readonly moduleRef: ModuleRef,
    private readonly claims: ClaimsService,
  ) {}

  /** `productslist`: newest first, keyword on title (or the product id), category filter; page 10, ≤ 100. */
  async list(dto: AdminProductsPageDto): Promise<AdminProductsAnswer> {
    const qb = this.tx.repo(Product).createQueryBuilder('p');
    if (dto.product_type) qb.andWhere('p.product_type = :type', { type: dto.product_type });
    if (dto.searchKeyword) {
      const id = /^\d{1,9}$/.test(dto.searchKeyword) ? Number(dto.searchKeyword) : -1;
      qb.andWhere("(p.title LIKE :kw ESCAPE '!' OR p.id = :id)", { kw: `%${escapeLike(dto.searchKeyword)}%`, id });
    }
    const [rows, total] = await qb
      .orderBy('p.id', 'DESC')
      .take(dto.limit ?? ADMIN_PRODUCTS_PAGE_SIZE)
      .skip(dto.offset ?? 0)
      .getManyAndCount();
    const ids = rows.map((r) => r.id);
    const [variants, media, types] = ids.length
      ? await Promise.all([
          this.tx.repo(ProductVariant).find({ where: { product_id: In(ids), is_active: 1 }, order: { sort_order: 'ASC', id: 'ASC' } }),
          this.tx.repo(ProductMedia).find({ where: { product_id: In(ids) }, order: { ordering: 'ASC', id: 'ASC' } }),
          this.tx.repo(ProductType).find(),
        ])
      : [[], [], []];
    const typeName = new Map(types.map((t) => [t.id, t.type_name]));
    const products: AdminProductRow[] = rows.map((p) => {
      const vs = variants.filter((v) => v.product_id === p.id);
      return {
        cosmetics: cosmeticsOf(p),
        product_id: p.id,
        product_type: p.product_type,
        type_name: (p.product_type && typeName.get(p.product_type)) || '',
        unit: p.unit,
        title: p.title,
        description: p.description,
        image_url: p.image_url,
        stock: vs.reduce((s, v) => s + Math.max(0, Number(v.quantity)), 0),
        sold_quantity: p.sold_quantity,
        views_count: p.views_count,
        is_new: Number(p.is_new),
        is_hot: Number(p.is_hot),
        is_manager: Number(p.is_manager),
        is_active: Number(p.is_active),
        seo_description: p.seo_description,
        product_media: media
          .filter((m) => m.product_id === p.id)
          .map((m) => ({ id: m.id, media_url: m.media_url, ordering: m.ordering, is_active: Number(m.is_active) })),
        product_variants: vs.map((v) => ({
          id: v.id,
          variant_name: v.variant_name,
          quantity: Number(v.quantity),
          original_price: Number(v.original_price),
          discount_price: Number(v.discount_price),
        })),
      };
    });
    return ok({ products, total });
  }

  /**
   * `createOrUpdateProduct`: every rule at once (400 with `errors` and the first banner); edit when
   * `product_id` names a product. Variants keep their ids (carts and orders refer to them); a variant
   * left out of an edit is deactivated, not deleted. Media rows are replaced. 已售數量 and 觀看數 are the
   * shop's own counts (docs/decisions/0057-real-social-proof.md): a body's values are ignored. A variant
   * whose stock goes from 0 to above 0 publishes `stock.restocked` (貨到通知) in the transaction.
   * The answer carries `warnings` (spec 4 §4, §5; [] when none): a listed product without a
   * 化粧品產品登錄編號 and each claims-list phrase in its texts; they never stop the save.
   */
  async save(admin: SessionAdmin, input: Record<string, unknown>): Promise<SaveProductAnswer> {
    // The shop's own counts: whatever a form or a file says is not taken (read-only on the screen).
    const { sold_quantity: _sold, views_count: _views, ...body } = input;
    // The cosmetics law's label fields (issue 22 §5): a nested `cosmetics` object; absent (older
    // clients, files without the columns) keeps the stored values, a key left out of it too.
    const cosmetics = cosmeticsInput(body.cosmetics);
    const problems = [
      ...productProblems(body),
      ...(cosmetics === 'invalid' ? [{ field: 'cosmetics', message: CATALOG_MSG.checkFields }] : cosmeticsErrors(cosmetics).map((e) => ({ field: `cosmetics.${e.field}`, message: e.message }))),
    ];
    if (problems.length > 0 || cosmetics === 'invalid') throw new AppError(CATALOG_MSG.checkFields, HttpStatus.BAD_REQUEST, { errors: problems });
    const productId = wholeNumber(body.product_id ?? body.id ?? 0) ?? 0;

    const result = await this.tx.run(async () => {
      const type = await this.tx.repo(ProductType).findOne({ where: { id: wholeNumber(body.product_type)! } });
      if (!type) throw new AppError(CATALOG_MSG.checkFields, HttpStatus.BAD_REQUEST, { errors: [{ field: 'product_type', message: CATALOG_MSG.productType }] });
      const existing = productId > 0 ? await this.tx.repo(Product).findOne({ where: { id: productId } }) : null;
      if (productId > 0 && !existing) throw new NotFoundError(CATALOG_MSG.productNotFound);

      const fields = {
        product_type: type.id,
        title: str(body.title),
        description: str(body.description),
        unit: str(body.unit),
        image_url: str(body.image_url),
        seo_description: String(body.seo_description).trim(),
        is_new: flag(body.is_new, existing ? Number(existing.is_new) : 1),
        is_hot: flag(body.is_hot, existing ? Number(existing.is_hot) : 0),
        is_manager: flag(body.is_manager, existing ? Number(existing.is_manager) : 0),
        is_active: flag(body.is_active, existing ? Number(existing.is_active) : 1),
        ...(existing ? {} : EMPTY_COSMETICS),
        ...cosmetics,
      };
      let pid: number;
      if (existing) {
        await this.tx.repo(Product).update({ id: existing.id }, fields);
        pid = existing.id;
      } else {
        pid = (await this.tx.repo(Product).insert(fields)).identifiers[0].id as number;
      }

      await this.tx.repo(ProductMedia).delete({ product_id: pid });
      const media = (body.product_media as Array<Record<string, unknown>>).map((m) => ({
        product_id: pid,
        media_url: str(m.media_url),
        ordering: wholeNumber(m.ordering)!,
        is_active: flag(m.is_active, 1),
      }));
      await this.tx.repo(ProductMedia).insert(media);

      // Locked (MariaDB FOR UPDATE): the stock read here is the one the edit replaces, so a 0 → above 0 is exact under concurrent sales.
      const current = existing
        ? await lockForWrite(this.tx.repo(ProductVariant).createQueryBuilder('v').where('v.product_id = :pid', { pid }).orderBy('v.id', 'ASC')).getMany()
        : [];
      const restocked: number[] = [];
      const kept = new Set<number>();
      const rows = body.product_variants as Array<Record<string, unknown>>;
      for (const [i, v] of rows.entries()) {
        const values = {
          variant_name: str(v.variant_name),
          quantity: wholeNumber(v.quantity)!,
          original_price: price(v.original_price)!,
          discount_price: price(v.discount_price)!,
          sort_order: i,
          is_active: 1,
        };
        const vid = wholeNumber(v.id ?? v.variant_id ?? 0) ?? 0;
        const match = current.find((c) => c.id === vid && !kept.has(c.id));
        if (match) {
          kept.add(match.id);
          if (Number(match.quantity) <= 0 && values.quantity > 0) restocked.push(match.id);
          await this.tx.repo(ProductVariant).update({ id: match.id }, values);
        } else {
          await this.tx.repo(ProductVariant).insert({ product_id: pid, ...values });
        }
      }
      const dropped = current.filter((c) => !kept.has(c.id) && Number(c.is_active) === 1).map((c) => c.id);
      if (dropped.length) await this.tx.repo(ProductVariant).update({ id: In(dropped) }, { is_active: 0 });

      await this.audit.record({
        admin,
        action: existing ? 'product.update' : 'product.create',
        entity: 'product',
        entityId: pid,
        before: existing ? cosmeticsAudit(pick(existing, Object.keys(fields))) : {},
        after: { ...cosmeticsAudit(fields), variants: rows.length, media: media.length },
        summary: `${existing ? '更新' : '新增'}商品 ${fields.title}`.slice(0, 255),
      });
      await this.events.publish('product.changed', { productIds: [pid], reason: 'edit' });
      if (restocked.length) await this.events.publish('stock.restocked', { variantIds: restocked });
      return { pid, saved: { ...(existing ? cosmeticsOf(existing) : {}), ...fields } };
    });
    return ok({ product_id: result.pid, warnings: await this.warnings(result.saved) }, CATALOG_MSG.saved);
  }

  /**
   * What staff are told after a save (spec 4 §4, §5), the save done: a listed product without a
   * 化粧品產品登錄編號, then each claims-list phrase found in the product's texts.
   */
  private async warnings(p: { is_active: number; registration_no?: string; title: string; description: string; seo_description: string; usage?: string | null; warnings?: string | null }): Promise<ClaimWarning[]> {
    const missing: ClaimWarning[] = Number(p.is_active) === 1 && !p.registration_no ? [{ field: 'registration_no', phrase: '', reason: COSMETICS_MSG.registrationMissing }] : [];
    const claims = await this.claims.check({ title: p.title, description: p.description, seo_description: p.seo_description, usage: p.usage, warnings: p.warnings });
    return [...missing, ...claims];
  }

  /** `products/isActive`: list (1) or delist (0). */
  async setActive(admin: SessionAdmin, dto: ProductActiveDto): Promise<Envelope> {
    await this.tx.run(async () => {
      const p = await this.tx.repo(Product).findOne({ where: { id: dto.product_id } });
      if (!p) throw new NotFoundError(CATALOG_MSG.productNotFound);
      await this.tx.repo(Product).update({ id: p.id }, { is_active: dto.is_active });
      await this.audit.record({
        admin,
        action: 'product.set-active',
        entity: 'product',
        entityId: p.id,
        before: { is_active: Number(p.is_active) },
        after: { is_active: dto.is_active },
        summary: `${dto.is_active ? '上架' : '下架'}商品 ${p.title}`.slice(0, 255),
      });
      await this.events.publish('product.changed', { productIds: [p.id], reason: 'edit' });
    });
    return ok({}, CATALOG_MSG.updated);
  }

  /**
   * `DELETE products/{id}`: a product never ordered is deleted with its media and variants; one that
   * was ever ordered is delisted and kept (hidden; order items keep their snapshot).
   */
  async remove(admin: SessionAdmin, id: number): Promise<Envelope<{ hidden: boolean }>> {
    const hidden = await this.tx.run(async () => {
      const p = await this.tx.repo(Product).findOne({ where: { id } });
      if (!p) throw new NotFoundError(CATALOG_MSG.productNotFound);
      // The orders module answers (in this transaction): has any order item ever named this product?
      const ordered = await this.everOrdered(id);
      if (ordered) {
        await this.tx.repo(Product).update({ id }, { is_active: 0 });
      } else {
        await this.tx.repo(ProductMedia).delete({ product_id: id });
        await this.tx.repo(ProductVariant).delete({ product_id: id });
        await this.tx.repo(Product).delete({ id });
      }
      await this.audit.record({
        admin,
        action: ordered ? 'product.hide' : 'product.delete',
        entity: 'product',
        entityId: id,
        before: { title: p.title, is_active: Number(p.is_active) },
        after: ordered ? { is_active: 0 } : {},
        summary: `${ordered ? '隱藏' : '刪除'}商品 ${p.title}`.slice(0, 255),
      });
      await this.events.publish('product.changed', { productIds: [id], reason: 'edit' });
      return ordered;
    });
    return ok({ hidden }, hidden ? CATALOG_MSG.hiddenInstead : CATALOG_MSG.deleted);
  }

  /**
   * The orders module's `ProductOrderHistory`, found at run time (it imports this module, so this
   * one cannot import it back). Missing (no process runs without it today): treated as ordered, so
   * a delete hides the product instead of losing one that order items still name.
   */
  private async everOrdered(productId: number): Promise<boolean> {
    if (!this.orderHistory) {
      try {
        this.orderHistory = this.moduleRef.get(ProductOrderHistory, { strict: false });
      } catch {
        return true;
      }
    }
    return this.orderHistory.productEverOrdered(productId);
  }

  /** `loadproducttypes`: every category (inactive ones too) with its product count. */
  async types(): Promise<AdminProductTypesAnswer> {
    const [types, counts] = await Promise.all([
      this.tx.repo(ProductType).find({ order: { sort_order: 'ASC', id: 'ASC' } }),
      this.tx
        .repo(Product)
        .createQueryBuilder('p')
        .select('p.product_type', 'type')
        .addSelect('COUNT(*)', 'n')
        .where('p.product_type IS NOT NULL')
        .groupBy('p.product_type')
        .getRawMany<{ type: number; n: number | string }>(),
    ]);
    const count = new Map(counts.map((c) => [Number(c.type), Number(c.n)]));
    return ok({
      productTypes: types.map((t) => ({ id: t.id, type_name: t.type_name, is_active: Number(t.is_active), product_count: count.get(t.id) ?? 0 })),
    });
  }

  async createType(admin: SessionAdmin, dto: ProductTypeDto): Promise<CreateProductTypeAnswer> {
    const newid = await this.tx.run(async () => {
      const fields = { type_name: dto.type_name, is_active: dto.is_active ?? 1 };
      const id = (await this.tx.repo(ProductType).insert(fields)).identifiers[0].id as number;
      await this.audit.record({ admin, action: 'product-type.create', entity: 'product_type', entityId: id, after: fields, summary: `新增類別 ${dto.type_name}` });
      await this.events.publish('catalog.changed', {});
      return id;
    });
    return ok({ newid }, CATALOG_MSG.saved);
  }

  async updateType(admin: SessionAdmin, id: number, dto: ProductTypeDto): Promise<Envelope> {
    await this.tx.run(async () => {
      const t = await this.tx.repo(ProductType).findOne({ where: { id } });
      if (!t) throw new NotFoundError(CATALOG_MSG.typeNotFound);
      const fields = { type_name: dto.type_name, is_active: dto.is_active ?? Number(t.is_active) };
      await this.tx.repo(ProductType).update({ id }, fields);
      await this.audit.record({
        admin,
        action: 'product-type.update',
        entity: 'product_type',
        entityId: id,
        before: { type_name: t.type_name, is_active: Number(t.is_active) },
        after: fields,
        summary: `更新類別 ${dto.type_name}`,
      });
      await this.events.publish('catalog.changed', {});
    });
    return ok({}, CATALOG_MSG.updated);
  }

  /** A category that still has products (hidden ones too) is kept: 類別仍有商品，無法刪除. */
  async deleteType(admin: SessionAdmin, id: number): Promise<Envelope> {
    await this.tx.run(async () => {
      const t = await this.tx.repo(ProductType).findOne({ where: { id } });
      if (!t) throw new NotFoundError(CATALOG_MSG.typeNotFound);
      if ((await this.tx.repo(Product).count({ where: { product_type: id } })) > 0) throw new AppError(CATALOG_MSG.typeHasProducts, HttpStatus.CONFLICT);
      await this.tx.repo(ProductType).delete({ id });
      await this.audit.record({ admin, action: 'product-type.delete', entity: 'product_type', entityId: id, before: { type_name: t.type_name }, summary: `刪除類別 ${t.type_name}` });
      await this.events.publish('catalog.changed', {});
    });
    return ok({}, CATALOG_MSG.deleted);
  }
}

function pick(o: object, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = (o as Record<string, unknown>)[k];
  return out;
}
