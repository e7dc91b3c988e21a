import { Typography } from 'antd';
import type { OrderItemView, OrderView } from '@api/orders';
import { adjustmentText } from '@rules/order-discount-rules';
import { formatNT } from '../../../shared/lib/format';
import type { PayInstructions } from './orderView';

/**
 * A status from the database (label and colour as seeded, spec 1 §3): a dot and a border in its
 * colour, the text in ink, so a light colour (orange, grey) still reads on white.
 */
export function StatusPill({ label, color, testId, kind }: { label: string; color: string; testId?: string; kind?: string }) {
  const c = /^#[0-9a-f]{3,8}$/i.test(color) ? color : 'var(--ss-muted)';
  // `kind` (訂單 / 付款) is shown before the label by CSS, so two pills that both read 已付款 differ.
  return (
    <span className="ss-ord-pill" style={{ borderColor: c }} data-testid={testId} data-color={color || undefined} data-kind={kind}>
      <span className="ss-ord-pill-dot" style={{ background: c }} aria-hidden />
      {label}
    </span>
  );
}

/** A code the member types at an ATM or a store kiosk, with a copy button. */
function CopyableCode({ value, label, testId }: { value: string; label: string; testId: string }) {
  return (
    <Typography.Text className="ss-ord-code" data-testid={testId} copyable={{ text: value, tooltips: [`複製${label}`, '已複製'] }}>
      {value}
    </Typography.Text>
  );
}

/**
 * The ATM account or CVS code still to pay (spec 1 §4, spec 2 §4): bank code and virtual
 * account split from `payment_code`, or the store code; the deadline.
 */
export function PayInstructionsView({ info, amount }: { info: PayInstructions; amount?: number }) {
  return (
    <dl className="ss-ord-facts ss-ord-pay" data-testid="pay-instructions">
      {info.kind === 'atm' ? (
        <>
          <div>
            <dt>銀行代碼</dt>
            <dd data-testid="atm-bank">
              {info.bankCode}
              {info.bankName && <span className="ss-ord-muted">（{info.bankName}）</span>}
            </dd>
          </div>
          <div>
            <dt>虛擬帳號</dt>
            <dd>
              <CopyableCode value={info.account} label="虛擬帳號" testId="atm-account" />
            </dd>
          </div>
        </>
      ) : (
        <div>
          <dt>繳費代碼</dt>
          <dd>
            <CopyableCode value={info.code} label="繳費代碼" testId="cvs-code" />
          </dd>
        </div>
      )}
      {amount !== undefined && (
        <div>
          <dt>{info.kind === 'atm' ? '轉帳金額' : '繳費金額'}</dt>
          <dd className="ss-price">{formatNT(amount)}</dd>
        </div>
      )}
      {info.deadline && (
        <div>
          <dt>繳費期限</dt>
          <dd data-testid="pay-deadline">{info.deadline}</dd>
        </div>
      )}
    </dl>
  );
}

/** Lines that came from a promotion are marked (spec 4 §4: 滿額贈 at NT$ 0, 加價購 at its price). */
const LINE_KIND_LABEL: Readonly<Record<string, string>> = { gift: '贈品', addon: '加價購' };

/**
 * The lines of an order: a table on wider screens; on phones each row becomes a small card
 * (CSS only, the cells keep their labels), so nothing scrolls sideways.
 */
export function OrderItemsTable({ items, caption = '訂購商品' }: { items: readonly OrderItemView[]; caption?: string }) {
  return (
    <table className="ss-ord-items" data-testid="order-items">
      <caption className="ss-visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">商品</th>
          <th scope="col">規格</th>
          <th scope="col" className="is-num">
            數量
          </th>
          <th scope="col" className="is-num">
            單價
          </th>
          <th scope="col" className="is-num">
            小計
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.order_detail_id}>
            <td className="ss-ord-item-title">
              <div className="ss-ord-item-name">
                {item.image_url ? <img src={item.image_url} alt="" width={48} height={48} loading="lazy" /> : null}
                <span>
                  {LINE_KIND_LABEL[item.line_kind] ? <span className="ss-ord-item-kind">{LINE_KIND_LABEL[item.line_kind]}</span> : null}
                  {item.title}
                </span>
              </div>
            </td>
            <td data-label="規格" className={item.variant_name ? undefined : 'is-empty'}>
              {item.variant_name || '—'}
            </td>
            <td data-label="數量" className="is-num">
              {item.quantity}
            </td>
            <td data-label="單價" className="is-num">
              {formatNT(item.price)}
            </td>
            <td data-label="小計" className="is-num ss-ord-line-total">
              {/* price × quantity: the lines add up to 商品小計, and the discounts below are taken once.
                  A line's share of them (what a refund of it gives back) is said under it. */}
              {formatNT(item.price * item.quantity)}
              {item.discount > 0 ? <span className="ss-ord-line-after">折後 {formatNT(item.amount)}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Subtotal, each adjustment as stored (訂單折扣 −NT$ 100), shipping fee (免運 at 0) and total of an order. */
export function OrderTotals({ order }: { order: OrderView }) {
  return (
    <dl className="ss-ord-totals" data-testid="order-totals">
      <div>
        <dt>商品小計</dt>
        <dd>{formatNT(order.subtotal)}</dd>
      </div>
      {(order.adjustments ?? []).map((a, k) => (
        <div key={k} data-testid="order-adjustment">
          <dt>{a.label}</dt>
          <dd>{adjustmentText(a.amount)}</dd>
        </div>
      ))}
      <div>
        <dt>運費</dt>
        <dd>{order.shipping_fee === 0 ? '免運' : formatNT(order.shipping_fee)}</dd>
      </div>
      <div className="is-total">
        <dt>訂單總計</dt>
        <dd className="ss-price">{formatNT(order.total_amount)}</dd>
      </div>
    </dl>
  );
}
