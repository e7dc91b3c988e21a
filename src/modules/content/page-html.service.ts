import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../common/events/domain-events';
import { Transactions } from '../../common/transactions/transactions';
import { HtmlPage } from './entities/html-page.entity';

/**
 * An HTML page's HTML (`html_pages.detail_html`, by `html_type`) for the `/editor` screen: read,
 * and written the way other content writes are (publishes `content.changed` with the page's
 * version key, so that content version is bumped and the cached content answers drop once the
 * caller's transaction commits). The caller sanitizes and audits; this joins its transaction.
 */
@Injectable()
export class PageHtmlService {
  constructor(
    private readonly tx: Transactions,
    private readonly events: DomainEvents,
  ) {}

  /** The page's id and HTML; `undefined` when no page has this html_type. */
  async pageHtml(htmlType: string): Promise<{ id: number; html: string | null } | undefined> {
    const row = await this.tx.repo(HtmlPage).findOne({ where: { html_type: htmlType }, select: { id: true, detail_html: true } });
    return row ? { id: row.id, html: row.detail_html } : undefined;
  }

  /** Replaces the page's HTML (already sanitized); `undefined` when no page has this html_type. */
  async setPageHtml(htmlType: string, html: string): Promise<{ id: number } | undefined> {
    const row = await this.tx.repo(HtmlPage).findOne({ where: { html_type: htmlType }, select: { id: true, version_page_type: true } });
    if (!row) return undefined;
    await this.tx.repo(HtmlPage).update({ id: row.id }, { detail_html: html });
    await this.events.publish('content.changed', { keys: [row.version_page_type] });
    return { id: row.id };
  }
}
