import type { AdminShippingMethodView, ShippingMethodInput } from '@api/admin-settings';
import { MONEY_FIELDS, moneyRule, parseMoney } from '@rules/money';
import { App, Empty, Form, Input, Modal, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { ImageUrlField } from '../../components/ImageUrlField';
import { messageOf } from '../../lib';
import { failText, isIconUrl, SETTINGS_TEXT } from './settingsText';
import { useUpdateShippingActiveMutation, useUpdateShippingMutation } from './settingsApi';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The saved methods (loadsettings). */
  methods: AdminShippingMethodView[];
}

/** One method's fields as typed: the amounts stay text until the shared money rule accepts them (never coerced). */
interface Draft {
  icon_url: string;
  shipping_cost: string;
  free_shipping_threshold: string;
}
type Drafts = Record<string, Draft>;

const draftOf = (m: AdminShippingMethodView): Draft => ({ icon_url: m.icon_url, shipping_cost: String(m.shipping_cost), free_shipping_threshold: String(m.free_shipping_threshold) });
const iconRule = { validator: (_: unknown, v: unknown) => (isIconUrl(String(v ?? '')) ? Promise.resolve() : Promise.reject(new Error('圖示網址須以 http://、https:// 或 / 開頭'))) };

/**
 * 運送設定 (spec 3 §3, §7): each shipping method's icon, fee and free-shipping threshold (name
 * read-only); 儲存 sends the whole list (updateshipping). Fee and threshold are checked by the shared
 * NT$ rule (`@rules/money`, the server's too): "-5", "abc" or 1.5 show the field's message and nothing
 * is sent (issue 19: an InputNumber clamped "-5" to 0, i.e. free shipping, and saved it). The on/off
 * switch saves at once (updateshipping_active), waits for the answer and returns to the old value on a failure.
 */
export function ShippingModal({ open, onClose, methods }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Drafts>();
  const [save, saving] = useUpdateShippingMutation();
  const [setActive] = useUpdateShippingActiveMutation();
  const [pending, setPending] = useState<Record<number, number>>({});

  // A fresh copy of the saved values each time the modal opens.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(Object.fromEntries(methods.map((m) => [String(m.id), draftOf(m)])));
  }, [open]); // only on opening: later list updates (a switch) must not wipe edits

  const toggle = async (m: AdminShippingMethodView, on: boolean) => {
    const value = on ? 1 : 0;
    setPending((p) => ({ ...p, [m.id]: value }));
    try {
      const answer = await setActive({ id: m.id, is_active: value }).unwrap();
      if (answer.success) message.success(`「${m.name}」已${on ? '啟用' : '停用'}`);
      else message.error(failText(SETTINGS_TEXT.updateFailed, answer.message));
    } catch (err) {
      message.error(failText(SETTINGS_TEXT.updateFailed, messageOf(err)));
    } finally {
      setPending(({ [m.id]: _, ...rest }) => rest);
    }
  };

  const submit = async () => {
    let values: Drafts;
    try {
      values = await form.validateFields();
    } catch {
      return; // each refused field shows its message
    }
    const list: ShippingMethodInput[] = methods.map((m) => {
      const d = values[String(m.id)] ?? draftOf(m);
      return {
        id: m.id,
        icon_url: (d.icon_url ?? '').trim(),
        shipping_cost: parseMoney(d.shipping_cost) as number,
        free_shipping_threshold: parseMoney(d.free_shipping_threshold) as number,
        is_active: m.is_active,
      };
    });
    try {
      const answer = await save({ shipping_methods: list }).unwrap();
      if (!answer.success) {
        message.error(failText(SETTINGS_TEXT.saveFailed, answer.message));
        return;
      }
      message.success(SETTINGS_TEXT.saved);
      onClose();
    } catch (err) {
      message.error(failText(SETTINGS_TEXT.saveFailed, messageOf(err)));
    }
  };

  return (
    <Modal
      title="運送設定"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="儲存"
      cancelText="取消"
      okButtonProps={{ disabled: methods.length === 0 }}
      confirmLoading={saving.isLoading}
      width={820}
      data-testid="shipping-modal"
    >
      <p className="ss-admin-muted ss-settings-note">開關會立即生效；圖示、運費與免運門檻按「儲存」後生效。免運門檻為 0 表示一律免運。</p>
      {methods.length === 0 && <Empty description="沒有運送方式" />}
      <Form form={form} component={false}>
      <div className="ss-settings-methods">
        {methods.map((m) => {
          const busy = m.id in pending;
          const active = busy ? pending[m.id] : m.is_active;
          return (
            <section key={m.id} className="ss-settings-method" aria-label={m.name} data-testid={`shipping-${m.id}`}>
              <header className="ss-settings-method-head">
                <strong>{m.name}</strong>
                <Switch
                  checked={active === 1}
                  loading={busy}
                  disabled={busy}
                  checkedChildren="啟用"
                  unCheckedChildren="停用"
                  onChange={(on) => void toggle(m, on)}
                  aria-label={`${m.name} 啟用`}
                />
              </header>
              <div className="ss-settings-method-fields">
                <div className="ss-settings-field ss-settings-field--wide">
                  <span>圖示</span>
                  <Form.Item name={[String(m.id), 'icon_url']} rules={[iconRule]} style={{ marginBottom: 0 }}>
                    <ImageUrlField aria-label={`${m.name} 圖示網址`} />
                  </Form.Item>
                </div>
                <label className="ss-settings-field">
                  <span>運費 (NT$)</span>
                  <Form.Item name={[String(m.id), 'shipping_cost']} rules={[moneyRule(MONEY_FIELDS.shippingCost)]} style={{ marginBottom: 0 }}>
                    <Input inputMode="numeric" prefix="NT$" aria-label={`${m.name} 運費`} />
                  </Form.Item>
                </label>
                <label className="ss-settings-field">
                  <span>免運門檻 (NT$)</span>
                  <Form.Item name={[String(m.id), 'free_shipping_threshold']} rules={[moneyRule(MONEY_FIELDS.freeShippingThreshold)]} style={{ marginBottom: 0 }}>
                    <Input inputMode="numeric" prefix="NT$" aria-label={`${m.name} 免運門檻`} />
                  </Form.Item>
                </label>
              </div>
            </section>
          );
        })}
      </div>
      </Form>
    </Modal>
  );
}
