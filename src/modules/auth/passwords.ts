import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password hashing. Unknown accounts are verified against a dummy hash, so a login for an
 * account that does not exist costs the same time as a wrong password.
 */
@Injectable()
export class PasswordHasher {
  private dummy?: Promise<string>;

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  /** False for a wrong password, a malformed hash, or no hash (after the same work). */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    const target = hash ?? (await this.dummyHash());
    try {
      const ok = await argon2.verify(target, password);
      return ok && !!hash;
    } catch {
      return false;
    }
  }

  needsRehash(hash: string): boolean {
    return argon2.needsRehash(hash, ARGON2_OPTIONS);
  }

  private dummyHash(): Promise<string> {
    this.dummy ??= argon2.hash('dummy-password-for-unknown-accounts', ARGON2_OPTIONS);
    return this.dummy;
  }
}
