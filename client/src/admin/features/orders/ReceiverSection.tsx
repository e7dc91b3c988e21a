import { Button, Descriptions, Input, Space, Tooltip } from 'antd';
import { useId, useState } from 'react';
import type { AdminOrderView } from '@api/admin';
import { ADMIN_MSG } from '@rules/admin';
import { lookupArea } from '@rules/tw-zipcodes';
import { ErrorText } from '../../../shared/components/ErrorText';
import { TwAreaSelects } from '../../../shared/components/TwAreaSelects';
import { homeAddress, isHomeDelivery } from '../../../shop/features/orders/orderView';
import { useUpdateOrderReceiverMutation } from './adminOrdersApi';
import { messageOf, useNotify } from './notify';
import { receiverOf, receiverProblems, type ReceiverField, type ReceiverForm } from './orderRules';

/**
 * The receiver (spec 2 §4: 編輯 toggles the row to 儲存). Home orders edit name, phone and address
 * (city → district → zip as the checkout does); store orders name and phone only. The checkout's
 * rules and messages, checked here and again by the server; 更新成功！ / 更新失敗！ (spec 2 §8).
 */
export function ReceiverSection({ order }: { order: AdminOrderView }) {
  const notify = useNotify();
  const id = useId();
  const home = isHomeDelivery(order);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<ReceiverForm>(() => receiverOf(order));
  const [errors, setErrors] = useState<Partial<Record<ReceiverField, string>>>({});
  const [update, { isLoading }] = useUpdateOrderReceiverMutation();

  const set = (patch: Partial<ReceiverForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
  };
  const startEdit = () => {
    setForm(receiverOf(order));
    setErrors({});
    setEditing(true);
  };

  const save = async () => {
    const problems = receiverProblems(form, order.shipping);
    if (Object.keys(problems).length) {
      setErrors(problems);
      return;
    }
    const body = home
      ? { order_id: order.order_id, name: form.name.trim(), phone: form.phone.trim(), city: form.city, district: form.district, zip: form.zip, street: form.street.trim() }
      : { order_id: order.order_id, name: form.name.trim(), phone: form.phone.trim() };
    try {
      const answer = await update(body).unwrap();
      if (!answer.success) throw { data: answer };
      notify.success(ADMIN_MSG.receiverUpdated);
      setEditing(false);
    } catch (err) {
      notify.error(messageOf(err, ADMIN_MSG.receiverUpdateFailed));
    }
  };

  const f = (name: string) => `${id}-${name}`;
  const editButton = editing ? (
    <Space>
      <Button onClick={() => setEditing(false)} disabled={isLoading}>
        取消
      </Button>
      <Button type="primary" onClick={() => void save()} loading={isLoading}>
        儲存
      </Button>
    </Space>
  ) : order.can.editReceiver ? (
    <Button onClick={startEdit}>編輯</Button>
  ) : (
    <Tooltip title={order.ticket_status ? ADMIN_MSG.receiverLockedTicket : ADMIN_MSG.receiverLockedStatus}>
      <Button disabled>編輯</Button>
    </Tooltip>
  );

  return (
    <section aria-labelledby={f('h')} data-testid="receiver-section">
      <div className="ss-aord-h-row">
        <h3 id={f('h')} className="ss-aord-h">
          收件資訊
        </h3>
        {editButton}
      </div>
      {editing ? (
        <div className="ss-aord-form" role="group" aria-labelledby={f('h')}>
          <div className="ss-aord-field">
            <label htmlFor={f('name')}>收件人姓名</label>
            <Input id={f('name')} value={form.name} onChange={(e) => set({ name: e.target.value })} maxLength={20} status={errors.name ? 'error' : undefined} aria-invalid={!!errors.name} />
            {errors.name && <ErrorText message={errors.name} />}
          </div>
          <div className="ss-aord-field">
            <label htmlFor={f('phone')}>收件人手機</label>
            <Input
              id={f('phone')}
              value={form.phone}
              onChange={(e) => set({ phone: e.target.value })}
              inputMode="tel"
              maxLength={10}
              status={errors.phone ? 'error' : undefined}
              aria-invalid={!!errors.phone}
            />
            {errors.phone && <ErrorText message={errors.phone} />}
          </div>
          {home && (
            <>
              <TwAreaSelects
                city={form.city}
                district={form.district}
                onCity={(city) => set({ city, district: '', zip: '' })}
                onDistrict={(district) => set({ district, zip: lookupArea(form.city, district)?.zip ?? '' })}
                idOf={(k) => f(k)}
                classes={{ field: 'ss-aord-field', label: '', select: 'ss-native ss-aord-select' }}
                invalid={!!errors.address}
              />
              <div className="ss-aord-field">
                <label htmlFor={f('zip')}>郵遞區號</label>
                <Input id={f('zip')} value={form.zip} readOnly />
              </div>
              <div className="ss-aord-field ss-aord-field-wide">
                <label htmlFor={f('street')}>地址</label>
                <Input
                  id={f('street')}
                  value={form.street}
                  onChange={(e) => set({ street: e.target.value })}
                  maxLength={200}
                  status={errors.address ? 'error' : undefined}
                  aria-invalid={!!errors.address}
                />
              </div>
              {errors.address && <ErrorText message={errors.address} />}
            </>
          )}
          {!home && <p className="ss-aord-muted">超商取貨訂單僅可修改收件人姓名與手機；門市：{[order.store_name, order.store_addr].filter(Boolean).join(' ')}</p>}
        </div>
      ) : (
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label="收件人">
            <span data-testid="receiver-name">{order.name}</span>
          </Descriptions.Item>
          <Descriptions.Item label="手機">
            <span data-testid="receiver-phone">{order.phone}</span>
          </Descriptions.Item>
          <Descriptions.Item label="配送方式">{order.shippingname}</Descriptions.Item>
          {home ? (
            <Descriptions.Item label="收件地址">
              <span data-testid="receiver-address">{homeAddress(order)}</span>
            </Descriptions.Item>
          ) : (
            <Descriptions.Item label="取貨門市">
              <span data-testid="receiver-store">
                {order.store_name}
                {order.store_id && `（${order.store_id}）`} {order.store_addr}
              </span>
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </section>
  );
}
