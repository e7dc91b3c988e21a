import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AUTH_CONFIG, type AuthConfig } from '../../config/auth-config';

/** A 6-digit one-time code from the OS CSPRNG (uniform over 000000–999999). */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Stores one-time codes as HMAC-SHA256 under a server key, bound to what the code is for
 * (`sms|register|0912345678|123456`). Why not argon2: a 6-digit code has only 10^6 values, so a
 * slow hash would not stop an offline search of a leaked table (minutes on a GPU) while it would
 * cost CPU on every guess; with a keyed HMAC the table alone is useless without the key, which
 * lives in config, not in the database. Online guessing is stopped by the 5-try limit instead.
 */
@Injectable()
export class CodeHasher {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) app: AppConfig, @Inject(AUTH_CONFIG) auth: AuthConfig) {
    if (auth.codeSecret) this.key = Buffer.from(auth.codeSecret, 'utf8');
    else if (app.sessionSecret) this.key = Buffer.from(hkdfSync('sha256', app.sessionSecret, 'skinshop', 'one-time-code-hmac', 32));
    else {
      // Development without SESSION_SECRET: codes do not survive a restart, which is harmless.
      this.key = randomBytes(32);
      new Logger('Codes').warn('no SESSION_SECRET/CODE_HMAC_SECRET: one-time codes use a per-process key');
    }
  }

  hash(binding: string[], code: string): string {
    return createHmac('sha256', this.key).update([...binding, code].join('|')).digest('hex');
  }

  matches(stored: string, binding: string[], code: string): boolean {
    const expected = Buffer.from(this.hash(binding, code), 'hex');
    const actual = Buffer.from(stored, 'hex');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
