import { contentSecurityPolicy } from '../../http-setup';
import { analyticsDirectives, cspHeaderValue } from './analytics-csp';

describe('analytics CSP directives', () => {
  const base = contentSecurityPolicy(false).directives;

  it('adds nothing while both ids are empty', () => {
    expect(analyticsDirectives(base, { ga4: false, meta: false })).toEqual(base);
  });

  it('adds exactly the hosts of the analytics that are on', () => {
    const ga4 = analyticsDirectives(base, { ga4: true, meta: false });
    expect(ga4.scriptSrc).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(ga4.connectSrc).toEqual(["'self'", 'https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com']);
    const meta = analyticsDirectives(base, { ga4: false, meta: true });
    expect(meta.scriptSrc).toEqual(["'self'", 'https://connect.facebook.net']);
    expect(meta.connectSrc).toEqual(["'self'", 'https://connect.facebook.net', 'https://www.facebook.com']);
    const both = analyticsDirectives(base, { ga4: true, meta: true });
    expect(both.frameSrc).toEqual(base.frameSrc);
    expect(both.objectSrc).toEqual(["'none'"]);
  });
});

describe('cspHeaderValue', () => {
  it('writes the policy as helmet did: kebab-case names, values after a space, ";" between, a bare flag alone', () => {
    expect(cspHeaderValue({ defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'], upgradeInsecureRequests: [] })).toBe("default-src 'self';img-src 'self' data:;upgrade-insecure-requests");
  });
});
