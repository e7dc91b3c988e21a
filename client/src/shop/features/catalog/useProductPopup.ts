import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ProductListItem } from './catalogTypes';

/** The search parameter that holds the open popup's product id (`/products?q=精華&product=12`). */
export const POPUP_PARAM = 'product';

/** Marks the history entry this page pushed to open the popup (Back, X and Escape pop it). */
interface PopupState {
  productPopup?: true;
}

/** The search string with the popup's parameter set or removed, other parameters (search, filter, sort) kept. */
export function popupSearch(params: URLSearchParams, productId: number | null): string {
  const next = new URLSearchParams(params);
  if (productId == null) next.delete(POPUP_PARAM);
  else next.set(POPUP_PARAM, String(productId));
  const s = next.toString();
  return s ? `?${s}` : '';
}

/** The product id in the URL, if it is a positive integer. */
export function popupProductId(params: URLSearchParams): number | null {
  const raw = params.get(POPUP_PARAM);
  return raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/**
 * The product popup lives in the URL, so the phone's Back button closes it and leaves the
 * list as it was (search, category, sort). Opening pushes an entry; closing (X, Escape, after
 * adding) goes back over that entry, so no extra entry is left behind. A popup opened from a
 * shared or reloaded URL has no entry of ours: closing then replaces the URL instead.
 */
export function useProductPopup(products: readonly ProductListItem[] | undefined) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = popupProductId(params);
  const product = useMemo(() => (id == null ? null : (products?.find((p) => p.product_id === id) ?? null)), [id, products]);
  const pushed = (location.state as PopupState | null)?.productPopup === true;
  // One close per entry: a second call before the URL changed (Escape, then the add) must not go back twice.
  const closedEntry = useRef<string | null>(null);

  const open = useCallback(
    (p: ProductListItem) => {
      const state: PopupState = { productPopup: true };
      void navigate({ search: popupSearch(params, p.product_id) }, { state, preventScrollReset: true });
    },
    [navigate, params],
  );

  const close = useCallback(() => {
    if (popupProductId(params) == null || closedEntry.current === location.key) return;
    closedEntry.current = location.key;
    if (pushed) void navigate(-1);
    else void navigate({ search: popupSearch(params, null) }, { replace: true, preventScrollReset: true });
  }, [navigate, params, pushed, location.key]);

  return { product, open, close };
}
