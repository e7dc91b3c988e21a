import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { safeEqual } from '../../common/crypto/safe-equal';

/**
 * PAYUNi envelope crypto (PROVIDERS.md §1): PHP `http_build_query` serialisation,
 * EncryptInfo (AES-256-GCM, key = HashKey, nonce = HashIV 16 bytes, no AAD, 16-byte tag,
 * `hex(base64(ct) + ":::" + base64(tag))`) and HashInfo (upper-case SHA-256 of
 * HashKey + EncryptInfo + HashIV). Shared by the client and the simulator.
 */

/** A value `http_build_query` can serialise: scalars, arrays and nested records. */
export type QueryValue = string | number | boolean | null | undefined | QueryValue[] | { [key: string]: QueryValue };
export type QueryRecord = { [key: string]: QueryValue };

/** Parsed query: strings, with `a[0][b]` keys rebuilt into nested records (numeric keys stay record keys). */
export type ParsedQuery = { [key: string]: string | ParsedQuery };

export class PayuniCryptoError extends Error {
  override readonly name = 'PayuniCryptoError';
}

/** PHP `urlencode` (RFC 1738 as `http_build_query` uses it): space as `+`, only `-_.` and alphanumerics kept. */
export function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, '+');
}

function scalar(value: string | number | boolean): string {
  // PHP: true -> "1", false -> "0" (http_build_query turns false into 0).
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/**
 * PHP `http_build_query($data)` with the default `&` separator and PHP_QUERY_RFC1738:
 * null/undefined members are skipped, arrays and records nest as `a[0][b]` (brackets encoded).
 */
export function httpBuildQuery(data: QueryRecord): string {
  const parts: string[] = [];
  const walk = (prefix: string, value: QueryValue): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((v, i) => walk(`${prefix}[${i}]`, v));
      return;
    }
    if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(`${prefix}[${k}]`, v);
      return;
    }
    parts.push(`${phpUrlencode(prefix)}=${phpUrlencode(scalar(value))}`);
  };
  for (const [k, v] of Object.entries(data)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'object') {
      const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
      for (const [ck, cv] of entries) walk(`${k}[${ck}]`, cv);
    } else {
      parts.push(`${phpUrlencode(k)}=${phpUrlencode(scalar(v))}`);
    }
  }
  return parts.join('&');
}

function phpUrldecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    throw new PayuniCryptoError('Malformed percent-encoding in query string');
  }
}

/**
 * PHP `parse_str`: `+` is a space, `a[0][b]=x` becomes `{ a: { '0': { b: 'x' } } }`,
 * `a[]=x` appends. Later duplicates of a plain key win.
 */
export function parseQuery(query: string): ParsedQuery {
  const out: ParsedQuery = Object.create(null) as ParsedQuery;
  if (!query) return out;
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = phpUrldecode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : phpUrldecode(pair.slice(eq + 1));
    const m = /^([^[]+)((?:\[[^\]]*\])*)/.exec(rawKey);
    const base = m ? m[1] : rawKey;
    const path = m && m[2] ? [...m[2].matchAll(/\[([^\]]*)\]/g)].map((x) => x[1]) : [];
    if (path.length === 0) {
      out[base] = value;
      continue;
    }
    let node = out;
    const keys = [base, ...path];
    for (let i = 0; i < keys.length; i++) {
      let key = keys[i];
      if (key === '' && i > 0) key = String(Object.keys(node).length);
      if (key === '__proto__') break;
      if (i === keys.length - 1) {
        node[key] = value;
      } else {
        const next = node[key];
        if (typeof next !== 'object') node[key] = Object.create(null) as ParsedQuery;
        node = node[key] as ParsedQuery;
      }
    }
  }
  return out;
}

/** Checks key (32 bytes) and IV (16 bytes) lengths; throws a PayuniCryptoError naming the wrong one. */
export function assertKeys(hashKey: string, hashIv: string): void {
  if (Buffer.byteLength(hashKey.trim(), 'utf8') !== 32) throw new PayuniCryptoError('PAYUNi HashKey must be 32 bytes');
  if (Buffer.byteLength(hashIv.trim(), 'utf8') !== 16) throw new PayuniCryptoError('PAYUNi HashIV must be 16 bytes');
}

/** EncryptInfo of an already serialised query string. */
export function encryptQuery(plain: string, hashKey: string, hashIv: string): string {
  assertKeys(hashKey, hashIv);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(hashKey.trim(), 'utf8'), Buffer.from(hashIv.trim(), 'utf8'), { authTagLength: 16 });
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return Buffer.from(`${ct.toString('base64')}:::${tag.toString('base64')}`, 'utf8').toString('hex');
}

/** EncryptInfo of inner fields (serialised with `httpBuildQuery`). */
export function encryptInfo(fields: QueryRecord, hashKey: string, hashIv: string): string {
  return encryptQuery(httpBuildQuery(fields), hashKey, hashIv);
}

/** Decrypts an EncryptInfo into its query string; throws PayuniCryptoError when it is not one of ours. */
export function decryptQuery(encrypted: string, hashKey: string, hashIv: string): string {
  assertKeys(hashKey, hashIv);
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(encrypted)) throw new PayuniCryptoError('EncryptInfo is not hex');
  const text = Buffer.from(encrypted, 'hex').toString('utf8');
  const sep = text.indexOf(':::');
  if (sep < 0) throw new PayuniCryptoError('EncryptInfo has no ":::" separator');
  const ct = Buffer.from(text.slice(0, sep), 'base64');
  const tag = Buffer.from(text.slice(sep + 3), 'base64');
  if (tag.length !== 16) throw new PayuniCryptoError('EncryptInfo tag is not 16 bytes');
  try {
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(hashKey.trim(), 'utf8'), Buffer.from(hashIv.trim(), 'utf8'), { authTagLength: 16 });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8');
  } catch {
    throw new PayuniCryptoError('EncryptInfo does not decrypt with this HashKey/HashIV');
  }
}

/** Decrypts an EncryptInfo and parses its fields. */
export function decryptInfo(encrypted: string, hashKey: string, hashIv: string): ParsedQuery {
  return parseQuery(decryptQuery(encrypted, hashKey, hashIv));
}

/** HashInfo: upper-case hex SHA-256 of HashKey + EncryptInfo + HashIV (keys untrimmed, as the SDKs do). */
export function hashInfo(encrypted: string, hashKey: string, hashIv: string): string {
  return createHash('sha256').update(`${hashKey}${encrypted}${hashIv}`, 'utf8').digest('hex').toUpperCase();
}

/** Constant-time comparison of a received HashInfo with the expected one (case-insensitive hex). */
export function hashMatches(received: string | undefined, expected: string): boolean {
  return typeof received === 'string' && safeEqual(received.toUpperCase(), expected.toUpperCase());
}

/** The four outer fields of a request or callback. */
export interface PayuniEnvelope {
  MerID: string;
  Version: string;
  EncryptInfo: string;
  HashInfo: string;
}

/** Builds an outer envelope for inner fields. */
export function sealEnvelope(merId: string, version: string, inner: QueryRecord, hashKey: string, hashIv: string): PayuniEnvelope {
  const EncryptInfo = encryptInfo(inner, hashKey, hashIv);
  return { MerID: merId, Version: version, EncryptInfo, HashInfo: hashInfo(EncryptInfo, hashKey, hashIv) };
}
