import { loadJson, saveJson } from './storage';

/**
 * Version-based caching of content (spec 1 §4): the client keeps each content copy with the
 * version it came with, sends that version, and reuses the copy while the server answers
 * "not updated". Copies live in localStorage under `skinshop.content.<key>`.
 */
export interface Versioned<T> {
  version: string;
  data: T;
}

export const CONTENT_STORAGE_PREFIX = 'skinshop.content.';

/** A stored copy, or undefined when none is stored or it fails `isData` (older or damaged copy). */
export function readVersioned<T>(key: string, isData: (d: unknown) => d is T): Versioned<T> | undefined {
  const raw = loadJson<unknown>(CONTENT_STORAGE_PREFIX + key);
  if (!raw || typeof raw !== 'object') return undefined;
  const { version, data } = raw as Partial<Versioned<unknown>>;
  return typeof version === 'string' && version !== '' && isData(data) ? { version, data } : undefined;
}

export function writeVersioned<T>(key: string, entry: Versioned<T>): void {
  saveJson(CONTENT_STORAGE_PREFIX + key, entry);
}

/**
 * The copy to show after the server answered. Updated (or nothing stored): the fresh content
 * with the server's version; otherwise the stored copy. Undefined only when the server says
 * "not updated" and nothing is stored, which the caller answers by asking again without a version.
 */
export function resolveVersioned<T>(
  stored: Versioned<T> | undefined,
  isUpdated: boolean,
  serverVersion: string,
  fresh: () => T,
): { entry: Versioned<T>; changed: boolean } | undefined {
  if (isUpdated) return { entry: { version: serverVersion, data: fresh() }, changed: true };
  return stored ? { entry: stored, changed: false } : undefined;
}

// Shape checks for stored copies.
export const isString = (d: unknown): d is string => typeof d === 'string';
export const isObject = (d: unknown): d is Record<string, unknown> => !!d && typeof d === 'object' && !Array.isArray(d);
export const isArrayOf =
  <T>(item: (x: unknown) => boolean) =>
  (d: unknown): d is T[] =>
    Array.isArray(d) && d.every(item);
