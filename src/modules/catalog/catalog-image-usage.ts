import { Injectable } from '@nestjs/common';
import { htmlColumnUses, ImageUsageSource, urlColumnUses, type ImageRef, type UrlColumns } from '../../common/images/image-usage';
import { Transactions } from '../../common/transactions/transactions';

/** The catalogue's tables that may show a library image by URL. */
const URL_COLUMNS: readonly UrlColumns[] = [
  { table: 'products', columns: ['image_url'], label: '商品', title: 'title' },
  { table: 'product_media', columns: ['media_url'], label: '商品媒體' },
];

/** The catalogue's saved HTML that may embed one. */
const HTML_COLUMNS: readonly UrlColumns[] = [{ table: 'products', columns: ['detail_html', 'spec_html'], label: '商品內容', title: 'title' }];

/** Where the catalogue uses a library image (the image library's delete check). */
@Injectable()
export class CatalogImageUsage extends ImageUsageSource {
  constructor(private readonly tx: Transactions) {
    super();
  }

  directUses(ref: ImageRef): Promise<string[]> {
    return urlColumnUses(this.tx.manager, ref.urls, URL_COLUMNS);
  }

  htmlUses(ref: ImageRef): Promise<string[]> {
    return htmlColumnUses(this.tx.manager, ref.storageKey, HTML_COLUMNS);
  }
}
