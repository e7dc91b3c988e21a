import type { DiscoveryService } from '@nestjs/core';
import { ImageUsageSource, type ImageRef } from '../../common/images/image-usage';
import type { Transactions } from '../../common/transactions/transactions';
import type { MediaStorage } from '../../integrations/storage/media-storage';
import type { AuditTrail } from '../audit/audit-trail.service';
import type { ImageLibraryItem } from './entities/image-library-item.entity';
import { ImagesService } from './images.service';

class FakeSource extends ImageUsageSource {
  readonly asked: ImageRef[] = [];
  constructor(
    private readonly direct: string[],
    private readonly html: string[],
  ) {
    super();
  }
  directUses(ref: ImageRef): Promise<string[]> {
    this.asked.push(ref);
    return Promise.resolve(this.direct);
  }
  htmlUses(): Promise<string[]> {
    return Promise.resolve(this.html);
  }
}

function service(instances: unknown[]): ImagesService {
  const discovery = { getProviders: () => instances.map((instance) => ({ instance })) } as unknown as DiscoveryService;
  return new ImagesService({} as Transactions, {} as MediaStorage, {} as AuditTrail, discovery);
}

const item = { url: '/media/library/2026/11/a.webp', thumb_url: '/media/library/2026/11/a_thumb.webp', storage_key: 'library/2026/11/a.webp' } as ImageLibraryItem;

describe('ImagesService.usages (the ImageUsageSource registry)', () => {
  it('asks every source once (aliases too), direct uses of all sources before uses inside HTML', async () => {
    const catalog = new FakeSource(['商品「A」'], ['商品內容「A」']);
    const content = new FakeSource(['輪播圖「B」'], ['文章「C」']);
    const images = service([catalog, { other: true }, content, catalog, null]);
    expect(await images.usages(item)).toEqual(['商品「A」', '輪播圖「B」', '商品內容「A」', '文章「C」']);
    expect(catalog.asked).toEqual([{ urls: [item.url, item.thumb_url], storageKey: item.storage_key }]);
  });

  it('no source, or none using the image: empty (the image may be deleted)', async () => {
    expect(await service([]).usages(item)).toEqual([]);
    expect(await service([new FakeSource([], [])]).usages(item)).toEqual([]);
  });
});
