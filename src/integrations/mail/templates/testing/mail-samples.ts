/**
 * One fixed order and every shop e-mail rendered from it (issue 22 §6): the snapshot test
 * (src/integrations/mail/templates/mail-templates.spec.ts) and the phone-width preview
 * (test/mail-preview/render.cjs → var/mail-preview/) read the same samples.
 */
import type { MailMessage } from '../../mail-sender';
import { normalBrand, renderNoticeMail, type MailBrand } from '../mail-templates';
import type { OrderMailNewsKind } from '../../../../jobs/job-types';
import { orderConfirmationMail, orderNewCodeMail, orderNewsMail, orderPaidMail, type MailAdjustment, type MailOrder, type MailOrderItem, type OrderMailContext } from '../../../../modules/orders/order-mail';
import type { Refund } from '../../../../modules/refunds/entities/refund.entity';
import { refundMail } from '../../../../modules/refunds/refund-mail';
import { emailCodeMail } from '../../../../modules/phone-verification/code-messages';
import { composeContactMail } from '../../../../modules/content/contact-mail';

export const SAMPLE_BRAND: MailBrand = normalBrand({
  name: '肌研舍股份有限公司',
  wordmark: '肌研舍 Skinshop',
  origin: 'https://shop.example',
  logoUrl: '',
  color: '',
  email: 'service@skinshop.com.tw',
  phone: '02-2708-5168',
});

/** A buyer whose name tries markup: every template must show it as text. */
export const SAMPLE_ORDER: MailOrder = {
  id: 1024,
  mer_trade_no: 'SS2611280001024ABCDEF',
  buy_name: '王<b>小明</b>',
  buy_email: 'ming@example.com',
  buy_phone: '0912345678',
  name: '陳美麗',
  phone: '0911222333',
  zip: '',
  city: '',
  district: '',
  street: '',
  store_id: '991182',
  store_name: '大安<i>門市</i>',
  store_addr: '臺北市大安區復興南路一段 2 號',
  shipping: 1,
  delivery_time_slot: '',
  payment: 'atm',
  bank_code: '013',
  payment_code: '013-8123456789012',
  expire_date: new Date('2026-12-01T15:59:59Z'),
  payment_status: 0,
  subtotal: 2720,
  shipping_fee: 60,
  total_amount: 2530,
  invoice_type: 'personal',
  carrier_type: '3J0002',
  mobile_barcode: '/ABC+123',
  citizen_barcode: '',
  company_name: '',
  tax_id: '',
  donate_code: '',
  invoice_no: '',
  paid_at: null,
  created_at: new Date('2026-11-28T06:30:00Z'),
  ship_trade_no: '',
  order_status_msg: '',
  cancelled_at: null,
  delivered_at: null,
};

/** Two bought lines (the first with a discount of its own), a gift; Σ price × qty = 2,720. */
export const SAMPLE_ITEMS: MailOrderItem[] = [
  { id: 1, title: '玫瑰保濕精華液', variant_name: '30ml', price: 680, quantity: 2, discount: 150, amount: 1210, line_kind: 'item' },
  { id: 2, title: '溫和潔顏慕斯 <script>alert(1)</script>', variant_name: '', price: 1360, quantity: 1, discount: 100, amount: 1260, line_kind: 'item' },
  { id: 3, title: '旅行組化妝包', variant_name: '', price: 0, quantity: 1, discount: 0, amount: 0, line_kind: 'gift' },
];

/** 第二件 8 折 on line 1 (its own row in the table), and the order's 滿千折百 and 購物金折抵. */
export const SAMPLE_ADJUSTMENTS: MailAdjustment[] = [
  { label: '第二件 8 折', amount: -136, order_item_id: 1 },
  { label: '滿千折百', amount: -100, order_item_id: null },
  { label: '購物金折抵', amount: -14, order_item_id: null },
];

export const SAMPLE_CTX: OrderMailContext = { brand: SAMPLE_BRAND, shippingName: '7-11 取貨', paymentLabel: 'ATM 轉帳' };

const paid: MailOrder = { ...SAMPLE_ORDER, payment_status: 1, paid_at: new Date('2026-11-28T08:05:00Z'), invoice_no: 'AB12345678' };
const shipped: MailOrder = { ...paid, ship_trade_no: '1125112800123' };
const delivered: MailOrder = { ...shipped, delivered_at: new Date('2026-11-30T10:20:00Z') };
const cancelled: MailOrder = { ...SAMPLE_ORDER, cancelled_at: new Date('2026-11-29T04:00:00Z'), order_status_msg: '會員取消訂單' };

const refund = { id: 77, amount: 680, method: 'credit-refund', bank_code: '', bank_account: '' } as Refund;

export interface MailSample {
  /** File name and snapshot name. */
  name: string;
  mail: MailMessage;
}

const news = (kind: OrderMailNewsKind, order: MailOrder) => orderNewsMail(kind, order, SAMPLE_ITEMS, SAMPLE_CTX, SAMPLE_ADJUSTMENTS);

/** Every template, once. */
export async function renderSamples(): Promise<MailSample[]> {
  const samples: Array<[string, Promise<MailMessage>]> = [
    ['order-confirmation', orderConfirmationMail(SAMPLE_ORDER, SAMPLE_ITEMS, SAMPLE_CTX, SAMPLE_ADJUSTMENTS)],
    ['order-new-code', orderNewCodeMail(SAMPLE_ORDER, SAMPLE_CTX, SAMPLE_ADJUSTMENTS, `${SAMPLE_ORDER.mer_trade_no}R2`, 'repriced', SAMPLE_ITEMS)],
    ['order-paid', orderPaidMail(paid, SAMPLE_CTX, SAMPLE_ITEMS, SAMPLE_ADJUSTMENTS)],
    ['order-shipped', news('shipped', shipped)],
    ['order-at-store', news('at-store', shipped)],
    ['order-delivered', news('delivered', delivered)],
    ['order-cancelled', news('cancelled', cancelled)],
    ['order-refunded', refundMail(paid, refund, { brand: SAMPLE_BRAND })],
    ['allowance-consent', refundMail(paid, refund, { brand: SAMPLE_BRAND, allowance: { token: 'T0k3n_sample-allowance-consent-link-000001', amount: 680 } })],
    ['verification-code', emailCodeMail('ming@example.com', SAMPLE_BRAND, '428193', 9)],
    [
      'contact',
      composeContactMail(
        { id: 5, name: '王小明<img src=x>', email: 'ming@example.com', phone: '0912-345-678', message: '想詢問 <script>x</script> 的價格 & 庫存\n第二行', userId: 42, createdAt: new Date('2026-11-28T06:30:00Z') },
        'service@skinshop.com.tw',
        SAMPLE_BRAND,
      ),
    ],
    [
      'notice',
      renderNoticeMail({
        shop: SAMPLE_BRAND,
        headline: '購物車提醒',
        body: '您的購物車還有「玫瑰保濕精華液」等 2 件商品等您結帳。',
        link: 'https://shop.example/cart',
        linkLabel: '前往購物車',
        unsubscribeUrl: 'https://shop.example/unsubscribe/sample-token',
      }).then((r): MailMessage => ({ to: 'ming@example.com', subject: '【肌研舍股份有限公司】購物車提醒', ...r })),
    ],
  ];
  return Promise.all(samples.map(async ([name, mail]) => ({ name, mail: await mail })));
}
