/** Where the image library keeps its files (MEDIA_STORAGE and S3_*). */
export type MediaStorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      /** An S3-compatible endpoint (MinIO, R2, …); unset: AWS itself for the region. */
      endpoint?: string;
      region: string;
      bucket: string;
      /** Unset: the SDK's default credential chain (instance role, AWS_* variables). */
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
      /** The public URL objects are read from (bucket website or CDN), without a trailing slash. */
      publicUrl: string;
      /** Key prefix inside the bucket ('' or e.g. `media`). */
      prefix: string;
    };

export interface MediaStorageEnv {
  MEDIA_STORAGE?: string;
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: string;
  S3_PUBLIC_URL?: string;
  S3_PREFIX?: string;
}

/** The storage configuration; MEDIA_STORAGE=s3 needs S3_BUCKET and S3_PUBLIC_URL. */
export function mediaStorageConfigOf(env: MediaStorageEnv): MediaStorageConfig {
  if ((env.MEDIA_STORAGE ?? 'local') !== 's3') return { driver: 'local' };
  if (!env.S3_BUCKET) throw new Error('MEDIA_STORAGE=s3 needs S3_BUCKET');
  if (!env.S3_PUBLIC_URL || !/^https?:\/\//.test(env.S3_PUBLIC_URL)) throw new Error('MEDIA_STORAGE=s3 needs S3_PUBLIC_URL (http(s)://…, where the objects are read from)');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return {
    driver: 's3',
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: (env.S3_FORCE_PATH_STYLE ?? (env.S3_ENDPOINT ? 'true' : 'false')) === 'true',
    publicUrl: env.S3_PUBLIC_URL.replace(/\/+$/, ''),
    prefix: (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, ''),
  };
}
