import { useState, type CSSProperties, type ReactNode } from 'react';
import './Marquee.css';

/** Copies of the list in one loop, so a short list still fills a wide screen. */
const MIN_PER_LOOP = 8;
const SECONDS_PER_ITEM = 5;

interface Props<T> {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T, decorative: boolean) => ReactNode;
  /** Accessible name of the list. */
  label: string;
  /** Visible heading of the section. */
  title: string;
  eyebrow: string;
  reverse?: boolean;
  testId?: string;
}

/**
 * A marquee (spec 1 §2): the entries drift sideways in a CSS animation that pauses on hover
 * and focus or with its button. With reduced motion it becomes a row to scroll by hand.
 * Only the first copy of the entries is exposed to assistive technology.
 */
export function Marquee<T>({ items, itemKey, renderItem, label, title, eyebrow, reverse, testId }: Props<T>) {
  const [paused, setPaused] = useState(false);
  if (items.length === 0) return null;
  const repeats = Math.max(1, Math.ceil(MIN_PER_LOOP / items.length));
  const loop = Array.from({ length: repeats }, (_, r) => items.map((item) => ({ item, r }))).flat();
  const style = { '--ss-marquee-duration': `${loop.length * SECONDS_PER_ITEM}s` } as CSSProperties;

  return (
    <section className={`ss-marquee${paused ? ' is-paused' : ''}${reverse ? ' is-reverse' : ''}`} data-testid={testId} aria-label={title}>
      <div className="ss-container ss-marquee-head">
        <div>
          <p className="ss-section-eyebrow" aria-hidden>
            {eyebrow}
          </p>
          <h2 className="ss-section-title">{title}</h2>
        </div>
        <button type="button" className="ss-marquee-toggle" onClick={() => setPaused((p) => !p)}>
          {paused ? '繼續播放' : '暫停播放'}
        </button>
      </div>
      <div className="ss-marquee-viewport">
        <div className="ss-marquee-track" style={style}>
          {[0, 1].map((half) => (
            <ul key={half} className="ss-marquee-list" aria-label={half === 0 ? label : undefined} aria-hidden={half === 1 || undefined}>
              {loop.map(({ item, r }) => {
                const decorative = half === 1 || r > 0;
                return (
                  <li key={`${r}-${itemKey(item)}`} className={`ss-marquee-item${decorative ? ' is-copy' : ''}`} aria-hidden={decorative || undefined}>
                    {renderItem(item, decorative)}
                  </li>
                );
              })}
            </ul>
          ))}
        </div>
      </div>
    </section>
  );
}
