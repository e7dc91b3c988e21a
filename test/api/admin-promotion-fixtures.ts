/** Bodies of the admin 行銷活動 API tests (admin-promotions.api-spec.ts, admin-promotion-codes.api-spec.ts). */

/** A complete amount_off promotion as the admin form sends it; `over` changes fields. */
export function promotionBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: '測試滿額折',
    description: '',
    kind: 'amount_off',
    starts_at: null,
    ends_at: null,
    is_active: 1,
    stackable: 0,
    priority: 0,
    member_only: 0,
    first_order_only: 0,
    tier_ids: [],
    scope: 'all',
    product_ids: [],
    category_ids: [],
    exclude_product_ids: [],
    min_subtotal: null,
    min_quantity: null,
    tiers: [{ threshold: 1000, value: 100 }],
    percent: null,
    max_discount: null,
    bundle_quantity: null,
    bundle_price: null,
    gift_variant_id: null,
    gift_stock: null,
    addon_items: [],
    coupon_mode: 'none',
    shared_code: null,
    usage_limit: null,
    per_member_limit: null,
    ...over,
  };
}
