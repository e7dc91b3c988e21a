import type { S3Client } from '@aws-sdk/client-s3';
import { isSafeMediaKey, MediaStorage } from './media-storage';
import type { MediaStorageConfig } from './storage-config';

type S3Config = Extract<MediaStorageConfig, { driver: 's3' }>;

/**
 * Media in an S3-compatible bucket (AWS SDK v3). Objects are written with their content type and
 * a long cache lifetime (keys are unique, never rewritten); they are read by the public from
 * `publicUrl` (bucket website, CDN), which this driver does not configure.
 *
 * The AWS SDK is loaded on the first upload or removal (not at start: ≈ 80 ms of a cold start; a
 * plain require: the server is CommonJS).
 */
export class S3Storage extends MediaStorage {
  private client?: Promise<S3Client>;

  constructor(
    private readonly config: S3Config,
    client?: S3Client,
  ) {
    super();
    if (client) this.client = Promise.resolve(client);
  }

  private async sdk() {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const sdk = require('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');
    const { region, endpoint, forcePathStyle, accessKeyId, secretAccessKey } = this.config;
    this.client ??= Promise.resolve(
      new sdk.S3Client({ region, endpoint, forcePathStyle, credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined }),
    );
    return { sdk, client: await this.client };
  }

  private objectKey(key: string): string {
    if (!isSafeMediaKey(key)) throw new Error(`unsafe media key: ${key}`);
    return this.config.prefix ? `${this.config.prefix}/${key}` : key;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.sdk();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async remove(key: string): Promise<void> {
    const { sdk, client } = await this.sdk();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
  }

  urlFor(key: string): string {
    return `${this.config.publicUrl}/${this.objectKey(key)}`;
  }
}
