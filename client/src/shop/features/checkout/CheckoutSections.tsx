import { Button, Checkbox, Input, Radio, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { TwAreaSelects } from '../../../shared/components/TwAreaSelects';
import type { ShippingMethodView } from '@api/settings';
import { DELIVERY_SLOTS, SHIPPING } from '@rules/checkout-rules';
import { formatNT } from '../../../shared/lib/format';
import { hasFreeThreshold } from '../../../shared/lib/shipping';
import type { Address } from '../auth/userTypes';
import { addressSummary } from '../account/accountRules';
import { methodFeeText } from '../cart/shippingApi';
import { Field, fieldId, Group, inputProps, Section } from './CheckoutFields';
import {
  homeOf,
  isHomeShipping,
  sameHome,
  sameStore,
  storeOf,
  storeTypeOf,
  withCity,
  withDistrict,
  EMPTY_HOME,
  EMPTY_STORE,
  type CheckoutForm,
  type FieldErrors,
  type HomeFields,
  type StoreFields,
  type StoreType,
} from './checkoutForm';

type Change = (next: Partial<CheckoutForm>) => void;

// ---------------------------------------------------------------- buyer, receiver

export function BuyerSection({ form, errors, onBuyer }: { form: CheckoutForm; errors: FieldErrors; onBuyer: (c: Partial<CheckoutForm>) => void }) {
  return (
    <Section id="co-buyer" title="訂購人資料">
      <div className="ss-co-grid">
        <Field field="buy_name" label="訂購人姓名" error={errors.buy_name}>
          <Input {...inputProps('buy_name', errors.buy_name)} autoComplete="name" maxLength={50} value={form.buy_name} onChange={(e) => onBuyer({ buy_name: e.target.value })} />
        </Field>
        <Field field="buy_phone" label="訂購人手機" error={errors.buy_phone}>
          <Input
            {...inputProps('buy_phone', errors.buy_phone)}
            autoComplete="tel"
            inputMode="tel"
            maxLength={10}
            value={form.buy_phone}
            onChange={(e) => onBuyer({ buy_phone: e.target.value.trim() })}
          />
        </Field>
        <Field field="buy_email" label="訂購人 Email" error={errors.buy_email} wide>
          <Input
            {...inputProps('buy_email', errors.buy_email)}
            type="email"
            autoComplete="email"
            maxLength={254}
            value={form.buy_email}
            onChange={(e) => onBuyer({ buy_email: e.target.value.trim() })}
          />
        </Field>
      </div>
    </Section>
  );
}

export function ReceiverSection({
  form,
  errors,
  onReceiver,
  onSameAsBuyer,
}: {
  form: CheckoutForm;
  errors: FieldErrors;
  onReceiver: (c: Partial<Pick<CheckoutForm, 'name' | 'phone'>>) => void;
  onSameAsBuyer: (checked: boolean) => void;
}) {
  return (
    <Section id="co-receiver" title="收件人資料" extra={<Checkbox checked={form.sameAsBuyer} onChange={(e) => onSameAsBuyer(e.target.checked)}>同訂購人資料</Checkbox>}>
      <div className="ss-co-grid">
        <Field field="name" label="收件人姓名" error={errors.name} hint="請填寫與證件相符的中文姓名">
          <Input {...inputProps('name', errors.name)} autoComplete="name" maxLength={50} value={form.name} onChange={(e) => onReceiver({ name: e.target.value })} />
        </Field>
        <Field field="phone" label="收件人手機" error={errors.phone}>
          <Input
            {...inputProps('phone', errors.phone)}
            autoComplete="tel"
            inputMode="tel"
            maxLength={10}
            placeholder="0912345678"
            value={form.phone}
            onChange={(e) => onReceiver({ phone: e.target.value.trim() })}
          />
        </Field>
      </div>
    </Section>
  );
}

// ---------------------------------------------------------------- shipping

interface ShippingProps {
  form: CheckoutForm;
  errors: FieldErrors;
  methods: ShippingMethodView[] | undefined;
  loading: boolean;
  failed: boolean;
  /** The chosen method's fee as the quote says it (a promotion may waive it); the others show their usual fee. */
  chosenFee: ReactNode;
  homes: Address[];
  storesOf: (type: StoreType) => Address[];
  onShipping: (id: number) => void;
  onChange: Change;
  onPickStore: () => void;
  picking: boolean;
}

const NEW = 'new';

export function ShippingSection({ form, errors, methods, loading, failed, chosenFee, homes, storesOf, onShipping, onChange, onPickStore, picking }: ShippingProps) {
  const type = storeTypeOf(form.shipping);
  const home = isHomeShipping(form.shipping);
  return (
    <Section id="co-shipping" title="配送方式">
      <Group field="shipping" label="選擇配送方式" error={errors.shipping} className="ss-co-label-hidden">
        {loading ? (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        ) : failed || !methods?.length ? (
          <p className="ss-co-note">配送方式暫時無法載入，請稍後再試。</p>
        ) : (
          <Radio.Group name="shipping" value={form.shipping} onChange={(e) => onShipping(Number(e.target.value))} className="ss-co-options">
            {methods.map((m) => (
              <Radio key={m.id} value={m.id} className="ss-co-option">
                <span className="ss-co-option-row">
                  {m.icon_url ? <img src={m.icon_url} alt="" width={28} height={28} className="ss-co-option-icon" /> : null}
                  <span className="ss-co-option-name">{m.name}</span>
                  <span className="ss-co-option-fee">{m.id === form.shipping ? chosenFee : methodFeeText(m)}</span>
                </span>
                {hasFreeThreshold(m) && (
                  <span className="ss-co-option-hint">
                    運費 {formatNT(m.shipping_cost)}，滿 {formatNT(m.free_shipping_threshold)} 免運
                  </span>
                )}
              </Radio>
            ))}
          </Radio.Group>
        )}
      </Group>

      {home && <HomeAddress form={form} error={errors.address} homes={homes} onChange={onChange} />}
      {home && (
        <Group field="deliveryTimeSlot" label="配送時段" error={errors.deliveryTimeSlot}>
          <Radio.Group
            name="deliveryTimeSlot"
            value={form.deliveryTimeSlot}
            onChange={(e) => onChange({ deliveryTimeSlot: String(e.target.value) })}
            options={DELIVERY_SLOTS.map((s) => ({ value: s.value, label: s.label }))}
            className="ss-co-inline"
          />
        </Group>
      )}
      {type === 'seven' && <SevenStore form={form} error={errors.store} saved={storesOf('seven')} onChange={onChange} onPick={onPickStore} picking={picking} />}
      {(type === 'family' || type === 'hilife') && <TypedStore type={type} form={form} error={errors.store} saved={storesOf(type)} onChange={onChange} />}
    </Section>
  );
}

function HomeAddress({ form, error, homes, onChange }: { form: CheckoutForm; error?: string; homes: Address[]; onChange: Change }) {
  const matched = form.homeManual ? -1 : homes.findIndex((a) => sameHome(homeOf(a), form.home));
  const manual = matched < 0;
  const setHome = (home: HomeFields) => onChange({ home });
  return (
    <Group field="address" label={form.shipping === SHIPPING.island ? '收件地址（離島）' : '收件地址'} error={error}>
      {homes.length > 0 && (
        <Radio.Group
          name="homeAddress"
          value={manual ? NEW : String(matched)}
          onChange={(e) => {
            const v = String(e.target.value);
            if (v === NEW) onChange({ homeManual: true, home: { ...EMPTY_HOME } });
            else onChange({ homeManual: false, home: homeOf(homes[Number(v)]) });
          }}
          className="ss-co-options"
        >
          {homes.map((a, i) => (
            <Radio key={a.id ?? i} value={String(i)} className="ss-co-option">
              <span className="ss-co-option-text">{addressSummary(a)}</span>
            </Radio>
          ))}
          <Radio value={NEW} className="ss-co-option">
            <span className="ss-co-option-text">使用其他地址</span>
          </Radio>
        </Radio.Group>
      )}
      {manual && (
        <div className="ss-co-address">
          <TwAreaSelects
            city={form.home.city}
            district={form.home.district}
            onCity={(v) => setHome(withCity(form.home, v))}
            onDistrict={(v) => setHome(withDistrict(form.home, v))}
            idOf={fieldId}
            classes={{ field: 'ss-co-field', label: 'ss-co-label', select: 'ss-native ss-co-native' }}
            invalid={Boolean(error)}
          />
          <div className="ss-co-field ss-co-zip">
            <label className="ss-co-label" htmlFor={fieldId('zip')}>
              郵遞區號
            </label>
            <Input id={fieldId('zip')} value={form.home.zip} readOnly tabIndex={-1} placeholder="自動帶入" />
          </div>
          <div className="ss-co-field ss-co-field--wide">
            <label className="ss-co-label" htmlFor={fieldId('street')}>
              街道地址
            </label>
            <Input
              id={fieldId('street')}
              autoComplete="street-address"
              maxLength={200}
              placeholder="路名、巷弄、門牌號碼、樓層"
              value={form.home.street}
              status={error ? 'error' : undefined}
              onChange={(e) => setHome({ ...form.home, street: e.target.value })}
            />
          </div>
        </div>
      )}
    </Group>
  );
}

const storeLine = (s: StoreFields) => `${s.store_name}${s.store_id ? `（${s.store_id}）` : ''}`;

function SevenStore({ form, error, saved, onChange, onPick, picking }: { form: CheckoutForm; error?: string; saved: Address[]; onChange: Change; onPick: () => void; picking: boolean }) {
  const chosen = form.stores.seven;
  const savedIndex = saved.findIndex((a) => sameStore(storeOf(a), chosen));
  // A store picked on the map that is not (yet) in the address book is listed too.
  const picked = chosen.store_name && savedIndex < 0 ? chosen : undefined;
  const options: StoreFields[] = [...saved.map(storeOf), ...(picked ? [picked] : [])];
  const value = savedIndex >= 0 ? String(savedIndex) : picked ? String(saved.length) : undefined;
  return (
    <Group field="store" label="取貨門市（7-11）" error={error}>
      {options.length > 0 && (
        <Radio.Group
          name="sevenStore"
          value={value}
          onChange={(e) => onChange({ stores: { ...form.stores, seven: options[Number(e.target.value)] } })}
          className="ss-co-options"
        >
          {options.map((s, i) => (
            <Radio key={`${s.store_id}-${i}`} value={String(i)} className="ss-co-option">
              <span className="ss-co-option-text">{storeLine(s)}</span>
              {s.store_addr && <span className="ss-co-option-hint">{s.store_addr}</span>}
            </Radio>
          ))}
        </Radio.Group>
      )}
      {options.length === 0 && <p className="ss-co-note">尚未選擇門市，請從門市地圖選擇取貨的 7-11 門市。</p>}
      <div>
        <Button onClick={onPick} loading={picking} data-testid="pick-store">
          選擇門市
        </Button>
      </div>
    </Group>
  );
}

const CHAIN = { family: '全家', hilife: '萊爾富' } as const;

function TypedStore({ type, form, error, saved, onChange }: { type: 'family' | 'hilife'; form: CheckoutForm; error?: string; saved: Address[]; onChange: Change }) {
  const chosen = form.stores[type];
  const savedIndex = form.storeManual[type] ? -1 : saved.findIndex((a) => sameStore(storeOf(a), chosen));
  const manual = savedIndex < 0;
  const setStore = (store: StoreFields, storeManual: boolean) =>
    onChange({ stores: { ...form.stores, [type]: store }, storeManual: { ...form.storeManual, [type]: storeManual } });
  const typed = (key: keyof StoreFields, label: string, maxLength: number, wide = false) => (
    <div className={`ss-co-field${wide ? ' ss-co-field--wide' : ''}`}>
      <label className="ss-co-label" htmlFor={fieldId(`${type}-${key}`)}>
        {label}
      </label>
      <Input
        id={fieldId(`${type}-${key}`)}
        maxLength={maxLength}
        value={chosen[key]}
        status={error && key === 'store_name' ? 'error' : undefined}
        onChange={(e) => setStore({ ...chosen, [key]: e.target.value }, true)}
      />
    </div>
  );
  return (
    <Group field="store" label={`取貨門市（${CHAIN[type]}）`} error={error}>
      {saved.length > 0 && (
        <Radio.Group
          name={`${type}Store`}
          value={manual ? NEW : String(savedIndex)}
          onChange={(e) => {
            const v = String(e.target.value);
            if (v === NEW) setStore({ ...EMPTY_STORE }, true);
            else setStore(storeOf(saved[Number(v)]), false);
          }}
          className="ss-co-options"
        >
          {saved.map((a, i) => (
            <Radio key={a.id ?? i} value={String(i)} className="ss-co-option">
              <span className="ss-co-option-text">{storeLine(storeOf(a))}</span>
              {a.store_addr && <span className="ss-co-option-hint">{a.store_addr}</span>}
            </Radio>
          ))}
          <Radio value={NEW} className="ss-co-option">
            <span className="ss-co-option-text">其他門市（自行輸入）</span>
          </Radio>
        </Radio.Group>
      )}
      {manual && (
        <div className="ss-co-store">
          {typed('store_name', '門市名稱', 100)}
          {typed('store_id', '門市店號', 20)}
          {typed('store_addr', '門市地址', 200, true)}
        </div>
      )}
    </Group>
  );
}
