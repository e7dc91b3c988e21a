import { Radio, Skeleton } from 'antd';
import { useId } from 'react';
import { formatNT } from '../../../shared/lib/format';
import { amountToFreeShipping, hasFreeThreshold, shippingFee } from '../../../shared/lib/shipping';
import type { ShippingMethod } from './shippingApi';

interface Props {
  methods: ShippingMethod[] | undefined;
  loading: boolean;
  failed: boolean;
  value: number | undefined;
  subtotal: number;
  onChange: (id: number) => void;
}

/** Shipping method radios with icon, cost and free-shipping threshold (spec 1 §2 cart). */
export function ShippingChoice({ methods, loading, failed, value, subtotal, onChange }: Props) {
  const labelId = useId();
  return (
    <div className="ss-shipping">
      <h3 id={labelId} className="ss-summary-heading">
        配送方式
      </h3>
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : failed || !methods?.length ? (
        <p className="ss-muted-note">配送方式暫時無法載入，請稍後再試。</p>
      ) : (
        <Radio.Group aria-labelledby={labelId} value={value} onChange={(e) => onChange(e.target.value as number)} className="ss-shipping-list">
          {methods.map((m) => {
            const fee = shippingFee(m, subtotal);
            const missing = amountToFreeShipping(m, subtotal);
            return (
              <Radio key={m.id} value={m.id} className="ss-shipping-option">
                <span className="ss-shipping-row">
                  {m.icon_url ? <img src={m.icon_url} alt="" width={28} height={28} className="ss-shipping-icon" /> : null}
                  <span className="ss-shipping-name">{m.name}</span>
                  <span className="ss-shipping-fee">{fee === 0 ? '免運' : formatNT(fee)}</span>
                </span>
                {hasFreeThreshold(m) && (
                  <span className="ss-shipping-hint">
                    運費 {formatNT(m.shipping_cost)}，滿 {formatNT(m.free_shipping_threshold)} 免運
                    {missing > 0 ? `（再買 ${formatNT(missing)}）` : ''}
                  </span>
                )}
              </Radio>
            );
          })}
        </Radio.Group>
      )}
    </div>
  );
}
