import StarFilled from '@ant-design/icons/StarFilled';
import './Stars.css';

/** Five stars, `value` of them lit (rounded to the nearest half is not needed: whole stars from 0.5 up). Read-only. */
export function Stars({ value, size = 14, label }: { value: number; size?: number; label?: string }) {
  const lit = Math.round(value);
  return (
    <span className="ss-stars" role="img" aria-label={label ?? `${value} 顆星`} style={{ fontSize: size }}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarFilled key={n} aria-hidden className={n <= lit ? 'is-lit' : undefined} />
      ))}
    </span>
  );
}

/** 4.6 (one decimal, spec 4 §3). */
export const averageText = (average: number): string => (Math.round(average * 10) / 10).toFixed(1);
