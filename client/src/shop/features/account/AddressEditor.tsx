import { Button, Checkbox, Input, Modal, Radio } from 'antd';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Address } from '../auth/userTypes';
import { isStoreType, SHIPPING_TYPE_LABELS, withCity, withDistrict, withType } from './accountRules';
import { ErrorText } from '../../../shared/components/ErrorText';
import { TwAreaSelects } from '../../../shared/components/TwAreaSelects';

const TYPE_OPTIONS = Object.entries(SHIPPING_TYPE_LABELS).map(([value, label]) => ({ value, label }));

interface Props {
  /** The row being edited, with its place in the list (the list length for a new row); null when closed. */
  editing: { index: number; row: Address; isNew: boolean } | null;
  saving: boolean;
  /** The list-level check or the server's refusal, shown inside the dialog. */
  error: string;
  onCancel: () => void;
  onSave: (row: Address) => void;
  /** The row as edited so far (lets the list drop an error the edit fixed). */
  onEdit?: (row: Address) => void;
}

/** Add or edit one address (spec 2 §3–5): home delivery (city → district → zip, street) or a store. */
export function AddressEditor({ editing, saving, error, onCancel, onSave, onEdit }: Props) {
  const [row, setRow] = useState<Address | null>(editing?.row ?? null);
  useEffect(() => {
    if (editing) setRow(editing.row);
  }, [editing]);
  useEffect(() => {
    if (row) onEdit?.(row);
  }, [row, onEdit]);
  const id = useId();
  const f = (name: string) => `${id}-${name}`;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (row && !saving) onSave(row);
  };

  const title = editing ? `${editing.isNew ? '新增地址' : '編輯地址'}（第 ${editing.index + 1} 筆）` : '地址';

  /** One typed-in store field (store id, name or address). */
  const storeField = (key: 'store_id' | 'store_name' | 'store_addr', label: string, maxLength: number) =>
    row && (
      <div className="ss-acc-field">
        <label className="ss-acc-label" htmlFor={f(key)}>
          {label}
        </label>
        <Input id={f(key)} value={row[key]} maxLength={maxLength} onChange={(e) => setRow((r) => r && { ...r, [key]: e.target.value })} disabled={saving} />
      </div>
    );

  return (
    <Modal open={editing !== null} onCancel={onCancel} footer={null} title={title} destroyOnHidden mask={{ closable: false }} width={520} className="ss-acc-modal">
      {row && (
        <form className="ss-acc-modal-form" onSubmit={onSubmit} noValidate aria-label={title}>
          <div className="ss-acc-field" role="group" aria-labelledby={f('type')}>
            <span className="ss-acc-label" id={f('type')}>
              寄件類型
            </span>
            <Radio.Group
              name="shipping_type"
              value={row.shipping_type}
              options={TYPE_OPTIONS}
              onChange={(e) => setRow((r) => r && withType(r, String(e.target.value)))}
              disabled={saving}
            />
          </div>

          {row.shipping_type === 'home' && (
            <>
              <div className="ss-acc-row3">
                <TwAreaSelects
                  city={row.city}
                  district={row.district}
                  onCity={(v) => setRow((r) => r && withCity(r, v))}
                  onDistrict={(v) => setRow((r) => r && withDistrict(r, v))}
                  idOf={f}
                  classes={{ field: 'ss-acc-field', label: 'ss-acc-label', select: 'ss-native' }}
                  disabled={saving}
                />
                <div className="ss-acc-field">
                  <label className="ss-acc-label" htmlFor={f('zip')}>
                    郵遞區號
                  </label>
                  <Input id={f('zip')} value={row.zip} readOnly tabIndex={-1} placeholder="自動帶入" />
                </div>
              </div>
              <div className="ss-acc-field">
                <label className="ss-acc-label" htmlFor={f('street')}>
                  街道地址
                </label>
                <Input
                  id={f('street')}
                  autoComplete="street-address"
                  value={row.street}
                  maxLength={200}
                  placeholder="路名、巷弄、門牌號碼、樓層"
                  onChange={(e) => setRow((r) => r && { ...r, street: e.target.value })}
                  disabled={saving}
                />
              </div>
            </>
          )}

          {isStoreType(row.shipping_type) && (
            <>
              <div className="ss-acc-row2">
                {storeField('store_id', '門市店號', 20)}
                {storeField('store_name', '門市名稱', 100)}
              </div>
              {storeField('store_addr', '門市地址', 200)}
            </>
          )}

          <Checkbox checked={row.is_default === 1} onChange={(e) => setRow((r) => r && { ...r, is_default: e.target.checked ? 1 : 0 })} disabled={saving}>
            設為此類型的預設地址
          </Checkbox>

          <ErrorText message={error} block />
          <div className="ss-acc-modal-actions">
            <Button onClick={onCancel}>取消</Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              儲存
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
