import { describe, expect, it } from 'vitest';
import { animationClass, POSTER_ANIMATIONS, posterLayout } from './posterLayout';

describe('poster layout', () => {
  it('keeps the three layouts and falls back to image-left', () => {
    expect(posterLayout('image-left', 50)).toEqual({ layout: 'image-left', imageWidth: 50 });
    expect(posterLayout('image-right', 40)).toEqual({ layout: 'image-right', imageWidth: 40 });
    expect(posterLayout('full-width', 100)).toEqual({ layout: 'full-width', imageWidth: 100 });
    expect(posterLayout('', 50).layout).toBe('image-left');
    expect(posterLayout('diagonal', 50).layout).toBe('image-left');
  });

  it('uses 50 % when no width is given and keeps room for the text beside the image', () => {
    expect(posterLayout('image-left', 0).imageWidth).toBe(50);
    expect(posterLayout('image-left', null).imageWidth).toBe(50);
    expect(posterLayout('image-left', Number.NaN).imageWidth).toBe(50);
    expect(posterLayout('image-left', 95).imageWidth).toBe(80);
    expect(posterLayout('image-right', 5).imageWidth).toBe(20);
    expect(posterLayout('image-right', 33.6).imageWidth).toBe(34);
    expect(posterLayout('full-width', 95).imageWidth).toBe(95);
    expect(posterLayout('full-width', 150).imageWidth).toBe(100);
  });
});

describe('poster animations', () => {
  it('maps each named animation to its class', () => {
    expect(POSTER_ANIMATIONS.map((a) => animationClass(a, false))).toEqual([
      'ss-anim ss-anim--fade-left',
      'ss-anim ss-anim--fade-right',
      'ss-anim ss-anim--fade-up',
      'ss-anim ss-anim--zoom-in',
    ]);
  });

  it('gives none for empty or unknown names and for reduced motion', () => {
    expect(animationClass('', false)).toBe('');
    expect(animationClass(null, false)).toBe('');
    expect(animationClass('spin', false)).toBe('');
    expect(animationClass('fade-up', true)).toBe('');
  });
});
