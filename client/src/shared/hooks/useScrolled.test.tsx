import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useScrolled } from './useScrolled';

const frame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));
const scrollTo = async (y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
  await frame();
  await frame();
};

describe('useScrolled', () => {
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('turns true past the threshold and false again at the top', async () => {
    const { result } = renderHook(() => useScrolled(50));
    await frame();
    expect(result.current).toBe(false);
    await scrollTo(51);
    expect(result.current).toBe(true);
    await scrollTo(50);
    expect(result.current).toBe(false);
  });

  it('starts true when the page opens already scrolled (a reload mid-page)', async () => {
    Object.defineProperty(window, 'scrollY', { value: 400, configurable: true });
    const { result } = renderHook(() => useScrolled(50));
    await frame();
    await frame();
    expect(result.current).toBe(true);
  });
});
