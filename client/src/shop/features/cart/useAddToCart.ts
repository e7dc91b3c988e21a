import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { toast } from '../../../app/lazyToast';
import { track } from '../../../shared/analytics/analytics';
import { addToCartEvent } from '../../../shared/analytics/events';
import { pinCartDropdown } from './cartDropdownSlice';
import { addItem, cartLineKey, lineLimit, selectCartItems, type CartItem } from './cartSlice';

/** How an add went: the quantity that really went in (the stock or 99 may hold it back). */
export interface AddOutcome {
  added: number;
  /** Already in the cart before this add. */
  inCart: number;
  limit: number;
}

/** How many of `item` fit beside what the cart already holds of the same line. */
export function addOutcome(items: readonly CartItem[], item: CartItem): AddOutcome {
  const line = items.find((i) => cartLineKey(i) === cartLineKey(item));
  const inCart = line?.quantity ?? 0;
  const limit = lineLimit(item.stock !== undefined ? item : (line ?? item));
  return { added: Math.max(0, Math.min(item.quantity, limit - inCart)), inCart, limit };
}

/** The toast after an add: success, what was held back by the stock, or why nothing was added. */
export function addMessage(item: CartItem, { added, inCart, limit }: AddOutcome): { kind: 'success' | 'warning'; text: string } {
  const name = item.variant_name ? `${item.title}（${item.variant_name}）` : item.title;
  const held = item.stock !== undefined && item.stock < 99 ? `庫存僅剩 ${item.stock} 件` : `每件商品最多 ${limit} 件`;
  if (added === 0) return { kind: 'warning', text: `購物車已有 ${inCart} 件「${name}」，${held}` };
  if (added < item.quantity) return { kind: 'warning', text: `已將「${name}」× ${added} 加入購物車（${held}）` };
  return { kind: 'success', text: `已將「${name}」× ${added} 加入購物車` };
}

/**
 * Adds a line (never past the stock or 99), shows the 5 s toast and opens the navbar cart
 * dropdown (spec 1 §4). Returns how many went in (0: the cart already holds all there is).
 */
export function useAddToCart(): (item: CartItem) => number {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  return useCallback(
    (item: CartItem) => {
      const outcome = addOutcome(selectCartItems(store.getState()), item);
      const message = addMessage(item, outcome);
      if (outcome.added > 0) {
        dispatch(addItem({ ...item, quantity: outcome.added }));
        dispatch(pinCartDropdown());
        track(addToCartEvent({ ...item, quantity: outcome.added }));
      }
      toast[message.kind](message.text, 'cart-added');
      return outcome.added;
    },
    [dispatch, store],
  );
}
