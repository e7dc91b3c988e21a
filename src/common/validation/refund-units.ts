/**
 * NT$ that `q` more units of an order line give back (refunds by line, issue 19 §5), shared by the
 * server's refund plan (src/modules/refunds/refund-lines.ts) and the admin refund form's estimate:
 * of a line of Q units and amount A (after discounts) with r units refunded already,
 * floor(A·(r+q)/Q) − floor(A·r/Q), never more than what is left of the line; the last units take the
 * rest, so Q units give back A exactly.
 */
export function unitsValue(line: { amount: number; quantity: number; refunded_quantity: number; left_quantity: number; left_amount: number }, q: number): number {
  if (q <= 0) return 0;
  if (q >= line.left_quantity) return line.left_amount;
  const r = line.refunded_quantity;
  const value = Math.floor((line.amount * (r + q)) / line.quantity) - Math.floor((line.amount * r) / line.quantity);
  return Math.max(0, Math.min(line.left_amount, value));
}
