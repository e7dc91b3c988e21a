import * as argon2 from 'argon2';
import { PasswordHasher } from './passwords';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('hashes with argon2id m=19456 t=2 p=1 and verifies', async () => {
    const hash = await hasher.hash('abc123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hasher.verify(hash, 'abc123')).toBe(true);
    expect(await hasher.verify(hash, 'abc124')).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
  });

  it('refuses a missing or malformed hash after doing the same work', async () => {
    const started = process.hrtime.bigint();
    expect(await hasher.verify(null, 'dummy-password-for-unknown-accounts')).toBe(false);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeGreaterThan(1);
    expect(await hasher.verify('not-a-hash', 'abc123')).toBe(false);
  });

  it('asks for a rehash of weaker parameters', async () => {
    const weak = await argon2.hash('abc123', { type: argon2.argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    expect(hasher.needsRehash(weak)).toBe(true);
  });
});
