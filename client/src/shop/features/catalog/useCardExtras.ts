import { useCallback } from 'react';
import { useRatingsQuery } from '../reviews/reviewsApi';
import { useWishlist } from '../wishlist/useWishlist';

/**
 * What a list's cards add (spec 4 §2): each product's rating, from one cached read of every
 * product's (`GET /api/load/ratings`), and the 收藏 heart (the member's wishlist, read only for a
 * logged-in member). A list calls this once and hands each card its part.
 */
export function useCardExtras() {
  const { data } = useRatingsQuery();
  const wishes = useWishlist();
  const ratings = data?.success ? data.ratings : undefined;
  const ratingOf = useCallback((productId: number) => ratings?.[String(productId)], [ratings]);
  const wishOf = useCallback(
    (productId: number) => ({ wished: wishes.isWished(productId), onToggle: () => wishes.toggle(productId) }),
    [wishes],
  );
  return { ratingOf, wishOf };
}
