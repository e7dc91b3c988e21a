import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstFrame } from './useAfterFirstFrame';

const afterFrame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))));

describe('useAfterFirstFrame', () => {
  it('is false on the first render and true after the next frame, and stays true', async () => {
    const { result, rerender } = renderHook(() => useAfterFirstFrame());
    expect(result.current).toBe(false);
    await afterFrame();
    await afterFrame();
    expect(result.current).toBe(true);
    rerender();
    expect(result.current).toBe(true);
  });

  it('counts from the render where `from` turns true (content that arrives later)', async () => {
    const { result, rerender } = renderHook(({ from }) => useAfterFirstFrame(from), { initialProps: { from: false } });
    await afterFrame();
    await afterFrame();
    expect(result.current).toBe(false);
    rerender({ from: true });
    expect(result.current).toBe(false);
    await afterFrame();
    await afterFrame();
    expect(result.current).toBe(true);
  });
});
