import { Logger } from '@nestjs/common';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CHECKOUT_MSG, totalChangedMsg } from '../../src/common/validation/checkout-rules';
import { SIMULATORS } from '../../src/integrations/providers/provider-tokens';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { BrowserSession, isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { TEST_DB } from '../helpers/databases';
import { expectOrderAddsUp } from '../helpers/order-invariants';
import { createTestApp, TestApp } from '../helpers/test-app';
import {
  Body,
  feeFor,
  homeCod,
  jobsIdle,
  rowCount,
  setPaymentMethod,
  setShipping,
  shopper,
  shippingMethod,
  Shopper,
  stockOf,
  submit,
  TestVariant,
  variants,
} from './checkout-fixtures';

jest.setTimeout(180_000);

const RATE_LIMIT = 4;
const CARD = '4111111111111111';

describe('checkout: POST /api/order/submitOrder (spec 2 §4–5, issue 10)', () => {
  let t: TestApp;
  let ds: DataSource;
  let sims: EmbeddedSimulators;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv({ CHECKOUT_RATE_LIMIT: String(RATE_LIMIT) }), { listen: true });
    ds = t.app.get(DataSource);
    sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
  });
  afterAll(async () => {
    await sims?.payuni?.idle();
    await t?.close();
  });

  const orders = (userId: number) => rowCount(t.app, 'SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', [userId]);
  /** The server's total for `lines` on home delivery. */
  async function homeTotal(lines: { v: TestVariant; quantity: number }[]): Promise<number> {
    const subtotal = lines.reduce((s, l) => s + l.v.price * l.quantity, 0);
    return subtotal + feeFor(await shippingMethod(t.app, 4), subtotal);
  }

  describe('who', () => {
    it('needs a logged-in member (401), writes nothing', async () => {
      const visitor = new BrowserSession(request.agent(t.http));
      const before = await rowCount(t.app, 'SELECT COUNT(*) AS n FROM orders');
      const res = await visitor.post('/api/order/submitOrder', { cartItems: [], totalAmount: 0 });
      expect([res.status, res.body.success]).toEqual([401, false]);
      expect(await rowCount(t.app, 'SELECT COUNT(*) AS n FROM orders')).toBe(before);
    });

    it('refuses another member’s user_id (403) and takes its own', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const total = await homeTotal([{ v, quantity: 1 }]);
      const forged = await submit(s, homeCod(s, [{ v, quantity: 1 }], total, { user_id: s.userId + 1000 }));
      expect([forged.status, forged.body]).toEqual([403, { success: false, message: '無權存取其他會員的資料' }]);
      expect(await orders(s.userId)).toBe(0);
      expect(await orders(s.userId + 1000)).toBe(0);
      expect(await stockOf(t.app, v.variantId)).toBe(10);
      const own = await submit(s, homeCod(s, [{ v, quantity: 1 }], total, { user_id: s.userId }));
      expect(own.status).toBe(200);
      expect(await orders(s.userId)).toBe(1);
    });

    it('refuses a member whose profile lacks name, e-mail or phone (請先補上會員姓名、電子信箱、手機號碼)', async () => {
      const s = await shopper(t, { complete: false });
      const [v] = await variants(t.app, 1, 10);
      const res = await submit(s, homeCod({ ...s, email: 'x@example.com' }, [{ v, quantity: 1 }], await homeTotal([{ v, quantity: 1 }])));
      expect([res.status, res.body]).toEqual([400, { success: false, message: CHECKOUT_MSG.profileIncomplete }]);
      expect(await orders(s.userId)).toBe(0);
    });
  });

  describe('the form: every rule the server checks, with the client’s text', () => {
    let s: Shopper;
    let v: TestVariant;
    let expensive: TestVariant;
    let base: Body;
    let cases: [string, Body, string][];

    beforeAll(async () => {
      s = await shopper(t);
      [v] = await variants(t.app, 1, 50);
      [expensive] = await variants(t.app, 1, 100, 300);
      base = homeCod(s, [{ v, quantity: 1 }], await homeTotal([{ v, quantity: 1 }]));
      const store = { city: undefined, district: undefined, zip: undefined, street: undefined, deliveryTimeSlot: undefined };
      const big = (await homeTotal([{ v: expensive, quantity: 99 }])) as number;
      cases = [
        ['buyer name', { buy_name: ' ' }, CHECKOUT_MSG.buyerNameRequired],
        ['buyer name too long', { buy_name: '王'.repeat(51) }, CHECKOUT_MSG.fieldTooLong],
        ['buyer phone', { buy_phone: '0212345678' }, CHECKOUT_MSG.buyerPhoneInvalid],
        ['buyer e-mail', { buy_email: 'not-an-email' }, CHECKOUT_MSG.buyerEmailInvalid],
        ['receiver name required', { name: '' }, CHECKOUT_MSG.receiverNameRequired],
        ['receiver name Chinese', { name: 'Mary Chen' }, CHECKOUT_MSG.receiverNameChinese],
        ['receiver phone required', { phone: '' }, CHECKOUT_MSG.receiverPhoneRequired],
        ['receiver phone format', { phone: '0912-345-678' }, CHECKOUT_MSG.receiverPhoneInvalid],
        ['shipping required', { shipping: undefined }, CHECKOUT_MSG.shippingRequired],
        ['shipping unknown', { shipping: 9 }, CHECKOUT_MSG.shippingUnavailable],
        ['home address', { street: '' }, CHECKOUT_MSG.homeAddressIncomplete],
        ['home district not in the city', { district: '信義區', city: '新竹市' }, CHECKOUT_MSG.homeAddressIncomplete],
        ['street too long', { street: '路'.repeat(201) }, CHECKOUT_MSG.fieldTooLong],
        ['delivery slot', { deliveryTimeSlot: '03' }, CHECKOUT_MSG.deliverySlotInvalid],
        ['7-11 store', { ...store, shipping: 1, store_name: '門市' }, CHECKOUT_MSG.sevenStoreRequired],
        ['全家 store', { ...store, shipping: 2, payment: 'atm', bankCode: '013' }, CHECKOUT_MSG.familyStoreRequired],
        ['萊爾富 store', { ...store, shipping: 3, payment: 'atm', bankCode: '013' }, CHECKOUT_MSG.hilifeStoreRequired],
        ['store name too long', { ...store, shipping: 2, payment: 'atm', bankCode: '013', store_name: '店'.repeat(101) }, CHECKOUT_MSG.fieldTooLong],
        ['payment required', { payment: '' }, CHECKOUT_MSG.paymentRequired],
        ['payment unknown', { payment: 'bitcoin' }, CHECKOUT_MSG.paymentUnavailable],
        ['cash on delivery at 全家', { ...store, shipping: 2, store_name: '全家台北店' }, CHECKOUT_MSG.codNotForStore],
        ['ATM bank required', { payment: 'atm' }, CHECKOUT_MSG.bankRequired],
        ['ATM bank unknown', { payment: 'atm', bankCode: '999' }, CHECKOUT_MSG.bankRequired],
        ['invoice type required', { invoiceType: undefined }, CHECKOUT_MSG.invoiceTypeRequired],
        ['invoice type unknown', { invoiceType: 'company' }, CHECKOUT_MSG.invoiceTypeRequired],
        ['company title', { invoiceType: 'Company', taxId: '17784483' }, CHECKOUT_MSG.companyNameRequired],
        ['company title too long', { invoiceType: 'Company', companyName: '公'.repeat(101), taxId: '17784483' }, CHECKOUT_MSG.fieldTooLong],
        ['tax id checksum', { invoiceType: 'Company', companyName: '肌研舍股份有限公司', taxId: '12345678' }, CHECKOUT_MSG.taxIdInvalid],
        ['carrier required', { carrierType: undefined }, CHECKOUT_MSG.carrierRequired],
        ['mobile barcode', { carrierType: '3J0002', mobileBarcode: 'ABC1234' }, CHECKOUT_MSG.mobileBarcodeInvalid],
        ['citizen barcode', { carrierType: 'CQ0001', citizenBarcode: 'A1234567890123' }, CHECKOUT_MSG.citizenBarcodeInvalid],
        ['donation code', { invoiceType: 'Donate', donateCode: '12' }, CHECKOUT_MSG.donateCodeInvalid],
        ['empty cart', { cartItems: [] }, CHECKOUT_MSG.cartEmpty],
        [
          'amount over the cash-on-delivery limit (NT$20,000)',
          { cartItems: [{ product_id: expensive.productId, variant_id: expensive.variantId, quantity: 99 }], totalAmount: big },
          CHECKOUT_MSG.paymentAmountOutOfRange,
        ],
      ];
    });

    it('answers 400 with the first problem’s message, one case per rule; nothing is written, no stock taken', async () => {
      expect(cases.length).toBeGreaterThan(30);
      for (const [what, change, message] of cases) {
        const body = { ...base, ...change };
        for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
        const res = await submit(s, body);
        expect([what, res.status, res.body]).toEqual([what, 400, { success: false, message }]);
      }
      expect(await orders(s.userId)).toBe(0);
      expect(await stockOf(t.app, v.variantId)).toBe(50);
      expect(await stockOf(t.app, expensive.variantId)).toBe(100);
      expect((await submit(s, base)).status).toBe(200);
    });

    it('a shipping or payment method switched off in settings is refused', async () => {
      await setShipping(t.app, 5, { is_active: 0 });
      await setPaymentMethod(t.app, 'cvs', 0);
      try {
        const island = await submit(s, { ...base, shipping: 5 });
        expect([island.status, island.body.message]).toEqual([400, CHECKOUT_MSG.shippingUnavailable]);
        const cvs = await submit(s, { ...base, payment: 'cvs' });
        expect([cvs.status, cvs.body.message]).toEqual([400, CHECKOUT_MSG.paymentUnavailable]);
      } finally {
        await setShipping(t.app, 5, { is_active: 1 });
        await setPaymentMethod(t.app, 'cvs', 1);
      }
    });

    it('wrong JSON types are refused in zh-TW, never coerced', async () => {
      for (const [field, value] of [
        ['name', 7],
        ['shipping', '4x'],
        ['shipping', true],
        ['payment', ['cod']],
        ['cartItems', 'x'],
        ['cartItems', [null]],
        ['totalAmount', '1e3'],
        ['totalAmount', true],
        ['buy_email', { a: 1 }],
      ] as const) {
        const res = await submit(s, { ...base, [field]: value });
        expect([field, value, res.status, res.body.success]).toEqual([field, value, 400, false]);
        expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
      }
    });
  });

  describe('money from the database', () => {
    it('refuses a forged or stale total (409) naming the server’s total, and the order then goes through at that total', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const total = await homeTotal([{ v, quantity: 2 }]);
      const forged = await submit(s, homeCod(s, [{ v, quantity: 2 }], 1));
      expect([forged.status, forged.body]).toEqual([409, { success: false, message: totalChangedMsg(total), totalAmount: total }]);
      // The price changed after the cart was filled.
      await ds.query('UPDATE product_variants SET discount_price = discount_price + 7 WHERE id = ?', [v.variantId]);
      try {
        const newTotal = await homeTotal([{ v: { ...v, price: v.price + 7 }, quantity: 2 }]);
        const stale = await submit(s, homeCod(s, [{ v, quantity: 2 }], total));
        expect([stale.status, stale.body]).toEqual([409, { success: false, message: totalChangedMsg(newTotal), totalAmount: newTotal }]);
        expect(stale.body.message).toContain(`NT$ ${newTotal.toLocaleString('en-US')}`);
        expect(await orders(s.userId)).toBe(0);
        expect(await stockOf(t.app, v.variantId)).toBe(10);
        const ok = await submit(s, homeCod(s, [{ v, quantity: 2 }], newTotal));
        expect(ok.status).toBe(200);
        const [row] = await ds.query('SELECT subtotal, shipping_fee, total_amount FROM orders WHERE id = ?', [ok.body.resData.order_id]);
        expect(Number(row.total_amount)).toBe(newTotal);
        const [item] = await ds.query('SELECT price FROM order_items WHERE order_id = ?', [ok.body.resData.order_id]);
        expect(Number(item.price)).toBe(v.price + 7);
      } finally {
        await ds.query('UPDATE product_variants SET discount_price = discount_price - 7 WHERE id = ?', [v.variantId]);
      }
    });

    it('refuses price, title or fee fields in the body (400): prices are never read from the client', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const total = await homeTotal([{ v, quantity: 1 }]);
      const line = { product_id: v.productId, variant_id: v.variantId, quantity: 1 };
      for (const change of [
        { cartItems: [{ ...line, discount_price: 1 }] },
        { cartItems: [{ ...line, price: 1 }] },
        { cartItems: [{ ...line, title: '免費', variant_name: 'x' }] },
        { shipping_fee: 0 },
        { subtotal: 1 },
        { total_amount: 1 },
      ]) {
        const res = await submit(s, { ...homeCod(s, [{ v, quantity: 1 }], total), ...change });
        expect([change, res.status, res.body]).toEqual([change, 400, { success: false, message: '提供的資料無效或不完整' }]);
      }
      expect(await orders(s.userId)).toBe(0);
    });

    it('shipping fee: the method’s cost below its free threshold, 0 at or above it, and a threshold of 0 is always free', async () => {
      const s = await shopper(t);
      const [picked] = await variants(t.app, 1, 99, 100);
      await ds.query('UPDATE product_variants SET discount_price = 300 WHERE id = ?', [picked.variantId]);
      const v = { ...picked, price: 300 };
      const seven = { ...homeCod(s, [], 0), shipping: 1, store_id: '131386', store_name: '建和門市', store_addr: '台北市中正區重慶南路一段 122 號' };
      for (const k of ['city', 'district', 'zip', 'street', 'deliveryTimeSlot']) delete (seven as Body)[k];
      const m = await shippingMethod(t.app, 1);
      const below = Math.max(1, Math.floor((m.free_shipping_threshold - 1) / v.price));
      const atOrAbove = Math.ceil(m.free_shipping_threshold / v.price);
      expect(v.price * below).toBeLessThan(m.free_shipping_threshold);
      expect(v.price * atOrAbove).toBeGreaterThanOrEqual(m.free_shipping_threshold);
      const place = async (quantity: number, fee: number) => {
        const total = v.price * quantity + fee;
        const res = await submit(s, { ...seven, cartItems: [{ product_id: v.productId, variant_id: v.variantId, quantity }], totalAmount: total });
        expect([quantity, res.status, res.body.message]).toEqual([quantity, 200, '訂單已成立']);
        const [row] = await ds.query('SELECT shipping_fee, total_amount FROM orders WHERE id = ?', [res.body.resData.order_id]);
        expect([Number(row.shipping_fee), Number(row.total_amount)]).toEqual([fee, total]);
        await expectOrderAddsUp(t.app, res.body.resData.order_id);
      };
      await place(below, m.shipping_cost);
      await place(atOrAbove, 0);
      await setShipping(t.app, 1, { free_shipping_threshold: 0 });
      try {
        const s2 = await shopper(t);
        const res = await submit(s2, { ...seven, buy_phone: s2.phone, buy_email: s2.email, cartItems: [{ product_id: v.productId, variant_id: v.variantId, quantity: 1 }], totalAmount: v.price });
        expect([res.status, res.body.message]).toEqual([200, '訂單已成立']);
        const [row] = await ds.query('SELECT shipping_fee FROM orders WHERE id = ?', [res.body.resData.order_id]);
        expect(Number(row.shipping_fee)).toBe(0);
      } finally {
        await setShipping(t.app, 1, { free_shipping_threshold: m.free_shipping_threshold });
      }
    });
  });

  describe('cash on delivery end to end', () => {
    it('stores the order as charged, copies the lines, reserves the stock, queues the confirmation, remembers the address and defaults', async () => {
      const s = await shopper(t);
      const [a, b] = await variants(t.app, 2, 10);
      const lines = [
        { v: a, quantity: 2 },
        { v: b, quantity: 1 },
      ];
      const total = await homeTotal(lines);
      const subtotal = a.price * 2 + b.price;
      const [soldBefore] = await ds.query('SELECT sold_quantity FROM products WHERE id = ?', [a.productId]);
      const res = await submit(s, homeCod(s, lines, total, { deliveryTimeSlot: '01', carrierType: '3J0002', mobileBarcode: '/ABC1234', addresses: [{ junk: true }] }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: '訂單已成立', resData: { order_id: expect.any(Number), MerTradeNo: expect.stringMatching(/^SS\d{12}[0-9A-Z]{6}$/) } });
      const id = res.body.resData.order_id as number;
      const [o] = await ds.query('SELECT * FROM orders WHERE id = ?', [id]);
      expect(o).toMatchObject({
        user_id: s.userId,
        mer_trade_no: res.body.resData.MerTradeNo,
        buy_name: '王小明',
        buy_phone: s.phone,
        buy_email: s.email,
        name: '陳美麗',
        phone: '0911222333',
        city: '臺北市',
        district: '中正區',
        zip: '100',
        street: '重慶南路一段 122 號',
        store_id: '',
        delivery_time_slot: '01',
        payment: 'cod',
        status_name: 'pending',
        invoice_type: 'personal',
        carrier_type: '3J0002',
        mobile_barcode: '/ABC1234',
        company_name: '',
        trade_no: '',
        payment_code: '',
      });
      expect([Number(o.subtotal), Number(o.shipping_fee), Number(o.total_amount), Number(o.payment_status)]).toEqual([subtotal, total - subtotal, total, 0]);
      // The Taipei time of the order number is now.
      const stamp = (res.body.resData.MerTradeNo as string).slice(2, 14);
      const taipei = new Date(Date.now() + 8 * 3600_000).toISOString().replace(/[^0-9]/g, '').slice(2, 14);
      expect(Math.abs(Number(taipei) - Number(stamp))).toBeLessThan(100);

      const items = await ds.query('SELECT product_id, variant_id, title, variant_name, image_url, price, quantity FROM order_items WHERE order_id = ? ORDER BY id', [id]);
      const products = await ds.query('SELECT id, image_url FROM products WHERE id IN (?, ?)', [a.productId, b.productId]);
      const image = (pid: number) => products.find((p: { id: number }) => Number(p.id) === pid).image_url;
      expect(items.map((i: Record<string, unknown>) => ({ ...i, product_id: Number(i.product_id), variant_id: Number(i.variant_id), price: Number(i.price), quantity: Number(i.quantity) }))).toEqual([
        { product_id: a.productId, variant_id: a.variantId, title: a.title, variant_name: a.variantName, image_url: image(a.productId), price: a.price, quantity: 2 },
        { product_id: b.productId, variant_id: b.variantId, title: b.title, variant_name: b.variantName, image_url: image(b.productId), price: b.price, quantity: 1 },
      ]);

      // The lines as charged (no discount yet) and the money adds up on the stored order.
      const money = await expectOrderAddsUp(t.app, id);
      expect(money.items.map((i) => [i.discount, i.amount])).toEqual([
        [0, a.price * 2],
        [0, b.price],
      ]);
      expect(money.adjustments).toEqual([]);
      expect([money.order.discount_total, money.order.points_used]).toEqual([0, 0]);
      // The slip answers the stored numbers: lines with discount / amount, an empty adjustments list.
      const slip = await s.b.get(`/api/order/getOrderAndDetails/${res.body.resData.MerTradeNo}`);
      expect(slip.body.order).toMatchObject({ subtotal, discount_total: 0, points_used: 0, total_amount: total, adjustments: [] });
      expect(slip.body.orderItems.map((i: { discount: number; amount: number }) => [i.discount, i.amount])).toEqual([
        [0, a.price * 2],
        [0, b.price],
      ]);

      expect([await stockOf(t.app, a.variantId), await stockOf(t.app, b.variantId)]).toEqual([8, 9]);
      const [soldAfter] = await ds.query('SELECT sold_quantity FROM products WHERE id = ?', [a.productId]);
      // Not paid yet (cash on delivery): nothing sold so far (docs/decisions/0057-real-social-proof.md).
      expect(Number(soldAfter.sold_quantity)).toBe(Number(soldBefore.sold_quantity));

      expect(await rowCount(t.app, "SELECT COUNT(*) AS n FROM outbox_messages WHERE job_name = 'mail.order-confirmation' AND job_id = ?", [`mail-order.${id}`])).toBe(1);

      // Spec 2 §4: the address became the default home address, the config defaults follow.
      const user = (await s.b.get('/api/login/getuser')).body.user;
      const homes = user.addresses.filter((x: { shipping_type: string }) => x.shipping_type === 'home');
      expect(homes[0]).toMatchObject({ city: '臺北市', district: '中正區', zip: '100', street: '重慶南路一段 122 號', is_default: 1 });
      expect(user.config).toMatchObject({ default_shipping: 4, selectedHomeAddrIndex: 0, default_mobile_barcode: '/ABC1234' });

      // The same address again is not added twice; a store pick becomes the default 7-11 address.
      const again = await submit(s, homeCod(s, [{ v: a, quantity: 1 }], await homeTotal([{ v: a, quantity: 1 }]), { invoiceType: 'Company', companyName: '肌研舍股份有限公司', taxId: '17784483' }));
      expect(again.status).toBe(200);
      const seven = await submit(s, {
        ...homeCod(s, [{ v: a, quantity: 1 }], 0),
        city: undefined,
        district: undefined,
        zip: undefined,
        street: undefined,
        deliveryTimeSlot: undefined,
        shipping: 1,
        store_id: '131386',
        store_name: '建和門市',
        store_addr: '台北市中正區重慶南路一段 122 號',
        totalAmount: a.price + feeFor(await shippingMethod(t.app, 1), a.price),
      });
      expect(seven.status).toBe(200);
      const [so] = await ds.query('SELECT city, street, store_id, store_name, delivery_time_slot FROM orders WHERE id = ?', [seven.body.resData.order_id]);
      expect(so).toEqual({ city: '', street: '', store_id: '131386', store_name: '建和門市', delivery_time_slot: '04' });
      const after = (await s.b.get('/api/login/getuser')).body.user;
      expect(after.addresses.filter((x: { shipping_type: string }) => x.shipping_type === 'home')).toHaveLength(1);
      expect(after.addresses.filter((x: { shipping_type: string }) => x.shipping_type === 'seven')).toEqual([expect.objectContaining({ store_id: '131386', store_name: '建和門市', is_default: 1 })]);
      expect(after.config).toMatchObject({ default_shipping: 1, selectedCvsAddrIndex: 0, default_company_name: '肌研舍股份有限公司', default_tax_id: '17784483' });
    });

    it('a saved address that is not the default becomes it; a full address book (10) is left as it is', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const home = (street: string, is_default: number) => ({ shipping_type: 'home', city: '臺北市', district: '中正區', street, is_default });
      const saved = await s.b.post('/api/user/updateAddresses', { addresses: [home('忠孝西路一段 1 號', 1), home('重慶南路一段 122 號', 0), { shipping_type: 'seven', store_id: '131386', store_name: '建和門市', is_default: 1 }] });
      expect(saved.status).toBe(200);
      const total = await homeTotal([{ v, quantity: 1 }]);
      expect((await submit(s, homeCod(s, [{ v, quantity: 1 }], total))).status).toBe(200);
      const user = (await s.b.get('/api/login/getuser')).body.user;
      expect(user.addresses.map((a: { street: string; store_name: string; is_default: number }) => [a.street || a.store_name, a.is_default])).toEqual([
        ['重慶南路一段 122 號', 1],
        ['建和門市', 1],
        ['忠孝西路一段 1 號', 0],
      ]);
      expect(user.config).toMatchObject({ default_shipping: 4, selectedHomeAddrIndex: 0 });

      const full = Array.from({ length: 10 }, (_, i) => home(`博愛路 ${i + 1} 號`, i === 0 ? 1 : 0));
      expect((await s.b.post('/api/user/updateAddresses', { addresses: full })).status).toBe(200);
      const res = await submit(s, homeCod(s, [{ v, quantity: 1 }], total, { street: '衡陽路 99 號' }));
      expect(res.status).toBe(200);
      const [o] = await ds.query('SELECT street FROM orders WHERE id = ?', [res.body.resData.order_id]);
      expect(o.street).toBe('衡陽路 99 號');
      const book = (await s.b.get('/api/login/getuser')).body.user.addresses;
      expect(book).toHaveLength(10);
      expect(book.map((a: { street: string }) => a.street)).not.toContain('衡陽路 99 號');
    });

    it('drops card fields: accepted, never stored, never logged', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const logged: string[] = [];
      const record = (...args: unknown[]) => void logged.push(args.map((x) => (x instanceof Error ? `${x.message}\n${x.stack}` : JSON.stringify(x))).join(' '));
      const spies = (['error', 'warn', 'log', 'debug', 'verbose'] as const).map((level) => jest.spyOn(Logger.prototype, level).mockImplementation(record));
      const out = jest.spyOn(process.stdout, 'write');
      let id: number;
      try {
        const res = await submit(
          s,
          homeCod(s, [{ v, quantity: 1 }], await homeTotal([{ v, quantity: 1 }]), { cardNumber: CARD, card_number: CARD, expiry: '12/30', cvc: '987', cardHolder: 'WANG XIAO MING' }),
        );
        expect(res.status).toBe(200);
        id = res.body.resData.order_id;
        await jobsIdle(t.app);
      } finally {
        spies.forEach((x) => x.mockRestore());
        out.mockRestore();
      }
      const written = out.mock.calls.map((c) => String(c[0])).join('');
      for (const text of [...logged, written]) {
        expect(text).not.toContain(CARD);
        expect(text).not.toContain('WANG XIAO MING');
      }
      const rows = JSON.stringify([
        await ds.query('SELECT * FROM orders WHERE id = ?', [id]),
        await ds.query('SELECT * FROM order_items WHERE order_id = ?', [id]),
        await ds.query('SELECT * FROM outbox_messages'),
      ]);
      expect(rows).not.toContain(CARD);
      expect(rows).not.toContain('WANG XIAO MING');
      if (TEST_DB === 'sqlite') {
        // Every byte the database wrote (file, WAL).
        const file = t.db.url.replace(/^sqlite:/, '');
        for (const name of readdirSync(dirname(file))) {
          const bytes = readFileSync(`${dirname(file)}/${name}`);
          expect([name, bytes.includes(CARD)]).toEqual([name, false]);
        }
      }
    });
  });

  describe('stock', () => {
    it('an unlisted product, a sold-out variant, too many and a switched-off variant are refused naming the item (409); nothing is written', async () => {
      const s = await shopper(t);
      const [v, w] = await variants(t.app, 2, 3);
      const body = (x: TestVariant, quantity: number) => homeCod(s, [{ v: x, quantity }], 0);
      const name = (x: TestVariant) => `${x.title}（${x.variantName}）`;
      const refuse = async (b: Body, status: number, message: string) => {
        const res = await submit(s, b);
        expect([res.status, res.body.message]).toEqual([status, message]);
      };

      await refuse(body(v, 4), 409, `庫存不足：「${name(v)}」僅剩 3 件`);
      await ds.query('UPDATE product_variants SET quantity = 0 WHERE id = ?', [v.variantId]);
      await refuse(body(v, 1), 409, `庫存不足：「${name(v)}」已售完`);
      await ds.query('UPDATE products SET is_active = 0 WHERE id = ?', [w.productId]);
      await refuse(body(w, 1), 409, `「${name(w)}」已下架，無法購買`);
      await ds.query('UPDATE products SET is_active = 1 WHERE id = ?', [w.productId]);
      await ds.query('UPDATE product_variants SET is_active = 0 WHERE id = ?', [w.variantId]);
      await refuse(body(w, 1), 409, `「${name(w)}」已下架，無法購買`);
      await ds.query('UPDATE product_variants SET is_active = 1 WHERE id = ?', [w.variantId]);

      // Quantities 1–99; a variant of another product; no variant chosen.
      const line = { product_id: w.productId, variant_id: w.variantId };
      for (const quantity of [0, 100, -1, 1.5]) {
        const res = await submit(s, { ...body(w, 1), cartItems: [{ ...line, quantity }] });
        expect([quantity, res.status, res.body.message]).toEqual([quantity, 400, '購買數量須為 1 到 99 件']);
      }
      const twice = await submit(s, { ...body(w, 1), cartItems: [{ ...line, quantity: 60 }, { ...line, quantity: 60 }] });
      expect([twice.status, twice.body.message]).toEqual([400, '購買數量須為 1 到 99 件']);
      const mixed = await submit(s, { ...body(w, 1), cartItems: [{ product_id: v.productId, variant_id: w.variantId, quantity: 1 }] });
      expect([mixed.status, mixed.body.message]).toEqual([404, '找不到商品']);
      const unknown = await submit(s, { ...body(w, 1), cartItems: [{ product_id: 999999, variant_id: 1, quantity: 1 }] });
      expect([unknown.status, unknown.body.message]).toEqual([404, '找不到商品']);
      const none = await submit(s, { ...body(w, 1), cartItems: [{ product_id: w.productId, variant_id: 0, quantity: 1 }] });
      expect([none.status, none.body.message]).toEqual([400, '請先選擇規格！']);

      expect(await orders(s.userId)).toBe(0);
      expect([await stockOf(t.app, v.variantId), await stockOf(t.app, w.variantId)]).toEqual([0, 3]);
    });

    it('a product without variants cannot be bought (庫存不足 naming it)', async () => {
      const s = await shopper(t);
      const [w] = await variants(t.app, 1, 3);
      await ds.query('DELETE FROM product_variants WHERE id = ?', [w.variantId]);
      const others = await ds.query('SELECT id FROM product_variants WHERE product_id = ?', [w.productId]);
      for (const o of others) await ds.query('DELETE FROM product_variants WHERE id = ?', [o.id]);
      for (const variant_id of [0, null]) {
        const res = await submit(s, { ...homeCod(s, [{ v: w, quantity: 1 }], 100), cartItems: [{ product_id: w.productId, variant_id, quantity: 1 }] });
        expect([variant_id, res.status, res.body.message]).toEqual([variant_id, 409, `庫存不足：「${w.title}」已售完`]);
      }
      expect(await orders(s.userId)).toBe(0);
    });
  });

  describe('one order per double submit', () => {
    it('the same Idempotency-Key twice: one order, the same answer', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const body = homeCod(s, [{ v, quantity: 1 }], await homeTotal([{ v, quantity: 1 }]));
      const key = 'k-1234567890abcdef_ABC';
      const first = await submit(s, body, key);
      const second = await submit(s, body, key);
      expect(first.status).toBe(200);
      expect([second.status, second.body]).toEqual([200, first.body]);
      expect(await orders(s.userId)).toBe(1);
      expect(await stockOf(t.app, v.variantId)).toBe(9);
      // Another key is another order; no lock with a key.
      expect((await submit(s, body, 'another-key')).status).toBe(200);
      expect(await orders(s.userId)).toBe(2);
      // A key belongs to its member: another member's same key is their own order.
      const other = await shopper(t);
      const theirs = await submit(other, homeCod(other, [{ v, quantity: 1 }], body.totalAmount as number), key);
      expect(theirs.status).toBe(200);
      expect(theirs.body.resData.order_id).not.toBe(first.body.resData.order_id);
    });

    it('two concurrent submits with the same key: one order, both answered with it', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const body = homeCod(s, [{ v, quantity: 2 }], await homeTotal([{ v, quantity: 2 }]));
      await s.b.csrfToken();
      const answers = await Promise.all([submit(s, body, 'same-key'), submit(s, body, 'same-key'), submit(s, body, 'same-key')]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((r) => r.body.resData.order_id)).size).toBe(1);
      expect(await orders(s.userId)).toBe(1);
      expect(await stockOf(t.app, v.variantId)).toBe(8);
    });

    it('refuses a malformed key (400)', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const body = homeCod(s, [{ v, quantity: 1 }], await homeTotal([{ v, quantity: 1 }]));
      for (const key of ['x'.repeat(65), 'has space', 'semi;colon', 'a.b', '']) {
        const res = await submit(s, body, key);
        expect([key, res.status, res.body]).toEqual([key, 400, { success: false, message: '提供的資料無效或不完整' }]);
      }
      expect(await orders(s.userId)).toBe(0);
    });

    it('without a key: a 2-second lock per member (429 訂單處理中，請勿重複送出)', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const body = homeCod(s, [{ v, quantity: 1 }], await homeTotal([{ v, quantity: 1 }]));
      await s.b.csrfToken();
      // A refused submit takes no lock: the corrected form goes through at once.
      const refused = await submit(s, { ...body, name: '' }, null);
      expect(refused.body.message).toBe(CHECKOUT_MSG.receiverNameRequired);
      const burst = await Promise.all([submit(s, body, null), submit(s, body, null), submit(s, body, null)]);
      expect(burst.map((r) => r.status).sort()).toEqual([200, 429, 429]);
      expect(burst.find((r) => r.status === 429)!.body).toEqual({ success: false, message: CHECKOUT_MSG.duplicateSubmit });
      expect(await orders(s.userId)).toBe(1);
      const soon = await submit(s, body, null);
      expect([soon.status, soon.body.message]).toEqual([429, CHECKOUT_MSG.duplicateSubmit]);
      await new Promise((r) => setTimeout(r, 2100));
      expect((await submit(s, body, null)).status).toBe(200);
      expect(await orders(s.userId)).toBe(2);
      expect(await stockOf(t.app, v.variantId)).toBe(8);
    });

    it(`rate limit: ${RATE_LIMIT} orders per member per 10 minutes (429 下單次數過於頻繁，請稍後再試)`, async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 20);
      const body = homeCod(s, [{ v, quantity: 1 }], await homeTotal([{ v, quantity: 1 }]));
      for (let i = 0; i < RATE_LIMIT; i++) expect((await submit(s, body, `rate-${i}`)).status).toBe(200);
      const over = await submit(s, body, 'rate-over');
      expect([over.status, over.body]).toEqual([429, { success: false, message: CHECKOUT_MSG.tooManyOrders }]);
      expect(await orders(s.userId)).toBe(RATE_LIMIT);
      // Per member: another one still buys.
      const other = await shopper(t);
      expect((await submit(other, homeCod(other, [{ v, quantity: 1 }], body.totalAmount as number), 'rate-0')).status).toBe(200);
    });
  });

  describe('online methods against the simulators', () => {
    it('ATM: the virtual account and its expiry on the order; CVS: the code', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const total = await homeTotal([{ v, quantity: 1 }]);
      const atm = await submit(s, homeCod(s, [{ v, quantity: 1 }], total, { payment: 'atm', bankCode: '822' }));
      expect(atm.status).toBe(200);
      expect(atm.body).toEqual({ success: true, message: '訂單已成立', resData: { order_id: expect.any(Number), MerTradeNo: expect.any(String) } });
      const [o] = await ds.query('SELECT bank_code, payment_code, expire_date, trade_no, status_name FROM orders WHERE id = ?', [atm.body.resData.order_id]);
      expect(o.bank_code).toBe('822');
      expect(o.payment_code).toMatch(/^822-\d{6,}$/);
      expect(o.trade_no).not.toBe('');
      expect(o.expire_date).not.toBeNull();
      expect(o.status_name).toBe('pending');
      expect(await rowCount(t.app, "SELECT COUNT(*) AS n FROM outbox_messages WHERE job_name = 'mail.order-confirmation' AND job_id = ?", [`mail-order.${atm.body.resData.order_id}`])).toBe(1);

      const cvs = await submit(s, homeCod(s, [{ v, quantity: 1 }], total, { payment: 'cvs' }));
      expect(cvs.status).toBe(200);
      const [c] = await ds.query('SELECT payment_code, bank_code FROM orders WHERE id = ?', [cvs.body.resData.order_id]);
      expect(c.payment_code).not.toBe('');
      expect(c.bank_code).toBe('');
      await expectOrderAddsUp(t.app, atm.body.resData.order_id);
      await expectOrderAddsUp(t.app, cvs.body.resData.order_id);
    });

    it('credit: the hosted 3-D Secure form to post; a repeat with the key answers the same form', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const body = homeCod(s, [{ v, quantity: 1 }], await homeTotal([{ v, quantity: 1 }]), { payment: 'credit' });
      const res = await submit(s, body, 'credit-key');
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual({ go_url: expect.stringMatching(/^(https?:\/\/|\/sim\/)/), body: expect.objectContaining({ MerID: expect.any(String), EncryptInfo: expect.any(String), HashInfo: expect.any(String) }) });
      const again = await submit(s, body, 'credit-key');
      expect([again.status, again.body]).toEqual([200, res.body]);
      expect(await orders(s.userId)).toBe(1);
    });

    it('LINE Pay: go_url with an empty body; invoiced to the member carrier whatever the form said', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const res = await submit(
        s,
        homeCod(s, [{ v, quantity: 1 }], await homeTotal([{ v, quantity: 1 }]), { payment: 'linepay', invoiceType: 'Company', companyName: '', taxId: 'nonsense', carrierType: '3J0002' }),
      );
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual({ go_url: expect.stringMatching(/^(https?:\/\/|\/sim\/)/), body: {} });
      const [o] = await ds.query('SELECT invoice_type, carrier_type, company_name, tax_id, mobile_barcode FROM orders WHERE id = ?', [res.body.resData.order_id]);
      expect(o).toEqual({ invoice_type: 'personal', carrier_type: 'amego', company_name: '', tax_id: '', mobile_barcode: '' });
    });

    it('a payment that cannot be started: 503, the order cancelled, the stock back', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      sims.payuni!.failNext({ code: 'ATM01005', message: '系統維護中' });
      const res = await submit(s, homeCod(s, [{ v, quantity: 3 }], await homeTotal([{ v, quantity: 3 }]), { payment: 'atm', bankCode: '013' }), 'fails');
      expect([res.status, res.body.success, res.body.message]).toEqual([503, false, CHECKOUT_MSG.paymentStartFailed]);
      const [o] = await ds.query('SELECT status_name, payment_status FROM orders WHERE user_id = ?', [s.userId]);
      expect([o.status_name, Number(o.payment_status)]).toEqual(['cancelled', 0]);
      expect(await stockOf(t.app, v.variantId)).toBe(10);
      // The same key again answers the same: the order was not made.
      const again = await submit(s, homeCod(s, [{ v, quantity: 3 }], await homeTotal([{ v, quantity: 3 }]), { payment: 'atm', bankCode: '013' }), 'fails');
      expect([again.status, again.body.message]).toEqual([503, CHECKOUT_MSG.paymentStartFailed]);
      expect(await orders(s.userId)).toBe(1);
    });
  });
});

