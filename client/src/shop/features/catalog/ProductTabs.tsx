import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface Tab {
  key: string;
  label: string;
  children: ReactNode;
}

/**
 * Accessible tabs in plain CSS (WAI-ARIA tabs pattern: ←/→, Home, End move between tabs):
 * antd's Tabs generated its styles on the product page's first screen (a long task on phones).
 * A panel mounts when its tab is first shown and stays mounted (hidden) afterwards, as antd's did.
 */
export function ProductTabs({ items, className }: { items: Tab[]; className?: string }) {
  const [active, setActiveKey] = useState(items[0]?.key);
  const [visited, setVisited] = useState(() => new Set(items[0] ? [items[0].key] : []));
  const setActive = (key: string) => {
    setActiveKey(key);
    setVisited((v) => (v.has(key) ? v : new Set(v).add(key)));
  };
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (i: number) => {
    const n = (i + items.length) % items.length;
    setActive(items[n].key);
    refs.current[n]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: items.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    select(to);
  };
  const current = items.find((t) => t.key === active) ?? items[0];
  return (
    <div className={`ss-tabs ${className ?? ''}`}>
      <div role="tablist" className="ss-tabs-list">
        {items.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.key}`}
            aria-selected={t.key === current.key}
            aria-controls={`${id}-panel-${t.key}`}
            tabIndex={t.key === current.key ? 0 : -1}
            className="ss-tabs-tab"
            onClick={() => setActive(t.key)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {items
        .filter((t) => visited.has(t.key) || t.key === current.key)
        .map((t) => (
          <div
            key={t.key}
            role="tabpanel"
            id={`${id}-panel-${t.key}`}
            aria-labelledby={`${id}-tab-${t.key}`}
            tabIndex={0}
            hidden={t.key !== current.key}
            className="ss-tabs-panel"
          >
            {t.children}
          </div>
        ))}
    </div>
  );
}
