import { Injectable } from '@nestjs/common';
import { htmlColumnUses, ImageUsageSource, urlColumnUses, type ImageRef, type UrlColumns } from '../../common/images/image-usage';
import { Transactions } from '../../common/transactions/transactions';

/** The content tables that may show a library image by URL. */
const URL_COLUMNS: readonly UrlColumns[] = [
  { table: 'home_carousel_banners', columns: ['image_url', 'phone_url'], label: '輪播圖', title: 'ctitle' },
  { table: 'home_beautician_endorsements', columns: ['image_url'], label: '美容師推薦' },
  { table: 'home_user_testimonials', columns: ['image_url'], label: '用戶見證' },
  { table: 'home_certificates', columns: ['image_url'], label: '證書', title: 'title' },
  { table: 'posters', columns: ['cover_image'], label: '海報', title: 'title' },
  { table: 'html_images', columns: ['image_url'], label: '文章圖片', title: 'title' },
];

/** The content's saved HTML that may embed one. */
const HTML_COLUMNS: readonly UrlColumns[] = [
  { table: 'html_pages', columns: ['detail_html'], label: '文章', title: 'title' },
  { table: 'posters', columns: ['content'], label: '海報內容', title: 'title' },
];

/** Where the home page, HTML pages and posters use a library image (the image library's delete check). */
@Injectable()
export class ContentImageUsage extends ImageUsageSource {
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
