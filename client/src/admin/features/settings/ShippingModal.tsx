import type { AdminShippingMethodView, ShippingMethodInput } from '@api/admin-settings';
import { Alert, App, Empty, InputNumber, Modal, Switch } from 'antd';
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

interface Draft {
  icon_url: string;
  shipping_cost: number | null;
  free_shipping_threshold: number | null;
}

const draftOf = (m: AdminShippingMethodView): Draft => ({ icon_url: m.icon_url, shipping_cost: m.shipping_cost, free_shipping_threshold: m.free_shipping_threshold });
const MAX_COST = 1_000_000;
const MAX_THRESHOLD = 100_000_000;

/**
 * 運送設定 (spec 3 §3, §7): each shipping method's icon, fee and free-shipping threshold (name
 * read-only); 儲存 sends the whole list (updateshipping). The on/off switch saves at once
 * (updateshipping_active), waits for the answer and returns to the old value on a failure.
 */
export function ShippingModal({ open, onClose, methods }: Props) {
  const { message } = App.useApp();
  const [save, saving] = useUpdateShippingMutation();
  const [setActive] = useUpdateShippingActiveMutation();
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [pending, setPending] = useState<Record<number, number>>({});
  const [problem, setProblem] = useState<string | null>(null);

  // A fresh copy of the saved values each time the modal opens.
  useEffect(() => {
    if (!open) return;
    setDrafts(Object.fromEntries(methods.map((m) => [m.id, draftOf(m)])));
    setProblem(null);
  }, [open]); // only on opening: later list updates (a switch) must not wipe edits

  const draft = (m: AdminShippingMethodView) => drafts[m.id] ?? draftOf(m);
  const edit = (m: AdminShippingMethodView, change: Partial<Draft>) => setDrafts((d) => ({ ...d, [m.id]: { ...draft(m), ...change } }));

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
    const list: ShippingMethodInput[] = [];
    for (const m of methods) {
      const d = draft(m);
      if (d.shipping_cost === null || d.free_shipping_threshold === null) return setProblem(`「${m.name}」請輸入運費與免運門檻`);
      if (!isIconUrl(d.icon_url)) return setProblem(`「${m.name}」的圖示網址須以 http://、https:// 或 / 開頭`);
      list.push({ id: m.id, icon_url: d.icon_url.trim(), shipping_cost: d.shipping_cost, free_shipping_threshold: d.free_shipping_threshold, is_active: m.is_active });
    }
    setProblem(null);
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
      {problem && <Alert type="error" showIcon role="alert" title={SETTINGS_TEXT.saveFailed} description={problem} style={{ marginBottom: 12 }} />}
      {methods.length === 0 && <Empty description="沒有運送方式" />}
      <div className="ss-settings-methods">
        {methods.map((m) => {
          const d = draft(m);
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
                  <ImageUrlField value={d.icon_url} onChange={(url) => edit(m, { icon_url: url })} aria-label={`${m.name} 圖示網址`} />
                </div>
                <label className="ss-settings-field">
                  <span>運費 (NT$)</span>
                  <InputNumber
                    value={d.shipping_cost}
                    min={0}
                    max={MAX_COST}
                    precision={0}
                    onChange={(v) => edit(m, { shipping_cost: v })}
                    aria-label={`${m.name} 運費`}
                    style={{ width: '100%' }}
                  />
                </label>
                <label className="ss-settings-field">
                  <span>免運門檻 (NT$)</span>
                  <InputNumber
                    value={d.free_shipping_threshold}
                    min={0}
                    max={MAX_THRESHOLD}
                    precision={0}
                    onChange={(v) => edit(m, { free_shipping_threshold: v })}
                    aria-label={`${m.name} 免運門檻`}
                    style={{ width: '100%' }}
                  />
                </label>
              </div>
            </section>
          );
        })}
      </div>
    </Modal>
  );
}
