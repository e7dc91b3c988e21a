import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStorage } from './local-disk-storage';
import { isSafeMediaKey } from './media-storage';

describe('LocalDiskStorage', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'media-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes, serves under /media and removes (a missing file is no error)', async () => {
    const s = new LocalDiskStorage(dir);
    await s.put('library/2026/11/a.webp', Buffer.from('x'), 'image/webp');
    expect(readFileSync(join(dir, 'library/2026/11/a.webp'), 'utf8')).toBe('x');
    expect(s.urlFor('library/2026/11/a.webp')).toBe('/media/library/2026/11/a.webp');
    await s.remove('library/2026/11/a.webp');
    await expect(s.remove('library/2026/11/a.webp')).resolves.toBeUndefined();
  });

  it('refuses keys that leave the media dir or are not plain', async () => {
    const s = new LocalDiskStorage(dir);
    for (const key of ['../x.webp', 'a/../../x.webp', '/etc/passwd', 'a//b.webp', 'A.webp', 'a\\b.webp', '.hidden', 'a/.git/x', '']) {
      expect(isSafeMediaKey(key)).toBe(false);
      await expect(s.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe media key/);
    }
    expect(isSafeMediaKey('library/2026/11/0a-b_c.webp')).toBe(true);
  });
});
