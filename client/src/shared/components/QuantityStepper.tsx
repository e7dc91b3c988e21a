import MinusOutlined from '@ant-design/icons/MinusOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Button, Input, Space } from 'antd';
import { useEffect, useId, useState } from 'react';
import { canDecrease, canIncrease, clampQuantity, QUANTITY_HINT } from '../lib/quantity';
import './QuantityStepper.css';

interface Props {
  value: number;
  onChange: (quantity: number) => void;
  /** Accessible name of the input; "數量" by default. */
  label?: string;
  showHint?: boolean;
  size?: 'small' | 'middle' | 'large';
  disabled?: boolean;
}

/**
 * Quantity 1–99 (spec 1 §5): typed values are clamped on change and on blur; minus is
 * disabled at 1 or below, plus at 99. An emptied field waits for the next digit or blur.
 */
export function QuantityStepper({ value, onChange, label = '數量', showHint = false, size = 'middle', disabled }: Props) {
  const [draft, setDraft] = useState(String(value));
  const hintId = useId();
  useEffect(() => setDraft(String(value)), [value]);

  const commit = (q: number) => {
    const next = clampQuantity(q);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <div className="ss-qty">
      <Space.Compact size={size}>
        <Button
          aria-label="減少數量"
          icon={<MinusOutlined />}
          disabled={disabled || !canDecrease(value)}
          onClick={() => commit(value - 1)}
        />
        <Input
          className="ss-qty-input"
          aria-label={label}
          aria-describedby={showHint ? hintId : undefined}
          inputMode="numeric"
          value={draft}
          disabled={disabled}
          onChange={(e) => {
            const text = e.target.value.replace(/[^\d]/g, '');
            if (text === '') setDraft('');
            else commit(Number(text));
          }}
          onBlur={() => commit(draft === '' ? 1 : Number(draft))}
          onPressEnter={() => commit(draft === '' ? 1 : Number(draft))}
        />
        <Button
          aria-label="增加數量"
          icon={<PlusOutlined />}
          disabled={disabled || !canIncrease(value)}
          onClick={() => commit(value + 1)}
        />
      </Space.Compact>
      {showHint && (
        <span id={hintId} className="ss-qty-hint">
          {QUANTITY_HINT}
        </span>
      )}
    </div>
  );
}
