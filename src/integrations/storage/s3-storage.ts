import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { isSafeMediaKey, MediaStorage } from './media-storage';
import type { MediaStorageConfig } from './storage-config';

type S3Config = Extract<MediaStorageConfig, { driver: 's3' }>;

/**
 * Media in an S3-compatible bucket (AWS SDK v3). Objects are written with their content type and
 * a long cache lifetime (keys are unique, never rewritten); they are read by the public from
 * `publicUrl` (bucket website, CDN), which this driver does not configure.
 */
export class S3Storage extends MediaStorage {
  private readonly client: S3Client;

  constructor(
    private readonly config: S3Config,
    client?: S3Client,
  ) {
    super();
    this.client =
      client ??
      new S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      });
  }

  private objectKey(key: string): string {
    if (!isSafeMediaKey(key)) throw new Error(`unsafe media key: ${key}`);
    return this.config.prefix ? `${this.config.prefix}/${key}` : key;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
  }

  urlFor(key: string): string {
    return `${this.config.publicUrl}/${this.objectKey(key)}`;
  }
}
