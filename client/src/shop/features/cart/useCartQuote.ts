import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { QuoteAnswer, QuoteCartItem, QuoteRequest } from '@api/promotions';
import { useAppSelector } from '../../../app/hooks';
import { apiErrorMessage } from '../../../shared/api/baseApi';
import { selectCartAddons, selectCartItems, selectCouponCode } from './cartSlice';
import { useCartQuoteQuery } from './quoteApi';

/** Spec 4 §8: a quote that failed without the server's own message. */
export const QUOTE_FAILED = '無法計算金額，請稍後再試';

/** Quantity typing settles this long before the cart is priced again. */
export const QUOTE_SETTLE_MS = 300;

export interface CartQuote {
  /** The quote of the cart as it is now: undefined while it is being asked, after a failure, or without lines. */
  quote: QuoteAnswer | undefined;
  /** The last successful quote, maybe of an earlier cart: only for what needs an idea of the amount (payment limits). */
  lastQuote: QuoteAnswer | undefined;
  /** Asking (or waiting for the typing to settle). */
  loading: boolean;
  /** Why there is no quote: the server's message, else 無法計算金額，請稍後再試. */
  error: string | undefined;
  /** What the shown quote was asked with (submitOrder sends the same lines). */
  request: QuoteRequest | undefined;
  /** Asks again (a refused submit says the prices changed). */
  refetch: () => void;
}

/** `key` once it has not changed for `ms` (the first value at once). */
function useSettled(key: string, ms: number): string {
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    if (key === settled) return undefined;
    const timer = setTimeout(() => setSettled(key), ms);
    return () => clearTimeout(timer);
  }, [key, settled, ms]);
  return settled;
}

/**
 * The server's quote of the cart (spec 4 §4) with this shipping method, the cart's coupon code and
 * add-ons, and the checkout's points (usePoints); asked again whenever any of them changes. Nothing is priced here: a figure the server
 * has not quoted is never shown (§8).
 */
export function useCartQuote(shipping: number | undefined, { skip = false, usePoints = 0 }: { skip?: boolean; usePoints?: number } = {}): CartQuote {
  const items = useAppSelector(selectCartItems);
  const couponCode = useAppSelector(selectCouponCode);
  const addons = useAppSelector(selectCartAddons);
  const itemsKey = JSON.stringify(items.map((i): QuoteCartItem => ({ product_id: i.product_id, variant_id: i.variant_id || 0, quantity: i.quantity })));
  const settledKey = useSettled(itemsKey, QUOTE_SETTLE_MS);
  const settling = settledKey !== itemsKey;
  const addonsKey = JSON.stringify(addons);

  const request = useMemo((): QuoteRequest | undefined => {
    const cartItems = JSON.parse(settledKey) as QuoteCartItem[];
    if (cartItems.length === 0) return undefined;
    const chosen = JSON.parse(addonsKey) as QuoteRequest['addons'];
    return {
      cartItems,
      ...(shipping ? { shipping } : {}),
      ...(couponCode ? { couponCode } : {}),
      ...(usePoints > 0 ? { usePoints } : {}),
      ...(chosen?.length ? { addons: chosen } : {}),
    };
  }, [settledKey, shipping, couponCode, usePoints, addonsKey]);

  const off = skip || !request;
  // A cart asked again after a while is priced afresh (stock, a code's uses, the promotion's window).
  const q = useCartQuoteQuery(off ? skipToken : request, { refetchOnMountOrArgChange: 15 });
  const loading = !off && (settling || q.isFetching || q.isLoading);
  const answer = loading || off ? undefined : q.currentData;
  let error: string | undefined;
  if (!loading && !off) {
    if (q.isError) error = apiErrorMessage(q.error) ?? QUOTE_FAILED;
    else if (answer && !answer.success) error = answer.message || QUOTE_FAILED;
  }
  const { refetch: ask } = q;
  const refetch = useCallback(() => {
    if (!off) void ask();
  }, [off, ask]);

  return {
    quote: answer?.success ? answer : undefined,
    lastQuote: q.data?.success ? q.data : undefined,
    loading,
    error,
    request: off ? undefined : request,
    refetch,
  };
}
