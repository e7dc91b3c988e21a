import type { CouponMode, PromotionKind, PromotionScope } from '@api/promotions';
import { DatePicker, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { PROMOTION_LIMITS } from '@rules/promotion-rules';
import { CategoriesSelect, ProductsSelect } from './CatalogPickers';
import { KindFields } from './KindFields';
import type { PromotionValues } from './promotionForm';
import { COUPON_LABEL, KIND_HINT, KIND_OPTIONS, SCOPE_LABEL } from './promotionText';

const whole = { min: 0, precision: 0, className: 'ss-promo-number' } as const;
const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * The top-level fields the form shows for these choices: a rule or server message on another
 * field is listed in the banner instead (nothing is lost).
 */
export function shownFields(v: Pick<PromotionValues, 'kind' | 'scope' | 'coupon_mode'>, canSeeCodes: boolean): Set<string> {
  const shown = [
    'name', 'description', 'kind', 'starts_at', 'ends_at', 'is_active', 'stackable', 'priority', 'member_only', 'first_order_only',
    'scope', 'min_subtotal', 'min_quantity', 'coupon_mode', 'usage_limit', 'per_member_limit',
  ];
  if (v.scope === 'products') shown.push('product_ids');
  else shown.push('exclude_product_ids');
  if (v.scope === 'categories') shown.push('category_ids');
  const byKind: Partial<Record<PromotionKind, string[]>> = {
    amount_off: ['tiers'],
    percent_off: ['percent', 'max_discount'],
    bundle_price: ['bundle_quantity', 'bundle_price'],
    gift: ['gift_variant_id', 'gift_stock'],
    addon: ['addon_items'],
  };
  if (v.kind) shown.push(...(byKind[v.kind] ?? []));
  if (v.coupon_mode === 'shared' && canSeeCodes) shown.push('shared_code');
  return new Set(shown);
}

interface Props {
  kind: PromotionKind | undefined;
  scope: PromotionScope;
  couponMode: CouponMode;
  readOnly: boolean;
  /** Editors never see codes (spec 4 §6). */
  canSeeCodes: boolean;
}

/** The promotion form's sections (spec 4 §3): basics, what it gives, where and for whom, codes and limits. */
export function PromotionFields({ kind, scope, couponMode, readOnly, canSeeCodes }: Props) {
  return (
    <>
      <h3 className="ss-admin-section-title">基本資料</h3>
      <div className="ss-promo-grid">
        <Form.Item name="name" label="活動名稱" className="ss-promo-wide">
          <Input maxLength={PROMOTION_LIMITS.name} showCount placeholder="例：滿千折百" />
        </Form.Item>
        <Form.Item name="description" label="活動說明（顧客可見）" className="ss-promo-wide">
          <Input.TextArea maxLength={PROMOTION_LIMITS.description} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="kind" label="活動類型" extra={kind ? KIND_HINT[kind] : undefined} className="ss-promo-wide">
          <Select options={KIND_OPTIONS} placeholder="請選擇活動類型" aria-label="活動類型" />
        </Form.Item>
        <Form.Item name="starts_at" label="開始時間（台北時間）" extra="留空表示立即開始">
          <DatePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} placeholder="不限" className="ss-promo-date" aria-label="開始時間" />
        </Form.Item>
        <Form.Item name="ends_at" label="結束時間（台北時間）" extra="留空表示不限結束">
          <DatePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} placeholder="不限" className="ss-promo-date" aria-label="結束時間" />
        </Form.Item>
        <Form.Item name="is_active" label="啟用" valuePropName="checked">
          <Switch aria-label="啟用" />
        </Form.Item>
        <Form.Item name="priority" label="優先順序" extra={`0–${PROMOTION_LIMITS.priority}，數字大者優先`}>
          <InputNumber min={0} max={PROMOTION_LIMITS.priority} precision={0} className="ss-promo-number" aria-label="優先順序" />
        </Form.Item>
        <Form.Item name="stackable" label="可與其他折扣併用" valuePropName="checked" extra="不可併用的折扣只會套用對顧客最划算的一個">
          <Switch aria-label="可與其他折扣併用" />
        </Form.Item>
      </div>

      <h3 className="ss-admin-section-title">活動內容</h3>
      <KindFields kind={kind} readOnly={readOnly} />

      <h3 className="ss-admin-section-title">適用範圍與條件</h3>
      <div className="ss-promo-grid">
        <Form.Item name="scope" label="適用商品" className="ss-promo-wide">
          <Radio.Group options={(['all', 'products', 'categories'] as const).map((value) => ({ value, label: SCOPE_LABEL[value] }))} aria-label="適用商品" />
        </Form.Item>
        {scope === 'products' && (
          <Form.Item name="product_ids" label="指定商品" className="ss-promo-wide">
            <ProductsSelect aria-label="指定商品" disabled={readOnly} />
          </Form.Item>
        )}
        {scope === 'categories' && (
          <Form.Item name="category_ids" label="指定分類" className="ss-promo-wide">
            <CategoriesSelect aria-label="指定分類" disabled={readOnly} />
          </Form.Item>
        )}
        {scope !== 'products' && (
          <Form.Item name="exclude_product_ids" label="排除商品" className="ss-promo-wide">
            <ProductsSelect aria-label="排除商品" disabled={readOnly} placeholder="不排除" />
          </Form.Item>
        )}
        <Form.Item name="min_subtotal" label="最低消費（NT$）" extra="符合商品金額；留空表示不限">
          <InputNumber {...whole} aria-label="最低消費" />
        </Form.Item>
        <Form.Item name="min_quantity" label="最低件數" extra="符合商品件數；留空表示不限">
          <InputNumber {...whole} min={1} aria-label="最低件數" />
        </Form.Item>
        <Form.Item name="member_only" label="限會員" valuePropName="checked">
          <Switch aria-label="限會員" />
        </Form.Item>
        <Form.Item name="first_order_only" label="限首次購物" valuePropName="checked">
          <Switch aria-label="限首次購物" />
        </Form.Item>
      </div>

      <h3 className="ss-admin-section-title">折扣碼與使用次數</h3>
      <div className="ss-promo-grid">
        <Form.Item name="coupon_mode" label="套用方式" className="ss-promo-wide">
          <Radio.Group options={(['none', 'shared', 'unique'] as const).map((value) => ({ value, label: COUPON_LABEL[value] }))} aria-label="套用方式" />
        </Form.Item>
        {couponMode === 'shared' && canSeeCodes && (
          <Form.Item
            name="shared_code"
            label="折扣碼"
            extra={`${PROMOTION_LIMITS.codeMin}–${PROMOTION_LIMITS.codeMax} 個英文大寫、數字或 -（不分大小寫）`}
            normalize={(v: string) => v.toUpperCase()}
            className="ss-promo-wide"
          >
            <Input maxLength={PROMOTION_LIMITS.codeMax} placeholder="例：WELCOME100" autoComplete="off" />
          </Form.Item>
        )}
        {couponMode === 'unique' && (
          <p className="ss-admin-muted ss-promo-wide">{canSeeCodes ? '儲存後在列表按「折扣碼」產生一組一次性的折扣碼。' : '此活動使用一次性折扣碼。'}</p>
        )}
        <Form.Item name="usage_limit" label="總使用次數上限" extra="留空表示不限">
          <InputNumber {...whole} min={1} aria-label="總使用次數上限" />
        </Form.Item>
        <Form.Item name="per_member_limit" label="每位會員使用次數" extra="留空表示不限">
          <InputNumber {...whole} min={1} aria-label="每位會員使用次數" />
        </Form.Item>
      </div>
    </>
  );
}
