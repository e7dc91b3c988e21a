/**
 * Spreads a whole-NT$ amount over parts in proportion to their weights, by the largest remainder
 * (Hamilton): each part gets floor(amount × w / Σw), and the NT$ still missing go one each to the
 * parts with the largest remainders, ties to the earlier part. The shares add up to `amount`
 * exactly. With `caps`, no part gets more than its cap (a line never goes below 0): what a capped
 * part cannot take is spread again over the others.
 *
 * allocate(100, [1, 1, 1]) → [34, 33, 33]; allocate(10, [0, 5]) → [0, 10].
 * Throws when amount is not a non-negative safe integer, a weight is negative, or the amount
 * exceeds Σ caps (or is positive while Σ weights is 0).
 */
export function allocate(amount: number, weights: readonly number[], caps?: readonly number[]): number[] {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`allocate: amount must be a whole NT$ ≥ 0, got ${amount}`);
  if (weights.some((w) => !Number.isFinite(w) || w < 0)) throw new RangeError('allocate: weights must be ≥ 0');
  if (caps && caps.length !== weights.length) throw new RangeError('allocate: caps and weights differ in length');
  const shares = weights.map(() => 0);
  let left = amount;
  let open = weights.map((w, i) => (w > 0 && (!caps || caps[i] > 0) ? i : -1)).filter((i) => i >= 0);
  while (left > 0) {
    if (open.length === 0) throw new RangeError(`allocate: cannot place ${left} NT$ (weights or caps too small)`);
    const total = open.reduce((s, i) => s + weights[i], 0);
    const raw = open.map((i) => (left * weights[i]) / total);
    const floors = raw.map(Math.floor);
    let rest = left - floors.reduce((s, f) => s + f, 0);
    const order = open.map((_, k) => k).sort((a, b) => raw[b] - floors[b] - (raw[a] - floors[a]) || a - b);
    for (const k of order) {
      if (rest === 0) break;
      floors[k] += 1;
      rest -= 1;
    }
    let placed = 0;
    open.forEach((i, k) => {
      const room = caps ? caps[i] - shares[i] : Infinity;
      const take = Math.min(floors[k], room);
      shares[i] += take;
      placed += take;
    });
    left -= placed;
    open = open.filter((i) => !caps || shares[i] < caps[i]);
    if (placed === 0 && left > 0) throw new RangeError(`allocate: cannot place ${left} NT$`);
  }
  return shares;
}
