import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../common/events/domain-events';
import { Transactions } from '../../common/transactions/transactions';
import { Product } from './entities/product.entity';

/**
 * A product's detail HTML (`products.detail_html`) for the `/editor` screen: read, and written the
 * way any product save is (publishes `product.changed` edit, so the cached public reads drop once
 * the caller's transaction commits). The caller sanitizes and audits; this joins its transaction.
 */
@Injectable()
export class ProductHtmlService {
  constructor(
    private readonly tx: Transactions,
    private readonly events: DomainEvents,
  ) {}

  /** The product's detail HTML (`null` when none was ever saved); `undefined` when there is no such product. */
  async detailHtml(productId: number): Promise<{ html: string | null } | undefined> {
    const row = await this.tx.repo(Product).findOne({ where: { id: productId }, select: { id: true, detail_html: true } });
    return row ? { html: row.detail_html } : undefined;
  }

  /** Replaces the product's detail HTML (already sanitized); false when there is no such product. */
  async setDetailHtml(productId: number, html: string): Promise<boolean> {
    const result = await this.tx.repo(Product).update({ id: productId }, { detail_html: html });
    if (!result.affected) return false;
    await this.events.publish('product.changed', { productIds: [productId], reason: 'edit' });
    return true;
  }
}
