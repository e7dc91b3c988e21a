/**
 * The demo shop's promotions (issue 20): live on a fresh `npm start`, one of each kind a shopper
 * meets in the cart, and the code WELCOME100 for a member's first order. The home banner
 * 「全館防曬滿 NT$1,500 再折 NT$150」 (demo-content.ts) is the 防曬季 promotion below: change both
 * together (demo-seed.spec.ts checks they agree).
 */
import { DEMO_PRODUCT_TYPES, DEMO_PRODUCTS } from './demo-products';
import { NEUTRAL_PROMOTION } from '../../common/validation/promotion-rules';

/** The code of the first-order promotion. */
export const DEMO_WELCOME_CODE = 'WELCOME100';
/** The 防曬季 promotion: its tier is the home banner's. */
export const DEMO_SUNSCREEN_TIER = { threshold: 1500, value: 150 } as const;

const productId = (title: string): number => {
  const i = DEMO_PRODUCTS.findIndex((p) => p.title === title);
  if (i < 0) throw new Error(`demo promotions: no product 「${title}」`);
  return i + 1; // demo-catalog.ts numbers products from 1 in list order
};
const typeId = (name: string): number => {
  const t = DEMO_PRODUCT_TYPES.find((x) => x.type_name === name);
  if (!t) throw new Error(`demo promotions: no category 「${name}」`);
  return t.id;
};

/**
 * The promotion rows; `variantId(product title, variant name)` finds a seeded variant's id (variants
 * are numbered by the database, which may not start at 1 after a reset on MariaDB).
 */
export function buildPromotions(variantId: (productTitle: string, variantName: string) => number): Record<string, unknown>[] {
  const base = { ...NEUTRAL_PROMOTION, used_count: 0 };
  return [
    { ...base, name: '滿千折百', description: '全館消費滿 NT$1,000 現折 NT$100', kind: 'amount_off', priority: 10, tiers: [{ threshold: 1000, value: 100 }] },
    {
      ...base,
      name: '全館 9 折（最高折 NT$300）',
      description: '單筆滿 NT$2,000 全館 9 折，最高折抵 NT$300',
      kind: 'percent_off',
      priority: 5,
      min_subtotal: 2000,
      percent: 10,
      max_discount: 300,
    },
    {
      ...base,
      // The single sheet (NT$ 99) is left out: three of them would cost less than the bundle.
      name: '面膜任選 3 件 NT$999',
      description: '面膜系列任選 3 件只要 NT$999（蠶絲緊緻面膜除外）',
      kind: 'bundle_price',
      priority: 8,
      scope: 'categories',
      category_ids: [typeId('面膜')],
      exclude_product_ids: [productId('蠶絲緊緻面膜')],
      bundle_quantity: 3,
      bundle_price: 999,
    },
    {
      ...base,
      name: '滿 1500 送旅行組',
      description: '單筆滿 NT$1,500 送「旅行輕巧組」旅行組一份，送完為止',
      kind: 'gift',
      min_subtotal: 1500,
      gift_variant_id: variantId('旅行輕巧組', '旅行組'),
      gift_stock: 100,
    },
    {
      ...base,
      name: '防曬季：防曬滿 NT$1,500 再折 NT$150',
      description: '防曬隔離系列滿 NT$1,500 再折 NT$150，可與其他優惠併用',
      kind: 'amount_off',
      stackable: 1,
      priority: 20,
      scope: 'categories',
      category_ids: [typeId('防曬隔離')],
      tiers: [{ ...DEMO_SUNSCREEN_TIER }],
    },
    {
      ...base,
      name: '新會員首購禮 WELCOME100',
      description: `會員首次購物滿 NT$500，輸入折扣碼 ${DEMO_WELCOME_CODE} 折 NT$100`,
      kind: 'amount_off',
      stackable: 1,
      priority: 30,
      member_only: 1,
      first_order_only: 1,
      tiers: [{ threshold: 500, value: 100 }],
      coupon_mode: 'shared',
      shared_code: DEMO_WELCOME_CODE,
      per_member_limit: 1,
    },
    {
      ...base,
      name: '滿 NT$800 加價購',
      description: '單筆滿 NT$800，蠶絲緊緻面膜 NT$49、護手霜三入組 NT$299 加價購',
      kind: 'addon',
      min_subtotal: 800,
      addon_items: [
        { variant_id: variantId('蠶絲緊緻面膜', '單片'), addon_price: 49, max_per_order: 2 },
        { variant_id: variantId('護手霜三入組', '三入組'), addon_price: 299, max_per_order: 1 },
      ],
    },
    // Not running: shows staff a 已停用 row to switch on.
    { ...base, name: '週年慶全館 85 折', description: '週年慶限定：全館 85 折，最高折抵 NT$500', kind: 'percent_off', is_active: 0, percent: 15, max_discount: 500 },
  ];
}
