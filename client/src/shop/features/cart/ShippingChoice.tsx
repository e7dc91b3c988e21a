import { Radio, Skeleton } from 'antd';
import { useId, type ReactNode } from 'react';
import { formatNT } from '../../../shared/lib/format';
import { hasFreeThreshold } from '../../../shared/lib/shipping';
import { methodFeeText, type ShippingMethod } from './shippingApi';

interface Props {
  methods: ShippingMethod[] | undefined;
  loading: boolean;
  failed: boolean;
  value: number | undefined;
  /** The chosen method's fee as the quote says it (or its placeholder while asked). */
  chosenFee: ReactNode;
  onChange: (id: number) => void;
}

/**
 * Shipping method radios with icon, cost and free-shipping threshold (spec 1 §2 cart). The chosen
 * method shows the quote's fee (a promotion may waive it); the others their usual fee.
 */
export function ShippingChoice({ methods, loading, failed, value, chosenFee, onChange }: Props) {
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
          {methods.map((m) => (
            <Radio key={m.id} value={m.id} className="ss-shipping-option">
              <span className="ss-shipping-row">
                {m.icon_url ? <img src={m.icon_url} alt="" width={28} height={28} className="ss-shipping-icon" /> : null}
                <span className="ss-shipping-name">{m.name}</span>
                <span className="ss-shipping-fee">{m.id === value ? chosenFee : methodFeeText(m)}</span>
              </span>
              {hasFreeThreshold(m) && (
                <span className="ss-shipping-hint">
                  運費 {formatNT(m.shipping_cost)}，滿 {formatNT(m.free_shipping_threshold)} 免運
                </span>
              )}
            </Radio>
          ))}
        </Radio.Group>
      )}
    </div>
  );
}
