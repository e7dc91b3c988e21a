import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * Who may read GET /api/metrics. With a token configured: whoever sends it as a Bearer token,
 * from anywhere. Without one: clients on loopback or a private network only, by the address
 * the edge resolved (`request.ip`, which follows TRUST_PROXY). Everyone else gets the answer an
 * unknown route gets (404), so the endpoint is not advertised.
 */
export interface MetricsAccessRequest {
  /** The client address as the HTTP edge resolved it (Express `req.ip`, Fastify `request.ip`). */
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}

export function metricsAllowed(req: MetricsAccessRequest, token: string | undefined, trustProxy: string | undefined): boolean {
  if (token) return bearerMatches(req.headers.authorization, token);
  // No TRUST_PROXY but a forwarding header: a proxy stands in front of us that we do not trust to
  // name the client, so its own (often loopback or private) address says nothing about who asks.
  if (!trustProxy && (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined || req.headers['x-real-ip'] !== undefined)) {
    return false;
  }
  return req.ip !== undefined && isInternalAddress(req.ip);
}

/** `Bearer <token>` compared in constant time (both sides hashed first, so their lengths do not leak either). */
export function bearerMatches(header: string | string[] | undefined, token: string): boolean {
  if (typeof header !== 'string') return false;
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!m) return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(m[1]), digest(token));
}

/**
 * Loopback or private: 127/8, 10/8, 172.16/12, 192.168/16, ::1, fc00::/7 (unique local), and the
 * IPv4 ones in their IPv6-mapped form (::ffff:10.1.2.3). Link-local, CGNAT and public addresses are not.
 */
export function isInternalAddress(address: string): boolean {
  const ip = address.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return isInternalIpv4(mapped[1]);
  if (isIP(ip) === 4) return isInternalIpv4(ip);
  if (isIP(ip) !== 6) return false;
  if (ip === '::1') return true;
  // fc00::/7: the first 16-bit group is fc00–fdff (a group written short, e.g. "fc::", is 00fc: not in it).
  const first = ip.startsWith('::') ? '' : ip.split(':')[0];
  return first.length === 4 && /^f[cd]/.test(first);
}

function isInternalIpv4(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number);
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}
