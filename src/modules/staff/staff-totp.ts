import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { authenticator } from 'otplib';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { StaffClock } from './staff-clock';

const ISSUER = 'skinshop 後台';

/**
 * TOTP two-factor for staff (RFC 6238: 6 digits, 30 s, SHA-1 — what authenticator apps use).
 * Secrets are stored AES-256-GCM encrypted with a key derived from SESSION_SECRET (`v1:` prefix);
 * without SESSION_SECRET (development only: production requires it) they are stored as they are
 * (`p:` prefix), since a per-process key would lose them at the next restart.
 * A code is accepted within ±30 s, and never twice (the last accepted time step is kept).
 */
@Injectable()
export class StaffTotp {
  private readonly key?: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: StaffClock,
  ) {
    if (config.sessionSecret) this.key = createHmac('sha256', config.sessionSecret).update('skinshop admin totp').digest();
  }

  newSecret(): string {
    return authenticator.generateSecret(20); // 160 bits (RFC 4226's recommendation)
  }

  async provisioning(username: string, secret: string): Promise<{ otpauthUrl: string; qrDataUrl: string }> {
    const otpauthUrl = authenticator.keyuri(username, ISSUER, secret);
    return { otpauthUrl, qrDataUrl: await qrcode().toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
  }

  /** The time step of a valid code for `secret` newer than `afterStep`, else null. */
  async check(secret: string, code: string, afterStep: number): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    try {
      const epoch = this.clock.nowMs();
      const delta = authenticator.clone({ epoch, window: 1 }).checkDelta(code, secret);
      if (delta === null) return null;
      const step = Math.floor(epoch / 30_000) + delta;
      return step > afterStep ? step : null;
    } catch {
      return null;
    }
  }

  /** The current code (tests and the simulator-style demo). */
  async code(secret: string, atMs = this.clock.nowMs()): Promise<string> {
    return authenticator.clone({ epoch: atMs }).generate(secret);
  }

  seal(secret: string): string {
    if (!this.key) return `p:${secret}`;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `v1:${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${body.toString('base64url')}`;
  }

  /** The secret, or null when it cannot be read (e.g. SESSION_SECRET changed). */
  open(sealed: string): string | null {
    if (sealed.startsWith('p:')) return sealed.slice(2);
    const [v, iv, tag, body] = sealed.split(':');
    if (v !== 'v1' || !this.key || !iv || !tag || !body) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/** qrcode, loaded when a TOTP is set up, not at start (a plain require: the server is CommonJS). */
function qrcode(): typeof import('qrcode') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('qrcode') as typeof import('qrcode');
}
