import { getMetadataArgsStorage } from 'typeorm';
import { ENTITIES } from '../../database/entities';
import { maskPhone, maskSubject, normalise, PERSONAL_DATA_MAP } from './personal-data-map';

describe('personal-data map', () => {
  it('names every table with a user_id column (a new one must say what export and deletion do with it)', () => {
    const storage = getMetadataArgsStorage();
    const tables = ENTITIES.flatMap((entity) => {
      const table = storage.tables.find((t) => t.target === entity);
      const hasUser = storage.columns.some((c) => c.target === entity && c.propertyName === 'user_id');
      return table?.name && hasUser ? [table.name] : [];
    });
    const mapped = new Set(PERSONAL_DATA_MAP.flatMap((e) => e.tables));
    expect(tables.length).toBeGreaterThan(10);
    expect(tables.filter((t) => !mapped.has(t))).toEqual([]);
    expect(mapped.has('users')).toBe(true);
    expect(new Set(PERSONAL_DATA_MAP.map((e) => e.key)).size).toBe(PERSONAL_DATA_MAP.length);
  });

  it('masks phones and social ids; dates become ISO', () => {
    expect(maskPhone('0912345678')).toBe('0912***678');
    expect(maskPhone(null)).toBe('');
    expect(maskSubject('U1234567890abcdef')).toBe('U1…cdef');
    expect(maskSubject('abc')).toBe('…bc');
    expect(normalise({ a: '2026-11-28 21:54:16.123', b: new Date('2026-01-02T03:04:05.000Z'), c: 'text 2026', d: 1 })).toEqual({
      a: '2026-11-28T21:54:16.123Z',
      b: '2026-01-02T03:04:05.000Z',
      c: 'text 2026',
      d: 1,
    });
  });
});
