/**
 * Where uploaded media bytes live. The image library writes through this driver only, so the
 * local disk (default) can be swapped for an object store without touching the module.
 * Keys are relative, `/`-separated, made of [a-z0-9._/-] (the caller builds them; never user text).
 */
export abstract class MediaStorage {
  /** Stores `bytes` under `key` (replacing nothing: keys are unique). */
  abstract put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes `key`; a missing object is not an error. */
  abstract remove(key: string): Promise<void>;
  /** The public URL of `key` (site-relative `/media/…` for the local disk). */
  abstract urlFor(key: string): string;
}

/** A key the drivers accept: relative, no `..`, no empty segment, only [a-z0-9._-] per segment. */
export function isSafeMediaKey(key: string): boolean {
  return /^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)*$/.test(key) && !key.split('/').includes('..');
}
