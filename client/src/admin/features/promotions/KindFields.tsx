import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { PromotionKind } from '@api/promotions';
import { Button, Form, InputNumber } from 'antd';
import { VariantSelect } from './CatalogPickers';
import { NEW_ADDON, NEW_TIER } from './promotionForm';

/** Whole NT$ / counts: no decimals, no negative. */
const whole = { min: 0, precision: 0, className: 'ss-promo-number' } as const;

/** 滿額折: the tiers (門檻, 折抵金額), at least one; the highest reached applies. */
function TierRows({ readOnly }: { readOnly: boolean }) {
  return (
    <Form.List name="tiers">
      {(fields, { add, remove }, { errors }) => (
        <section className="ss-promo-rows" aria-label="滿額折級距">
          {fields.map((field, i) => (
            <div className="ss-promo-row" key={field.key} data-testid={`tier-row-${i}`}>
              <Form.Item name={[field.name, 'threshold']} label={`級距 ${i + 1} 門檻（NT$）`}>
                <InputNumber {...whole} aria-label={`級距 ${i + 1} 門檻`} placeholder="例：1000" />
              </Form.Item>
              <Form.Item name={[field.name, 'value']} label="折抵金額（NT$）">
                <InputNumber {...whole} aria-label={`級距 ${i + 1} 折抵金額`} placeholder="例：100" />
              </Form.Item>
              {!readOnly && fields.length > 1 && (
                <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={`移除級距 ${i + 1}`} className="ss-promo-remove" />
              )}
            </div>
          ))}
          <Form.ErrorList errors={errors} />
          {!readOnly && (
            <Button icon={<PlusOutlined />} onClick={() => add({ ...NEW_TIER })} size="small">
              新增級距
            </Button>
          )}
        </section>
      )}
    </Form.List>
  );
}

/** 加價購: the items (variant, addon price, at most per order). */
function AddonRows({ readOnly }: { readOnly: boolean }) {
  return (
    <Form.List name="addon_items">
      {(fields, { add, remove }, { errors }) => (
        <section className="ss-promo-rows" aria-label="加價購商品">
          {fields.length === 0 && <p className="ss-admin-muted">尚未加入加價購商品</p>}
          {fields.map((field, i) => (
            <div className="ss-promo-row ss-promo-row--addon" key={field.key} data-testid={`addon-row-${i}`}>
              <Form.Item name={[field.name, 'variant_id']} label={`加價購商品 ${i + 1}`} className="ss-promo-grow">
                <VariantSelect aria-label={`加價購商品 ${i + 1}`} disabled={readOnly} />
              </Form.Item>
              <Form.Item name={[field.name, 'addon_price']} label="加價購價（NT$）">
                <InputNumber {...whole} aria-label={`加價購商品 ${i + 1} 價格`} />
              </Form.Item>
              <Form.Item name={[field.name, 'max_per_order']} label="每筆限購">
                <InputNumber {...whole} min={1} aria-label={`加價購商品 ${i + 1} 每筆限購`} />
              </Form.Item>
              {!readOnly && (
                <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={`移除加價購商品 ${i + 1}`} className="ss-promo-remove" />
              )}
            </div>
          ))}
          <Form.ErrorList errors={errors} />
          {!readOnly && (
            <Button icon={<PlusOutlined />} onClick={() => add({ ...NEW_ADDON })} size="small">
              新增加價購商品
            </Button>
          )}
        </section>
      )}
    </Form.List>
  );
}

/** The fields of one kind (spec 4 §3); 免運 has none of its own. */
export function KindFields({ kind, readOnly }: { kind: PromotionKind | undefined; readOnly: boolean }) {
  switch (kind) {
    case 'amount_off':
      return <TierRows readOnly={readOnly} />;
    case 'percent_off':
      return (
        <div className="ss-promo-grid">
          <Form.Item name="percent" label="折扣（% off）" extra="例：10 代表打 9 折（1–99）">
            <InputNumber {...whole} min={1} max={99} suffix="%" aria-label="折扣百分比" />
          </Form.Item>
          <Form.Item name="max_discount" label="折抵上限（NT$）" extra="留空或 0 表示不設上限">
            <InputNumber {...whole} aria-label="折抵上限" />
          </Form.Item>
        </div>
      );
    case 'bundle_price':
      return (
        <div className="ss-promo-grid">
          <Form.Item name="bundle_quantity" label="任選件數" extra="至少 2 件">
            <InputNumber {...whole} min={2} aria-label="任選件數" />
          </Form.Item>
          <Form.Item name="bundle_price" label="組合價（NT$）">
            <InputNumber {...whole} aria-label="組合價" />
          </Form.Item>
        </div>
      );
    case 'gift':
      return (
        <div className="ss-promo-grid">
          <Form.Item name="gift_variant_id" label="贈品" className="ss-promo-wide">
            <VariantSelect aria-label="贈品" disabled={readOnly} />
          </Form.Item>
          <Form.Item name="gift_stock" label="贈品數量" extra="送完即止（另扣贈品規格庫存）">
            <InputNumber {...whole} aria-label="贈品數量" />
          </Form.Item>
        </div>
      );
    case 'addon':
      return <AddonRows readOnly={readOnly} />;
    case 'free_shipping':
      return <p className="ss-admin-muted">符合條件的訂單免運費，無其他設定。</p>;
    default:
      return <p className="ss-admin-muted">請先選擇活動類型。</p>;
  }
}
