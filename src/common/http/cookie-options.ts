import type { FastifyCookieOptions } from '@fastify/cookie';

/**
 * How `request.cookies` reads the Cookie header (@fastify/cookie, registered by configureHttp):
 * as under Express (the `cookie` 0.7 parser) — a quoted value is unwrapped and percent-escapes are
 * undone; a broken escape keeps the value as sent instead of failing the request.
 */
const parse = {
  decode: (value: string): string => {
    const raw = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  },
};

/**
 * `parseOptions` goes to the `cookie` parser (and, as defaults, to its serializer, which ignores
 * `decode`); the plugin's typings name only the serializer's options, hence the cast.
 */
export const COOKIE_OPTIONS: FastifyCookieOptions = { parseOptions: parse as unknown as FastifyCookieOptions['parseOptions'] };
