import { bearerMatches, isInternalAddress, metricsAllowed } from './metrics-access';

describe('metrics access', () => {
  it('takes loopback and private networks as internal, in both IPv4 forms and IPv6', () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.254', '192.168.1.20', '::1', '::ffff:127.0.0.1', '::ffff:10.1.2.3', '::FFFF:192.168.0.9', 'fc00::1', 'fd12:3456:789a::1', 'fd80::1%eth0']) {
      expect([ip, isInternalAddress(ip)]).toEqual([ip, true]);
    }
    for (const ip of ['8.8.8.8', '172.15.255.255', '172.32.0.1', '192.169.0.1', '11.0.0.1', '100.64.0.1', '169.254.1.1', 'fe80::1', '2001:db8::1', '::ffff:8.8.8.8', '::', 'fc::1', 'fe00::1', '', 'localhost', '10.0.0', 'not an ip']) {
      expect([ip, isInternalAddress(ip)]).toEqual([ip, false]);
    }
  });

  it('compares the bearer token exactly', () => {
    const token = 'a'.repeat(40);
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token.slice(1)}`, token)).toBe(false);
    expect(bearerMatches(`Basic ${token}`, token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches(undefined, token)).toBe(false);
    expect(bearerMatches([`Bearer ${token}`], token)).toBe(false);
  });

  it('with a token, only the token counts (not the address); without, only the address', () => {
    const token = 'b'.repeat(32);
    expect(metricsAllowed({ ip: '127.0.0.1', headers: {} }, token, undefined)).toBe(false);
    expect(metricsAllowed({ ip: '203.0.113.5', headers: { authorization: `Bearer ${token}` } }, token, undefined)).toBe(true);
    expect(metricsAllowed({ ip: '127.0.0.1', headers: {} }, undefined, undefined)).toBe(true);
    expect(metricsAllowed({ ip: '203.0.113.5', headers: {} }, undefined, undefined)).toBe(false);
    expect(metricsAllowed({ headers: {} }, undefined, undefined)).toBe(false);
  });

  it('without TRUST_PROXY, a forwarded request is refused even from loopback (an untrusted proxy in front)', () => {
    for (const h of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      expect(metricsAllowed({ ip: '127.0.0.1', headers: { [h]: '203.0.113.5' } }, undefined, undefined)).toBe(false);
      // Trusted proxy: the edge already resolved the client address into `ip`.
      expect(metricsAllowed({ ip: '10.0.0.7', headers: { [h]: '10.0.0.7' } }, undefined, 'loopback')).toBe(true);
    }
  });
});
