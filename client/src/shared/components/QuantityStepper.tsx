import MinusOutlined from '@ant-design/icons/MinusOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useEffect, useId, useState } from 'react';
import { canDecrease, canIncrease, clampQuantity, quantityHint, quantityLimit, stockBound } from '../lib/quantity';
import './QuantityStepper.css';

interface Props {
  value: number;
  onChange: (quantity: number) => void;
  /** Accessible name of the input; "數量" by default. */
  label?: string;
  /**
   * The stock that caps the quantity (the chosen variant's); unknown or 99 and more: 99.
   * Below 99 the hint says 庫存僅剩 N 件.
   */
  stock?: number | null;
  /** Always show the hint (最多可選 99 件 / 庫存僅剩 N 件); without it the hint appears only once the stock is reached. */
  showHint?: boolean;
  size?: 'small' | 'middle' | 'large';
  disabled?: boolean;
}

/**
 * Quantity 1–99 (spec 1 §5), never above the stock: typed values are clamped on change and on
 * blur; minus is disabled at 1 or below, plus at 99 or the stock. An emptied field waits for the
 * next digit or blur. The hint is a polite live region, so a capped value is announced.
 * Plain elements styled like antd's compact group: antd's Space.Compact, Button and Input
 * generated their styles during the product page's first render.
 */
export function QuantityStepper({ value, onChange, label = '數量', stock, showHint = false, size = 'middle', disabled = false }: Props) {
  const [draft, setDraft] = useState(String(value));
  const hintId = useId();
  useEffect(() => setDraft(String(value)), [value]);
  const limit = quantityLimit(stock);
  const atStock = stockBound(stock) && value >= limit;
  const hinted = showHint || atStock || (stock != null && stock <= 0);

  const commit = (q: number) => {
    const next = clampQuantity(q, limit);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };
  const commitDraft = () => commit(draft === '' ? 1 : Number(draft));

  return (
    <div className="ss-qty">
      <div className={`ss-qty-group ss-qty-group--${size}`}>
        <button
          type="button"
          className="ss-qty-btn"
          aria-label="減少數量"
          disabled={disabled || !canDecrease(value)}
          onClick={() => commit(value - 1)}
        >
          <MinusOutlined />
        </button>
        <input
          type="text"
          className="ss-qty-input"
          aria-label={label}
          aria-describedby={hinted ? hintId : undefined}
          inputMode="numeric"
          autoComplete="off"
          value={draft}
          disabled={disabled}
          onChange={(e) => {
            const text = e.target.value.replace(/[^\d]/g, '');
            if (text === '') setDraft('');
            else commit(Number(text));
          }}
          onBlur={commitDraft}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) commitDraft();
          }}
        />
        <button
          type="button"
          className="ss-qty-btn"
          aria-label="增加數量"
          disabled={disabled || !canIncrease(value, limit)}
          onClick={() => commit(value + 1)}
        >
          <PlusOutlined />
        </button>
      </div>
      <span id={hintId} className={`ss-qty-hint${atStock ? ' is-limit' : ''}`} aria-live="polite" hidden={!hinted}>
        {hinted ? quantityHint(stock) : null}
      </span>
    </div>
  );
}
