import { reminderItemsText, wellFormedLines } from './cart-lines';

describe('server cart lines', () => {
  const now = Date.parse('2026-11-28T12:00:00.000Z');

  it('keeps well-formed lines (0–99 for PUT, 1–99 for merge), the last of a variant winning; a missing or future time is now', () => {
    const raw = [
      { product_id: 1, variant_id: 10, quantity: 2, updated_at: '2026-11-28T11:00:00.000Z' },
      { product_id: 1, variant_id: 11, quantity: 0 },
      { product_id: 1, variant_id: 12, quantity: 3, updated_at: '2027-01-01T00:00:00.000Z' },
      { product_id: 1, variant_id: 13, quantity: 100 },
      { product_id: 1, variant_id: 0, quantity: 1 },
      { product_id: '1', variant_id: 14, quantity: 1 },
      { product_id: 1, variant_id: 15, quantity: 1.5 },
      { product_id: 1, variant_id: 16, quantity: 1, updated_at: 'yesterday' },
      null,
      [1, 2],
      { product_id: 1, variant_id: 10, quantity: 4, updated_at: '2026-11-28T11:30:00.000Z' },
    ];
    expect(wellFormedLines(raw, now, true)).toEqual([
      { product_id: 1, variant_id: 10, quantity: 4, at: Date.parse('2026-11-28T11:30:00.000Z') },
      { product_id: 1, variant_id: 11, quantity: 0, at: now },
      { product_id: 1, variant_id: 12, quantity: 3, at: now },
      { product_id: 1, variant_id: 16, quantity: 1, at: now },
    ]);
    expect(wellFormedLines(raw, now, false).map((l) => l.variant_id)).toEqual([10, 12, 16]);
  });

  it('names the first two items and counts them', () => {
    expect(reminderItemsText(['A'])).toBe('「A」 等 1 件');
    expect(reminderItemsText(['A', 'B', 'C'])).toBe('「A」、「B」 等 3 件');
  });
});
