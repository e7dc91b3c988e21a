import DownOutlined from '@ant-design/icons/DownOutlined';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useHoverDisclosure } from '../hooks/useHoverDisclosure';
import './DisclosureMenu.css';

/** A link, or an action such as logout (rendered as a button). */
export type DisclosureItem = { to: string; label: string } | { label: string; onSelect: () => void; testId?: string };

interface Props {
  /** Visible content of the trigger button. */
  label: ReactNode;
  /** Accessible name when the label is an icon. */
  ariaLabel?: string;
  buttonClassName?: string;
  align?: 'start' | 'end';
  showCaret?: boolean;
  items: DisclosureItem[];
  /** Text shown above the items (not focusable), such as a greeting. */
  header?: ReactNode;
  testId?: string;
}

/**
 * A navigation dropdown (disclosure pattern): hover or click opens a list of links; Escape,
 * leaving with the pointer or tabbing out closes it; ArrowDown moves into the list.
 */
export function DisclosureMenu({ label, ariaLabel, buttonClassName, align = 'start', showCaret = true, items, header, testId }: Props) {
  const { open, setOpen, close, wrapperProps, returnFocus } = useHoverDisclosure();
  const listId = useId();

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowDown') return;
    e.preventDefault();
    setOpen(true);
    requestAnimationFrame(() => document.getElementById(listId)?.querySelector<HTMLElement>('a, button')?.focus());
  };
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const links = [...e.currentTarget.querySelectorAll<HTMLElement>('a, button')];
    const i = links.indexOf(document.activeElement as HTMLElement);
    links[(i + (e.key === 'ArrowDown' ? 1 : links.length - 1)) % links.length]?.focus();
  };

  return (
    <div className={`ss-dmenu${open ? ' is-open' : ''}`} {...wrapperProps} data-testid={testId}>
      <button
        ref={(el) => {
          returnFocus.current = el;
        }}
        type="button"
        className={buttonClassName}
        aria-label={ariaLabel}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        onKeyDown={onButtonKey}
      >
        {label}
        {showCaret && <DownOutlined className="ss-dmenu-caret" aria-hidden />}
      </button>
      <ul id={listId} className={`ss-dmenu-panel ss-dmenu-panel--${align}`} hidden={!open} onKeyDown={onListKey}>
        {header && (
          <li className="ss-dmenu-header">
            {header}
          </li>
        )}
        {items.map((item) =>
          'to' in item ? (
            <li key={item.to}>
              <Link to={item.to} onClick={close}>
                {item.label}
              </Link>
            </li>
          ) : (
            <li key={item.label}>
              <button
                type="button"
                className="ss-dmenu-action"
                data-testid={item.testId}
                onClick={() => {
                  close();
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
