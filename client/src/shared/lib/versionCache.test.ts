import { describe, expect, it } from 'vitest';
import { CONTENT_STORAGE_PREFIX, isArrayOf, isString, readVersioned, resolveVersioned, writeVersioned } from './versionCache';

describe('version cache', () => {
  it('round-trips a copy with its version through localStorage', () => {
    writeVersioned('page.x', { version: 'v1', data: '<p>hi</p>' });
    expect(JSON.parse(localStorage.getItem(`${CONTENT_STORAGE_PREFIX}page.x`)!)).toEqual({ version: 'v1', data: '<p>hi</p>' });
    expect(readVersioned('page.x', isString)).toEqual({ version: 'v1', data: '<p>hi</p>' });
  });

  it('ignores missing, damaged or differently shaped copies', () => {
    expect(readVersioned('nothing', isString)).toBeUndefined();
    localStorage.setItem(`${CONTENT_STORAGE_PREFIX}bad`, '{not json');
    expect(readVersioned('bad', isString)).toBeUndefined();
    writeVersioned('noversion', { version: '', data: 'x' });
    expect(readVersioned('noversion', isString)).toBeUndefined();
    writeVersioned('wrongshape', { version: 'v1', data: 42 });
    expect(readVersioned('wrongshape', isString)).toBeUndefined();
    writeVersioned('list', { version: 'v1', data: [1, 'a'] });
    expect(readVersioned('list', isArrayOf<number>((x) => typeof x === 'number'))).toBeUndefined();
  });

  it('takes the fresh content and the server version when updated', () => {
    const stored = { version: 'v1', data: 'old' };
    expect(resolveVersioned(stored, true, 'v2', () => 'new')).toEqual({ entry: { version: 'v2', data: 'new' }, changed: true });
    expect(resolveVersioned(undefined, true, 'v2', () => 'new')).toEqual({ entry: { version: 'v2', data: 'new' }, changed: true });
  });

  it('reuses the stored copy when not updated, without reading the answer', () => {
    const stored = { version: 'v1', data: 'old' };
    let read = false;
    expect(resolveVersioned(stored, false, 'v1', () => ((read = true), 'new'))).toEqual({ entry: stored, changed: false });
    expect(read).toBe(false);
  });

  it('cannot resolve "not updated" without a stored copy', () => {
    expect(resolveVersioned(undefined, false, 'v1', () => 'new')).toBeUndefined();
  });
});
