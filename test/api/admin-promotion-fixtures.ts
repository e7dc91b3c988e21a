/** Bodies of the admin 行銷活動 API tests (admin-promotions.api-spec.ts, admin-promotion-codes.api-spec.ts). */

import { NEUTRAL_PROMOTION } from '../../src/common/validation/promotion-rules';

/** A complete amount_off promotion as the admin form sends it; `over` changes fields. */
export function promotionBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...NEUTRAL_PROMOTION,
    name: '測試滿額折',
    kind: 'amount_off',
    tiers: [{ threshold: 1000, value: 100 }],
    gift_stock: null,
    ...over,
  };
}
