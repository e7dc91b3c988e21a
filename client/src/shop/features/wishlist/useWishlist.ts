import { useCallback, useMemo } from 'react';
import { toast } from '../../../app/lazyToast';
import { apiErrorMessage } from '../../../shared/api/baseApi';
import { errorStatusOf } from '../auth/watchSession';
import { useMemberGate } from './useMemberGate';
import { useToggleWishMutation, useWishlistQuery, WISH_MSG } from './wishlistApi';

const NONE: readonly number[] = [];

export interface Wishes {
  isWished: (productId: number) => boolean;
  /** 收藏 / 取消收藏 (a visitor goes to /login and back). */
  toggle: (productId: number) => void;
}

/**
 * The member's 收藏 hearts: one read of the wishlist's product ids for a logged-in member (a visitor
 * asks nothing), and the toggle with its toast (spec 4 §8 已加入收藏 / 已取消收藏).
 */
export function useWishlist(): Wishes {
  const { isLoggedIn, toLogin } = useMemberGate();
  const { data } = useWishlistQuery(undefined, { skip: !isLoggedIn });
  const [toggleWish] = useToggleWishMutation();
  const ids = useMemo(() => new Set(isLoggedIn && data?.success ? (data.productIds ?? NONE) : NONE), [data, isLoggedIn]);

  const toggle = useCallback(
    (productId: number) => {
      if (!isLoggedIn) {
        toLogin();
        return;
      }
      void (async () => {
        try {
          const answer = await toggleWish({ product_id: productId }).unwrap();
          if (!answer.success) throw { data: answer };
          toast.success(answer.message || (answer.wished ? WISH_MSG.added : WISH_MSG.removed), 'wish');
        } catch (err) {
          if (errorStatusOf(err) === 401) toLogin();
          else toast.error(apiErrorMessage(err) ?? WISH_MSG.failed, 'wish');
        }
      })();
    },
    [isLoggedIn, toLogin, toggleWish],
  );
  const isWished = useCallback((productId: number) => ids.has(productId), [ids]);
  return { isWished, toggle };
}
