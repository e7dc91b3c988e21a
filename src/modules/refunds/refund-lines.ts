import { allocate } from '../../common/money/allocate';
import { REFUND_MSG, refundOverMessage, refundQuantityOverMessage } from '../../common/validation/admin';
import { unitsValue } from '../../common/validation/refund-units';

/**
 * Refunds by line (issue 19 §5), pure: what each order line may still give back, and how one refund
 * request becomes lines (refund_items) and a shipping part (refunds.shipping_amount). Unit-tested in
 * refund-lines.spec.ts; RefundPlanner (refund-planner.service.ts) loads the rows and writes the result.
 *
 * - A line's refundable amount = its stored `amount` (after discounts) − what earlier refunds took of it.
 * - q units of a line of Q units and amount A, r already refunded by unit: floor(A·(r+q)/Q) − floor(A·r/Q),
 *   never more than what is left of the line; the last units take the rest (so Q units give back A exactly).
 * - An amount is spread over the lines by the largest remainder (allocate), weighted and capped by what
 *   each line has left. The shipping fee is refunded only whole (what is left of it), never spread.
 */

/** An order line as stored. */
export interface OrderLine {
  order_item_id: number;
  variant_id: number | null;
  title: string;
  variant_name: string;
  price: number;
  quantity: number;
  /** price × quantity − discount. */
  amount: number;
}

/** What an earlier refund (not failed) took of a line. */
export interface TakenLine {
  order_item_id: number;
  quantity: number;
  amount: number;
}

/** A line and what is left of it. */
export interface LineState extends OrderLine {
  refunded_quantity: number;
  refunded_amount: number;
  left_quantity: number;
  left_amount: number;
}

/** One line of a refund: `quantity` 0 when an amount was spread. */
export interface PlannedLine {
  order_item_id: number;
  quantity: number;
  amount: number;
}

export interface RefundPlan {
  amount: number;
  shipping_amount: number;
  lines: PlannedLine[];
}

/** The request: items named, or an amount (the refund's total), or neither (all that is left). */
export interface RefundRequest {
  amount?: number;
  items?: { order_item_id: number; quantity: number }[];
  /** true: the shipping fee (what is left of it) goes back too; false: not; absent: as before (an amount fills lines first, then shipping). */
  shipping?: boolean;
}

/** A refusal tied to one request field (the screen shows it under that field). */
export class RefundFieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * Each line with what earlier refunds took (Σ of their refund_items). `unattributed`: NT$ the order
 * shows refunded but no refund_items explain (refunds made before lines were recorded): taken from
 * the lines by the largest remainder, then from shipping — returned as the shipping taken.
 */
export function lineStates(lines: OrderLine[], taken: TakenLine[], shippingFee: number, shippingTaken: number, unattributed = 0): { lines: LineState[]; shippingLeft: number } {
  const states = lines.map((l) => {
    const mine = taken.filter((t) => t.order_item_id === l.order_item_id);
    const refunded_quantity = Math.min(l.quantity, mine.reduce((s, t) => s + t.quantity, 0));
    const refunded_amount = Math.min(l.amount, mine.reduce((s, t) => s + t.amount, 0));
    return { ...l, refunded_quantity, refunded_amount, left_quantity: l.quantity - refunded_quantity, left_amount: l.amount - refunded_amount };
  });
  let shippingLeft = Math.max(0, shippingFee - shippingTaken);
  if (unattributed > 0) {
    const room = states.reduce((s, l) => s + l.left_amount, 0);
    const fromLines = Math.min(unattributed, room);
    const shares = fromLines > 0 ? allocate(fromLines, states.map((l) => l.left_amount), states.map((l) => l.left_amount)) : states.map(() => 0);
    states.forEach((l, i) => {
      l.refunded_amount += shares[i];
      l.left_amount -= shares[i];
    });
    shippingLeft = Math.max(0, shippingLeft - (unattributed - fromLines));
  }
  return { lines: states, shippingLeft };
}

/** NT$ that `q` more units of a line give back (see the file comment; shared with the refund form). */
export { unitsValue };

/** What may still be refunded in total (NT$). */
export function refundableTotal(lines: LineState[], shippingLeft: number): number {
  return lines.reduce((s, l) => s + l.left_amount, 0) + shippingLeft;
}

