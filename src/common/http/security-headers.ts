import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet sets for `options`, lower-cased: its middleware run once against a
 * response that only records them. The middleware is pure in its options (no request is looked at),
 * so every answer gets exactly these, set on Fastify's reply in one call (http-setup).
 *
 * Not @fastify/helmet: it runs `helmet(options)` anew on every request (parsing the CSP directives
 * and rebuilding each header), then helmet writes them one by one on the raw response, where Node
 * validates each twice: together a quarter of a cached read's CPU under load (issue 23's profile).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as never, recorder as never, (err?: unknown) => (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return Object.freeze(headers);
}
