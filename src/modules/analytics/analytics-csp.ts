import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SettingsService } from '../settings/settings.service';

/** The public settings keys of the analytics ids ('' = off). */
export const GA4_ID_KEY = 'GA4_ID';
export const META_PIXEL_ID_KEY = 'META_PIXEL_ID';

/** What GA4 (gtag.js) loads from and sends to. */
export const GA4_HOSTS = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
} as const;
/** What the Meta Pixel (fbevents.js) loads from and sends to. */
export const META_PIXEL_HOSTS = {
  script: ['https://connect.facebook.net'],
  connect: ['https://connect.facebook.net', 'https://www.facebook.com'],
} as const;

/** Directives as helmet takes them (`contentSecurityPolicy(…).directives`). */
export type CspDirectives = Record<string, string[]>;

/**
 * A Content-Security-Policy header value, written as helmet writes it (`default-src 'self';img-src …`;
 * a directive without values stands alone, e.g. `upgrade-insecure-requests`).
 */
export function cspHeaderValue(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => {
      const kebab = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      return values.length ? `${kebab} ${values.join(' ')}` : kebab;
    })
    .join(';');
}

/** The base directives with the hosts of the analytics that are on. Pure. */
export function analyticsDirectives(base: CspDirectives, on: { ga4: boolean; meta: boolean }): CspDirectives {
  const add = (key: 'script' | 'connect') => [...(on.ga4 ? GA4_HOSTS[key] : []), ...(on.meta ? META_PIXEL_HOSTS[key] : [])];
  const merged = (list: string[] | undefined, extra: string[]) => [...new Set([...(list ?? []), ...extra])];
  return { ...base, scriptSrc: merged(base.scriptSrc, add('script')), connectSrc: merged(base.connectSrc, add('connect')) };
}

/**
 * The Content-Security-Policy follows the analytics settings (issue 22 §7): GA4's hosts only while
 * GA4_ID is set, Meta Pixel's only while META_PIXEL_ID is. A hook after helmet's sets the header
 * again for pages (not /api answers, which no browser renders) from the cached public settings, so a
 * settings change (which drops that cache, here and in the other processes) applies without a restart.
 * The four possible policies are built once.
 */
@Injectable()
export class AnalyticsCsp {
  private readonly logger = new Logger('AnalyticsCsp');

  constructor(private readonly settings: SettingsService) {}

  /** Which analytics are on now (cached public settings). */
  async enabled(): Promise<{ ga4: boolean; meta: boolean }> {
    const rows = await this.settings.publicSettings();
    const value = (key: string) => (rows.find((r) => r.s_key === key)?.s_value ?? '').trim();
    return { ga4: value(GA4_ID_KEY) !== '', meta: value(META_PIXEL_ID_KEY) !== '' };
  }

  /**
   * An `onRequest` hook (after @fastify/helmet's, whose header it replaces on pages). `base`: the
   * shop's directives (http-setup's contentSecurityPolicy).
   */
  hook(base: { directives: CspDirectives }): (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void {
    const variants = new Map<string, string>();
    for (const ga4 of [false, true]) {
      for (const meta of [false, true]) {
        if (!ga4 && !meta) continue; // helmet's own header is this one
        variants.set(`${ga4}:${meta}`, cspHeaderValue(analyticsDirectives(base.directives, { ga4, meta })));
      }
    }
    return (req, reply, done) => {
      if (req.url.startsWith('/api/')) return done();
      this.enabled().then(
        (on) => {
          const value = variants.get(`${on.ga4}:${on.meta}`);
          if (value) reply.header('Content-Security-Policy', value);
          done();
        },
        (err: unknown) => {
          // The base policy (no analytics hosts) stays: the safe side.
          this.logger.warn(`analytics settings unreadable, base CSP kept: ${(err as Error).message}`);
          done();
        },
      );
    };
  }
}
