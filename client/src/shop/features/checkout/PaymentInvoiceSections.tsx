import { Input, Radio, Skeleton } from 'antd';
import type { PaymentMethodView } from '@api/settings';
import { ATM_BANKS, CARRIER_TYPES } from '@rules/checkout-rules';
import { Field, fieldId, Group, inputProps, Section } from './CheckoutFields';
import { barcodeInput, type CheckoutForm, type FieldErrors } from './checkoutForm';

/** The checkout's payment and invoice sections (spec 2 §4; LINE Pay's invoice note, spec 4 issue 20). */

type Change = (next: Partial<CheckoutForm>) => void;

// ---------------------------------------------------------------- payment

const PAYMENT_NOTES: Record<string, string> = {
  atm: '下單後取得專屬虛擬帳號，請於期限內轉帳。',
  cvs: '下單後取得超商繳費代碼，請於期限內至超商繳費。',
  credit: '送出後前往 PAYUNi 安全付款頁面輸入卡號（3-D 驗證），本站不經手卡號。',
  linepay: '送出後前往 LINE Pay 付款；電子發票開立至會員載具。',
  cod: '取貨或收件時付款。',
};

interface PaymentProps {
  form: CheckoutForm;
  errors: FieldErrors;
  methods: PaymentMethodView[];
  loading: boolean;
  failed: boolean;
  hiddenCount: number;
  onChange: Change;
}

export function PaymentSection({ form, errors, methods, loading, failed, hiddenCount, onChange }: PaymentProps) {
  return (
    <Section id="co-payment" title="付款方式">
      <Group field="payment" label="選擇付款方式" error={errors.payment} className="ss-co-label-hidden">
        {loading ? (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        ) : failed ? (
          <p className="ss-co-note">付款方式暫時無法載入，請稍後再試。</p>
        ) : (
          <Radio.Group name="payment" value={form.payment || undefined} onChange={(e) => onChange({ payment: String(e.target.value) })} className="ss-co-options">
            {methods.map((m) => (
              <Radio key={m.method_code} value={m.method_code} className="ss-co-option">
                <span className="ss-co-option-text">{m.method_label}</span>
                {PAYMENT_NOTES[m.method_code] && <span className="ss-co-option-hint">{PAYMENT_NOTES[m.method_code]}</span>}
              </Radio>
            ))}
          </Radio.Group>
        )}
        {!loading && !failed && hiddenCount > 0 && <p className="ss-co-note">部分付款方式不適用於本訂單金額或配送方式。</p>}
      </Group>
      {form.payment === 'atm' && (
        <Field field="bankCode" label="轉帳銀行" error={errors.bankCode}>
          <select
            id={fieldId('bankCode')}
            className="ss-native ss-co-native"
            value={form.bankCode}
            onChange={(e) => onChange({ bankCode: e.target.value })}
            aria-invalid={errors.bankCode ? true : undefined}
          >
            <option value="">請選擇銀行</option>
            {ATM_BANKS.map((b) => (
              <option key={b.code} value={b.code}>
                {b.code} {b.name}
              </option>
            ))}
          </select>
        </Field>
      )}
    </Section>
  );
}

// ---------------------------------------------------------------- invoice

const INVOICE_OPTIONS = [
  { value: 'personal', label: '個人電子發票' },
  { value: 'Company', label: '公司（統編）' },
  { value: 'Donate', label: '捐贈發票' },
];

interface InvoiceProps {
  form: CheckoutForm;
  errors: FieldErrors;
  email: string;
  onChange: Change;
  onBarcodeBlur: (field: 'mobileBarcode' | 'citizenBarcode') => void;
}

export function InvoiceSection({ form, errors, email, onChange, onBarcodeBlur }: InvoiceProps) {
  return (
    <Section id="co-invoice" title="發票">
      <Group field="invoiceType" label="發票類型" error={errors.invoiceType}>
        <Radio.Group name="invoiceType" value={form.invoiceType} onChange={(e) => onChange({ invoiceType: String(e.target.value) })} options={INVOICE_OPTIONS} className="ss-co-inline" />
      </Group>
      {form.invoiceType === 'personal' && (
        <>
          <Group field="carrierType" label="載具" error={errors.carrierType}>
            <Radio.Group
              name="carrierType"
              value={form.carrierType || undefined}
              onChange={(e) => onChange({ carrierType: String(e.target.value) })}
              options={CARRIER_TYPES.map((c) => ({ value: c.value, label: c.label }))}
              className="ss-co-inline"
            />
          </Group>
          {form.carrierType === 'amego' && <p className="ss-co-note">發票將存入會員載具，開立通知寄至 {email}。</p>}
          {form.carrierType === '3J0002' && (
            <Field field="mobileBarcode" label="手機條碼號碼" error={errors.mobileBarcode}>
              <Input
                {...inputProps('mobileBarcode', errors.mobileBarcode)}
                maxLength={8}
                placeholder="/ABC1234"
                autoCapitalize="characters"
                value={form.mobileBarcode}
                onChange={(e) => onChange({ mobileBarcode: barcodeInput(e.target.value) })}
                onBlur={() => onBarcodeBlur('mobileBarcode')}
              />
            </Field>
          )}
          {form.carrierType === 'CQ0001' && (
            <Field field="citizenBarcode" label="自然人憑證條碼" error={errors.citizenBarcode}>
              <Input
                {...inputProps('citizenBarcode', errors.citizenBarcode)}
                maxLength={16}
                placeholder="AB12345678901234"
                autoCapitalize="characters"
                value={form.citizenBarcode}
                onChange={(e) => onChange({ citizenBarcode: barcodeInput(e.target.value) })}
                onBlur={() => onBarcodeBlur('citizenBarcode')}
              />
            </Field>
          )}
        </>
      )}
      {form.invoiceType === 'Company' && (
        <div className="ss-co-grid">
          <Field field="companyName" label="公司抬頭" error={errors.companyName}>
            <Input {...inputProps('companyName', errors.companyName)} maxLength={100} autoComplete="organization" value={form.companyName} onChange={(e) => onChange({ companyName: e.target.value })} />
          </Field>
          <Field field="taxId" label="統一編號" error={errors.taxId}>
            <Input {...inputProps('taxId', errors.taxId)} maxLength={8} inputMode="numeric" value={form.taxId} onChange={(e) => onChange({ taxId: e.target.value.trim() })} />
          </Field>
        </div>
      )}
      {form.invoiceType === 'Donate' && (
        <Field field="donateCode" label="愛心碼" error={errors.donateCode} hint="3 至 7 碼數字">
          <Input {...inputProps('donateCode', errors.donateCode)} maxLength={7} inputMode="numeric" value={form.donateCode} onChange={(e) => onChange({ donateCode: e.target.value.trim() })} />
        </Field>
      )}
    </Section>
  );
}

/** LINE Pay: the invoice goes to the member carrier (spec 2 §4); said where the invoice section was. */
export const LINEPAY_INVOICE_NOTE = 'LINE Pay 訂單的發票開立於會員載具';

export function LinePayInvoiceNote({ companyChosen }: { companyChosen: boolean }) {
  return (
    <Section id="co-invoice" title="發票">
      <p className="ss-co-note" data-testid="linepay-invoice-note">
        {LINEPAY_INVOICE_NOTE}
      </p>
      {/* A company invoice chosen before is not issued for LINE Pay: say so instead of dropping it silently. */}
      {companyChosen && <p className="ss-co-note ss-co-note--warn">已選擇的公司發票（統編）不適用於 LINE Pay；如需統編發票，請改選其他付款方式。</p>}
    </Section>
  );
}
