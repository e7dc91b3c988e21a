import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/render';
import type { Banner } from '../contentTypes';
import { HeroCarousel } from './HeroCarousel';

const banners: Banner[] = [1, 2, 3].map((id) => ({
  id, ctitle: `活動${id}`, description: `說明${id}`, link_url: id === 3 ? 'https://example.com/x' : `/product/${id}`,
  image_url: `/media/b${id}.webp`, phone_url: `/media/b${id}-m.webp`,
}));

const currentDot = () => screen.getAllByRole('button', { name: /^第 \d 張/ }).findIndex((b) => b.getAttribute('aria-current') === 'true');
const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

function reducedMotion(on: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: on && query.includes('reduce'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList,
  );
}

afterEach(() => vi.useRealTimers());

describe('HeroCarousel', () => {
  it('shows one slide with desktop and phone images, the first loaded eagerly', () => {
    renderApp(<HeroCarousel banners={banners} />);
    const slides = screen.getAllByTestId('carousel-slide');
    expect(slides).toHaveLength(3);
    expect(slides[0]).not.toHaveAttribute('inert');
    expect(slides[1]).toHaveAttribute('inert');
    const img = screen.getByRole('img', { name: '活動1：說明1' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img.closest('picture')!.querySelector('source')).toHaveAttribute('media', '(max-width: 768px)');
    expect(img.closest('picture')!.querySelector('source')).toHaveAttribute('srcset', '/media/b1-m.webp');
    expect(img.closest('a')).toHaveAttribute('href', '/product/1');
    expect(slides[2].querySelector('a')).toHaveAttribute('target', '_blank');
    expect(slides[1].querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  it('names each banner link by the banner title (new-window links say so)', () => {
    renderApp(<HeroCarousel banners={banners} />);
    const slides = screen.getAllByTestId('carousel-slide');
    expect(slides[0].querySelector('a')).toHaveAccessibleName('活動1');
    expect(screen.getByRole('link', { name: '活動1' })).toHaveAttribute('href', '/product/1');
    expect(slides[2].querySelector('a')).toHaveAccessibleName('活動3（另開新視窗）');
  });

  it('autoplays every 3 seconds and loops back to the first slide', () => {
    vi.useFakeTimers();
    renderApp(<HeroCarousel banners={banners} />);
    expect(currentDot()).toBe(0);
    tick(2900);
    expect(currentDot()).toBe(0);
    tick(100);
    expect(currentDot()).toBe(1);
    tick(3000);
    expect(currentDot()).toBe(2);
    tick(3000);
    expect(currentDot()).toBe(0);
    tick(800);
    // Settled on the real first slide, not its copy.
    expect(screen.getAllByTestId('carousel-slide')[0]).not.toHaveAttribute('inert');
    expect(document.querySelector<HTMLElement>('.ss-hero-track')!.style.transform).toBe('translate3d(-100%, 0, 0)');
  });

  it('pauses on hover and focus, and with its pause button', () => {
    vi.useFakeTimers();
    renderApp(<HeroCarousel banners={banners} />);
    const region = screen.getByRole('region', { name: '主打活動' });
    fireEvent.pointerEnter(region, { pointerType: 'mouse' });
    tick(7000);
    expect(currentDot()).toBe(0);
    fireEvent.pointerLeave(region, { pointerType: 'mouse' });
    tick(3000);
    expect(currentDot()).toBe(1);

    const dot = screen.getByRole('button', { name: '第 1 張：活動1' });
    fireEvent.focus(dot);
    tick(7000);
    expect(currentDot()).toBe(1);
    fireEvent.blur(dot);
    tick(3000);
    expect(currentDot()).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: '暫停輪播' }));
    tick(7000);
    expect(currentDot()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: '播放輪播' }));
    tick(3000);
    expect(currentDot()).toBe(0);
  });

  it('moves with previous, next and the dots, wrapping around', () => {
    vi.useFakeTimers();
    renderApp(<HeroCarousel banners={banners} />);
    fireEvent.click(screen.getByRole('button', { name: '上一張' }));
    expect(currentDot()).toBe(2);
    tick(800);
    fireEvent.click(screen.getByRole('button', { name: '下一張' }));
    expect(currentDot()).toBe(0);
    tick(800);
    fireEvent.click(screen.getByRole('button', { name: '第 2 張：活動2' }));
    expect(currentDot()).toBe(1);
  });

  it('does not autoplay or slide for visitors who prefer reduced motion', () => {
    reducedMotion(true);
    vi.useFakeTimers();
    renderApp(<HeroCarousel banners={banners} />);
    tick(10_000);
    expect(currentDot()).toBe(0);
    expect(screen.queryByRole('button', { name: '暫停輪播' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '下一張' }));
    expect(currentDot()).toBe(1);
    expect(document.querySelector<HTMLElement>('.ss-hero-track')!.style.transition).toBe('none');
  });
});