/** Turns a request into lines and a shipping part. Throws RefundFieldError for a field that does not fit. */
export function planRefund(req: RefundRequest, lines: LineState[], shippingLeft: number): RefundPlan {
  const linesLeft = lines.reduce((s, l) => s + l.left_amount, 0);
  const total = linesLeft + shippingLeft;
  if (req.items && req.amount !== undefined) throw new RefundFieldError('amount', REFUND_MSG.itemsOrAmount);

  if (req.items) {
    if (req.items.length === 0) throw new RefundFieldError('items', REFUND_MSG.itemsRequired);
    const wanted = new Map<number, number>();
    req.items.forEach((it, i) => {
      const line = lines.find((l) => l.order_item_id === it.order_item_id);
      if (!line) throw new RefundFieldError(`items.${i}.order_item_id`, REFUND_MSG.itemNotInOrder);
      const q = (wanted.get(it.order_item_id) ?? 0) + it.quantity;
      if (q > line.left_quantity) throw new RefundFieldError(`items.${i}.quantity`, refundQuantityOverMessage(line.left_quantity), { refundable_quantity: line.left_quantity });
      wanted.set(it.order_item_id, q);
    });
    const planned = lines.filter((l) => wanted.has(l.order_item_id)).map((l) => ({ order_item_id: l.order_item_id, quantity: wanted.get(l.order_item_id)!, amount: unitsValue(l, wanted.get(l.order_item_id)!) }));
    return finish(planned, req.shipping ? shippingLeft : 0);
  }

  if (req.amount === undefined) {
    // Everything left: every unit still on a line, whatever money is left of it, and the shipping fee.
    const planned = lines.filter((l) => l.left_quantity > 0 || l.left_amount > 0).map((l) => ({ order_item_id: l.order_item_id, quantity: l.left_quantity, amount: l.left_amount }));
    return finish(planned, req.shipping === false ? 0 : shippingLeft);
  }

  const amount = req.amount;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RefundFieldError('amount', REFUND_MSG.amountInvalid);
  let shipping: number;
  if (req.shipping === true) {
    if (amount > total) throw new RefundFieldError('amount', refundOverMessage(total), { refundable: total });
    if (amount < shippingLeft) throw new RefundFieldError('amount', REFUND_MSG.amountBelowShipping, { shipping: shippingLeft });
    shipping = shippingLeft;
  } else if (req.shipping === false) {
    if (amount > linesLeft) throw new RefundFieldError('amount', refundOverMessage(linesLeft), { refundable: linesLeft });
    shipping = 0;
  } else {
    // As before this change: the lines first, what is beyond them from the shipping fee.
    if (amount > total) throw new RefundFieldError('amount', refundOverMessage(total), { refundable: total });
    shipping = Math.max(0, amount - linesLeft);
  }
  const spread = amount - shipping;
  const weights = lines.map((l) => l.left_amount);
  const shares = spread > 0 ? allocate(spread, weights, weights) : weights.map(() => 0);
  const planned = lines.map((l, i) => ({ order_item_id: l.order_item_id, quantity: 0, amount: shares[i] })).filter((p) => p.amount > 0);
  return finish(planned, shipping);
}

function finish(lines: PlannedLine[], shipping: number): RefundPlan {
  const amount = lines.reduce((s, l) => s + l.amount, 0) + shipping;
  if (amount <= 0) throw new RefundFieldError(lines.length ? 'items' : 'amount', REFUND_MSG.nothingToRefund);
  return { amount, shipping_amount: shipping, lines };
}

/**
 * The units a refund puts back in stock (restock ticked). `restockedBefore`: units of each line an
 * earlier refund (not failed) already put back; `wholeBefore`: an earlier refund put the whole order
 * back (before lines were recorded, or an amount refund with restock). Named units go back as named;
 * an amount refund puts back every unit not back yet.
 */
export function restockUnits(lines: OrderLine[], plan: Pick<RefundPlan, 'lines'>, restockedBefore: Map<number, number>, wholeBefore: boolean): { order_item_id: number; variant_id: number; quantity: number }[] {
  if (wholeBefore) return [];
  const named = plan.lines.some((p) => p.quantity > 0);
  const out: { order_item_id: number; variant_id: number; quantity: number }[] = [];
  for (const l of lines) {
    if (!l.variant_id) continue;
    const room = l.quantity - (restockedBefore.get(l.order_item_id) ?? 0);
    const want = named ? (plan.lines.find((p) => p.order_item_id === l.order_item_id)?.quantity ?? 0) : room;
    const q = Math.min(room, want);
    if (q > 0) out.push({ order_item_id: l.order_item_id, variant_id: l.variant_id, quantity: q });
  }
  return out;
}
