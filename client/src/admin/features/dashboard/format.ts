/** `NT$ 12,345` (integer NT$). */
export function ntd(amount: number): string {
  return `NT$ ${amount.toLocaleString('zh-TW')}`;
}

/** A chart axis label: `1.2萬`, `8,500`. */
export function ntdShort(amount: number): string {
  if (Math.abs(amount) >= 10_000) return `${(amount / 10_000).toLocaleString('zh-TW', { maximumFractionDigits: 1 })}萬`;
  return amount.toLocaleString('zh-TW');
}

/** `YYYY-MM-DD` → `M/D`. */
export function monthDay(date: string): string {
  const [, m, d] = date.split('-');
  return `${Number(m)}/${Number(d)}`;
}
