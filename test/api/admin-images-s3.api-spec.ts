/**
 * The image library on an S3-compatible bucket (MEDIA_STORAGE=s3): the same upload and delete
 * through the AWS SDK against s3rver, a local S3-compatible server started here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { IMAGE_MSG } from '../../src/modules/images/image-texts';
import { mediaStorageConfigOf } from '../../src/integrations/storage/storage-config';
import { adminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';

jest.setTimeout(180_000);

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
// s3rver ships no type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (opts: Record<string, unknown>) => S3rverInstance;

describe('image library on S3-compatible storage', () => {
  let t: TestApp;
  let s3: S3rverInstance;
  let dir: string;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 's3rver-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'shop-media' }] });
    const { port } = await s3.run();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      ...isolatedEnv(),
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: base,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'shop-media',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PUBLIC_URL: `${base}/shop-media`,
      S3_PREFIX: 'media',
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uploads WebP and its thumbnail to the bucket, readable at S3_PUBLIC_URL, and deletes both', async () => {
    const editor = await adminSession(t, 'editor');
    const jpeg = await sharp({ create: { width: 500, height: 400, channels: 3, background: 'orange' } }).jpeg().toBuffer();
    const res = await editor.agent.post('/api/admin/images/upload').set('X-CSRF-Token', editor.csrf).attach('files', jpeg, 'cloud.jpg');
    expect(res.status).toBe(201);
    const item = res.body.items[0] as { id: number; url: string; thumbUrl: string; width: number };
    expect(item.url).toMatch(new RegExp(`^${base}/shop-media/media/library/.+\\.webp$`));
    expect(item.width).toBe(500);
    for (const url of [item.url, item.thumbUrl]) {
      const got = await fetch(url);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await got.arrayBuffer())).metadata()).format).toBe('webp');
    }
    const del = await editor.del(`/api/admin/images/${item.id}`);
    expect(del.body).toEqual({ success: true, message: IMAGE_MSG.deleted });
    for (const url of [item.url, item.thumbUrl]) expect((await fetch(url)).status).toBe(404);
  });

  it('refuses an S3 configuration without a bucket or a public URL', () => {
    expect(() => mediaStorageConfigOf({ MEDIA_STORAGE: 's3', S3_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(/S3_BUCKET/);
    expect(() => mediaStorageConfigOf({ MEDIA_STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(/S3_PUBLIC_URL/);
    expect(mediaStorageConfigOf({})).toEqual({ driver: 'local' });
  });
});
