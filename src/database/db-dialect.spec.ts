import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isDuplicateKey } from './db-dialect';

describe('isDuplicateKey', () => {
  it('knows both dialects and nothing else', () => {
    expect(isDuplicateKey({ code: 'ER_DUP_ENTRY' })).toBe(true);
    expect(isDuplicateKey({ driverError: { code: 'SQLITE_CONSTRAINT_UNIQUE' } })).toBe(true);
    expect(isDuplicateKey({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' })).toBe(true);
    expect(isDuplicateKey({ code: 'ER_LOCK_DEADLOCK' })).toBe(false);
    expect(isDuplicateKey(new Error('x'))).toBe(false);
    expect(isDuplicateKey(null)).toBe(false);
  });
});

describe('one place for the dialects', () => {
  it('no service locks rows or reads duplicate-key codes itself (src/modules goes through db-dialect.ts)', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts') && !p.endsWith('.spec.ts')) files.push(p);
      }
    };
    walk(join(__dirname, '..', 'modules'));
    const found = files.filter((f) => /setLock\(|ER_DUP_ENTRY|SQLITE_CONSTRAINT|'better-sqlite3'/.test(readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });
});
