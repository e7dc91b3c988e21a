import { Modal } from 'antd';
import { useCallback, useEffect, useRef, type ReactElement } from 'react';
import { CHECKOUT_MSG } from '@rules/checkout-rules';
import { MOBILE_QUERY } from '../../../shared/hooks/useMediaQuery';
import { browser, isWebUrl } from './browser';
import { useGetCvsMapUrlMutation } from './checkoutApi';
import type { StoreFields } from './checkoutForm';
import { pickedStoreFrom } from './pickedStore';

/** The message the map's return page posts to its opener (desktop), from our own origin. */
export const CVS_STORE_MESSAGE = 'skinshop:cvs-store';
/** The map window: 800 × 600 (spec 2 §7). */
export const MAP_WINDOW = { name: 'cvsmap', features: 'width=800,height=600' } as const;

const isPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;

/** The status of an RTK Query error ('FETCH_ERROR' for a network failure), if any. */
function errorStatus(error: unknown): unknown {
  return error && typeof error === 'object' && 'status' in error ? (error as { status?: unknown }).status : undefined;
}

function errorData(error: unknown): { message?: unknown; payuniMsg?: unknown } | undefined {
  const data = error && typeof error === 'object' && 'data' in error ? (error as { data?: unknown }).data : undefined;
  return data && typeof data === 'object' ? (data as { message?: unknown; payuniMsg?: unknown }) : undefined;
}

interface Options {
  userId: number;
  /** A store arrived from the map window (desktop). */
  onStore: (store: StoreFields) => void;
  /** The page is about to leave for the map (phones): save the form first. */
  beforeLeave: () => void;
}

/**
 * The PAYUNi 7-11 store map (spec 2 §7, issue 10). Desktop: an 800×600 window opened on the click
 * itself (popup blockers allow only that), into which the map form is posted; its return page posts
 * the store back here. Phones (or a blocked popup): the form is posted into this page and the map
 * comes back through /checkoutCvsResult. Failures: a dialog with the server's message and
 * payuniMsg; a network failure says 伺服器錯誤 (spec 2 §8).
 */
export function useCvsMap({ userId, onStore, beforeLeave }: Options): { open: () => void; opening: boolean; dialogs: ReactElement } {
  const [getMapUrl, { isLoading: opening }] = useGetCvsMapUrlMutation();
  const [modal, dialogs] = Modal.useModal();
  const onStoreRef = useRef(onStore);
  const beforeLeaveRef = useRef(beforeLeave);
  useEffect(() => {
    onStoreRef.current = onStore;
    beforeLeaveRef.current = beforeLeave;
  }, [onStore, beforeLeave]);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin) return;
      const data = e.data as { type?: unknown } | null;
      if (!data || typeof data !== 'object' || data.type !== CVS_STORE_MESSAGE) return;
      const store = pickedStoreFrom(data);
      if (store) onStoreRef.current(store);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const open = useCallback(() => {
    // Opened synchronously, inside the click: a window opened after the answer would be blocked.
    const popup = isPhone() ? null : browser.openWindow(MAP_WINDOW.name, MAP_WINDOW.features);
    const mobile = popup === null;
    void (async () => {
      try {
        const answer = await getMapUrl({ user_id: userId, isMobile: mobile }).unwrap();
        if (!answer.success || !isWebUrl(answer.go_url)) throw { status: 200, data: answer };
        if (popup) {
          browser.postForm(answer.go_url, answer.body ?? {}, MAP_WINDOW.name);
          popup.focus();
        } else {
          beforeLeaveRef.current();
          browser.postForm(answer.go_url, answer.body ?? {}, '_self');
        }
      } catch (err) {
        popup?.close();
        const status = errorStatus(err);
        const data = errorData(err);
        const message = typeof data?.message === 'string' && data.message ? data.message : undefined;
        const payuniMsg = typeof data?.payuniMsg === 'string' && data.payuniMsg ? data.payuniMsg : undefined;
        if (!message && (typeof status !== 'number' || status >= 500)) {
          void modal.error({ title: CHECKOUT_MSG.mapNetworkError, okText: '確定' });
        } else {
          void modal.error({ title: message ?? CHECKOUT_MSG.mapFailed, content: payuniMsg, okText: '確定' });
        }
      }
    })();
  }, [getMapUrl, modal, userId]);

  return { open, opening, dialogs };
}
