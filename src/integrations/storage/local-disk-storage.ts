import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { isSafeMediaKey, MediaStorage } from './media-storage';

/**
 * Media on the local disk under MEDIA_DIR, served by the static handler at `/media`
 * (see http-setup.ts). Writes go to a temporary name first and are renamed into place, so a
 * reader never sees half a file.
 */
export class LocalDiskStorage extends MediaStorage {
  private readonly root: string;

  constructor(
    mediaDir: string,
    private readonly urlPrefix = '/media',
  ) {
    super();
    this.root = resolve(mediaDir);
  }

  private pathOf(key: string): string {
    if (!isSafeMediaKey(key)) throw new Error(`unsafe media key: ${key}`);
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`media key outside the media dir: ${key}`);
    return path;
  }

  async put(key: string, bytes: Buffer, _contentType?: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, bytes, { flag: 'wx' });
    await rename(tmp, path);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  urlFor(key: string): string {
    if (!isSafeMediaKey(key)) throw new Error(`unsafe media key: ${key}`);
    return `${this.urlPrefix}/${key}`;
  }
}
