import type { ImageLibraryItemView } from '@api/images';

/** A library image for the tests. */
export const libraryItem = (id: number, extra: Partial<ImageLibraryItemView> = {}): ImageLibraryItemView => ({
  id,
  name: `photo-${id}.jpg`,
  folder: '',
  url: `/media/library/img-${id}.webp`,
  thumbUrl: `/media/library/img-${id}_thumb.webp`,
  size: 20480 + id,
  width: 800,
  height: 600,
  created_at: '2026-11-01T08:00:00.000Z',
  ...extra,
});
