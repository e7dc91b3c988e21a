import type { PromotionKind, PromotionTierInput } from '../../common/api/promotions';

const nt = (n: number) => n.toLocaleString('en-US');

/** What a badge is made of (the entity or the engine's promotion). */
export interface BadgeSource {
  kind: PromotionKind | string;
  tiers: readonly PromotionTierInput[] | null;
  percent: number | null;
  bundle_quantity: number | null;
  bundle_price: number | null;
}

/**
 * The short text on product cards and the promotion list (issue 20 rule 16): 滿千折百 or
 * 滿 1,500 折 150 (the lowest tier), 9 折 / 85 折, 任選 3 件 NT$ 999, 免運, 滿額贈, 加價購.
 */
export function promotionBadge(p: BadgeSource): string {
  switch (p.kind) {
    case 'amount_off': {
      const tier = [...(p.tiers ?? [])].sort((a, b) => a.threshold - b.threshold)[0];
      if (!tier) return '滿額折';
      return tier.threshold === 1000 && tier.value === 100 ? '滿千折百' : `滿 ${nt(tier.threshold)} 折 ${nt(tier.value)}`;
    }
    case 'percent_off': {
      const q = 100 - (p.percent ?? 0);
      return q % 10 === 0 ? `${q / 10} 折` : `${q} 折`;
    }
    case 'bundle_price':
      return `任選 ${p.bundle_quantity ?? 0} 件 NT$ ${nt(p.bundle_price ?? 0)}`;
    case 'free_shipping':
      return '免運';
    case 'gift':
      return '滿額贈';
    case 'addon':
      return '加價購';
    default:
      return '';
  }
}
