import { useCallback } from 'react';
import type { PublicPromotion } from '@api/promotions';
import { badgesFor, type BadgeTarget, type ProductBadge } from './promotionBadges';
import { useLoadPromotionsQuery } from './promotionsApi';

const NONE: readonly PublicPromotion[] = [];

/**
 * The badges of any product, from one cached read of the public promotions: a list calls this once
 * and hands each card its badges (no request, no subscription per card). A failed read shows none.
 */
export function usePromotionBadges({ skip = false }: { skip?: boolean } = {}): (product: BadgeTarget) => ProductBadge[] {
  const { data } = useLoadPromotionsQuery(undefined, { skip });
  const promotions = data?.success ? data.promotions : NONE;
  return useCallback((product: BadgeTarget) => badgesFor(product, promotions), [promotions]);
}
