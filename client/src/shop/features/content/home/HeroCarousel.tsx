import { useCallback, useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useReducedMotion } from '../../../../shared/hooks/useReducedMotion';
import type { Banner } from '../contentTypes';
import { AUTOPLAY_MS, settledPosition, SLIDE_MS, slideAt, trackSlides } from './carousel';
import './HeroCarousel.css';

const SWIPE_PX = 40;

function BannerImage({ banner, first }: { banner: Banner; first: boolean }) {
  const alt = banner.description ? `${banner.ctitle}：${banner.description}` : banner.ctitle;
  return (
    <picture>
      {banner.phone_url && <source media="(max-width: 768px)" srcSet={banner.phone_url} width={853} height={1280} />}
      <img
        src={banner.image_url}
        alt={alt}
        width={1920}
        height={450}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
        decoding={first ? 'sync' : 'async'}
        draggable={false}
      />
    </picture>
  );
}

/** A banner's link is named by the banner's title (the image's alt adds the description). */
function BannerLink({ banner, children }: { banner: Banner; children: ReactNode }) {
  const url = banner.link_url;
  if (!url) return <div className="ss-hero-slide-link">{children}</div>;
  const name = banner.ctitle.trim() || undefined;
  if (url.startsWith('/') && !url.startsWith('//')) {
    return (
      <Link className="ss-hero-slide-link" to={url} aria-label={name}>
        {children}
      </Link>
    );
  }
  return (
    <a
      className="ss-hero-slide-link"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={name && `${name}（另開新視窗）`}
    >
      {children}
    </a>
  );
}

/**
 * The home banner carousel (spec 1 §9): one slide per view, loops, autoplays every 3 s;
 * pauses on hover and focus and with its pause button; no autoplay or sliding for visitors
 * who prefer reduced motion. Desktop image 1920×450, `phone_url` at ≤ 768 px.
 */
export function HeroCarousel({ banners }: { banners: Banner[] }) {
  const n = banners.length;
  const reduced = useReducedMotion();
  const [pos, setPos] = useState(1);
  const [animate, setAnimate] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const moving = useRef(false);
  const settleTimer = useRef<number | undefined>(undefined);
  const trackRef = useRef<HTMLDivElement>(null);
  const swipe = useRef<{ x: number; y: number; id: number } | null>(null);
  const swiped = useRef(false);
  const posRef = useRef(pos);
  posRef.current = pos;
  const current = slideAt(pos, n);

  const settle = useCallback(() => {
    window.clearTimeout(settleTimer.current);
    moving.current = false;
    const settled = settledPosition(posRef.current, n);
    if (settled !== posRef.current) {
      setAnimate(false);
      setPos(settled);
    }
  }, [n]);

  // After a jump off a copy, apply the new position before the next animated move starts.
  useLayoutEffect(() => {
    if (!animate) trackRef.current?.getBoundingClientRect();
  }, [animate, pos]);

  useEffect(() => () => window.clearTimeout(settleTimer.current), []);

  // New content: start over at the first slide.
  useEffect(() => {
    moving.current = false;
    setAnimate(false);
    setPos(1);
  }, [n]);

  const moveTo = useCallback(
    (target: number) => {
      if (n < 2) return;
      if (reduced) {
        setAnimate(false);
        setPos(settledPosition(target, n));
        return;
      }
      if (moving.current) return;
      moving.current = true;
      setAnimate(true);
      setPos(target);
      // transitionend can be skipped (hidden tab, interrupted): settle anyway.
      settleTimer.current = window.setTimeout(settle, SLIDE_MS + 150);
    },
    [n, reduced, settle],
  );

  const next = useCallback(() => moveTo(pos + 1), [moveTo, pos]);
  const prev = () => moveTo(pos - 1);

  const paused = stopped || hovered || focused || reduced || n < 2;
  const nextRef = useRef(next);
  nextRef.current = next;
  useEffect(() => {
    if (paused) return;
    const t = window.setTimeout(() => nextRef.current(), AUTOPLAY_MS);
    return () => window.clearTimeout(t);
  }, [paused, current]);

  const onPointerDown = (e: ReactPointerEvent) => {
    if (e.pointerType === 'mouse') return;
    swipe.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== e.pointerId) return;
    const dx = e.clientX - start.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(e.clientY - start.y)) return;
    swiped.current = true;
    if (dx < 0) next();
    else prev();
  };

  if (n === 0) return null;
  const slides = trackSlides(banners);
  const offset = n > 1 ? pos : 0;

  return (
    <section
      className={`ss-hero-carousel${banners[0].phone_url ? ' has-phone' : ''}`}
      aria-roledescription="carousel"
      aria-label="主打活動"
      data-testid="home-carousel"
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="ss-hero-viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
        onClickCapture={(e) => {
          if (swiped.current) {
            swiped.current = false;
            e.preventDefault();
            e.stopPropagation();
          }
        }}
      >
        <div
          ref={trackRef}
          className="ss-hero-track"
          aria-live={paused ? 'polite' : 'off'}
          style={{
            transform: `translate3d(${-offset * 100}%, 0, 0)`,
            transition: animate ? `transform ${SLIDE_MS}ms cubic-bezier(0.4, 0, 0.2, 1)` : 'none',
          }}
          onTransitionEnd={(e) => {
            if (e.target === e.currentTarget && e.propertyName === 'transform') settle();
          }}
        >
          {slides.map(({ slide, index, copy }, i) => {
            const shown = n > 1 ? i === offset : true;
            return (
              <div
                key={copy ? `copy-${i}` : slide.id}
                className="ss-hero-slide"
                role={copy ? undefined : 'group'}
                aria-roledescription={copy ? undefined : 'slide'}
                aria-label={copy ? undefined : `${index + 1} / ${n}`}
                aria-hidden={copy || !shown || undefined}
                inert={!shown}
                data-testid={copy ? undefined : 'carousel-slide'}
              >
                <BannerLink banner={slide}>
                  <BannerImage banner={slide} first={!copy && index === 0} />
                </BannerLink>
              </div>
            );
          })}
        </div>
      </div>
      {n > 1 && (
        <>
          <button type="button" className="ss-hero-arrow ss-hero-arrow--prev" aria-label="上一張" onClick={prev}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden>
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <button type="button" className="ss-hero-arrow ss-hero-arrow--next" aria-label="下一張" onClick={next}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden>
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <div className="ss-hero-controls">
            {!reduced && (
              <button
                type="button"
                className="ss-hero-toggle"
                aria-label={stopped ? '播放輪播' : '暫停輪播'}
                onClick={() => setStopped((v) => !v)}
              >
                {stopped ? (
                  <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden>
                    <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
                  </svg>
                ) : (
                  <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden>
                    <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />
                  </svg>
                )}
              </button>
            )}
            <div className="ss-hero-dots" role="group" aria-label="選擇輪播圖片">
              {banners.map((b, i) => (
                <button
                  key={b.id}
                  type="button"
                  className="ss-hero-dot"
                  aria-label={`第 ${i + 1} 張：${b.ctitle}`}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => i !== current && moveTo(i + 1)}
                />
              ))}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
