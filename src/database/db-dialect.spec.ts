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
