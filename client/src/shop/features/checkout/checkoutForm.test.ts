import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_MSG, checkoutProblems, paymentAllowed } from '@rules/checkout-rules';
import type { AddressView } from '@api/account';
import { completeMember } from '../auth/testUsers';
import type { CartItem } from '../cart/cartSlice';
import {
  attemptFor,
  checkoutInput,
  clearSavedCheckout,
  defaultForm,
  dropPickedStore,
  fieldErrors,
  firstErrorField,
  handOverPickedStore,
  loadSavedCheckout,
  newIdempotencyKey,
  peekPickedStore,
  pickedStoreFrom,
  restoreForm,
  saveCheckout,
  submitBody,
  submitOutcome,
  withBuyer,
  withPickedStore,
  withReceiver,
  withSameAsBuyer,
  withShipping,
  type CheckoutForm,
} from './checkoutForm';

const row = (extra: Partial<AddressView>): AddressView => ({
  id: 1, user_id: 7, shipping_type: 'home', city: '', district: '', zip: '', street: '', store_id: '', store_name: '', store_addr: '', is_default: 0, ...extra,
});
const homeA = row({ id: 1, city: '臺北市', district: '大安區', zip: '106', street: '復興南路一段 1 號', is_default: 1 });
const homeB = row({ id: 2, city: '臺東縣', district: '蘭嶼鄉', zip: '952', street: '椰油村 2 號' });
const sevenA = row({ id: 3, shipping_type: 'seven', store_id: '991182', store_name: '大安門市', store_addr: '臺北市大安區', is_default: 1 });
const familyA = row({ id: 4, shipping_type: 'family', store_id: 'F001', store_name: '全家信義店', store_addr: '臺北市信義區' });

const me = completeMember({ addresses: [homeA, sevenA, homeB, familyA] });
const items: CartItem[] = [
  { product_id: 1, variant_id: 11, variant_name: '30ml', title: '精華', description: '', image_url: '', discount_price: 1280, quantity: 2 },
  { product_id: 2, variant_id: 0, variant_name: '', title: '乳霜', description: '', image_url: '', discount_price: 450, quantity: 1 },
];
const ctx = { shippingIds: [1, 2, 3, 4, 5], paymentCodes: ['atm', 'cvs', 'credit', 'linepay', 'cod'], total: 3010 };

/** A form the shared rules accept: home delivery to the first saved address, ATM, member carrier. */
const complete = (extra: Partial<CheckoutForm> = {}): CheckoutForm => ({
  ...withSameAsBuyer(defaultForm(me), true),
  payment: 'atm',
  carrierType: 'amego',
  ...extra,
});

afterEach(() => sessionStorage.clear());

describe('defaults (spec 2 §4)', () => {
  it('starts at home delivery, slot 04, personal invoice, bank 013, the buyer from the profile and the first saved addresses', () => {
    const f = defaultForm(me);
    expect(f).toMatchObject({
      buy_name: '王小明', buy_phone: '0912345678', buy_email: 'ming@example.com',
      shipping: 4, deliveryTimeSlot: '04', invoiceType: 'personal', bankCode: '013', payment: '', carrierType: '',
      home: { city: '臺北市', district: '大安區', zip: '106', street: '復興南路一段 1 號' }, homeManual: false,
    });
    expect(f.stores.seven.store_id).toBe('991182');
    expect(f.stores.family.store_name).toBe('全家信義店');
    // No saved 萊爾富 store: typed in.
    expect(f.storeManual).toEqual({ seven: false, family: false, hilife: true });
  });

  it('types a new home address when none is saved, and takes the config defaults', () => {
    const f = defaultForm(
      completeMember({
        config: { default_shipping: 1, selectedHomeAddrIndex: 0, selectedCvsAddrIndex: 0, default_mobile_barcode: '/ABC1234', default_citizen_barcode: '', default_company_name: '好公司', default_tax_id: '04595257' },
      }),
    );
    expect(f.homeManual).toBe(true);
    expect(f.home).toEqual({ city: '', district: '', zip: '', street: '' });
    expect(f).toMatchObject({ shipping: 1, carrierType: '3J0002', mobileBarcode: '/ABC1234', companyName: '好公司', taxId: '04595257' });
  });

  it('restores a saved form over the defaults, dropping values of the wrong type', () => {
    const f = restoreForm(defaultForm(me), {
      name: '林美麗', phone: '0987654321', shipping: 2, payment: 'cvs', deliveryTimeSlot: '99', bankCode: 123, invoiceType: 'Donate', donateCode: '168',
      stores: { family: { store_id: '', store_name: '全家大安店', store_addr: '' }, seven: 'nope' }, storeManual: { family: true, seven: true },
    });
    expect(f).toMatchObject({ name: '林美麗', phone: '0987654321', shipping: 2, payment: 'cvs', deliveryTimeSlot: '04', bankCode: '013', invoiceType: 'Donate', donateCode: '168' });
    expect(f.stores.family.store_name).toBe('全家大安店');
    expect(f.stores.seven.store_id).toBe('991182');
    expect(f.storeManual).toEqual({ seven: false, family: true, hilife: true });
    expect(restoreForm(defaultForm(me), 'garbage')).toEqual(defaultForm(me));
  });
});

describe('same as buyer (spec 2 §4)', () => {
  it('copies the buyer name and phone, follows buyer edits while ticked, and unticks on a different receiver', () => {
    let f = withSameAsBuyer(defaultForm(me), true);
    expect([f.name, f.phone]).toEqual(['王小明', '0912345678']);
    f = withBuyer(f, { buy_phone: '0911222333' });
    expect(f.phone).toBe('0911222333');
    f = withReceiver(f, { name: '林美麗' });
    expect(f.sameAsBuyer).toBe(false);
    f = withBuyer(f, { buy_name: '王大明' });
    expect(f.name).toBe('林美麗');
  });
});

describe('shipping and stores', () => {
  it('picks the first saved store of a chain when switching to it empty, and a map store selects 7-11', () => {
    const empty = { ...defaultForm(me), stores: { ...defaultForm(me).stores, seven: { store_id: '', store_name: '', store_addr: '' } } };
    expect(withShipping(empty, 1, me).stores.seven.store_id).toBe('991182');
    const picked = withPickedStore(defaultForm(me), { store_id: '123456', store_name: '新門市', store_addr: '臺中市' });
    expect(picked.shipping).toBe(1);
    expect(picked.stores.seven).toEqual({ store_id: '123456', store_name: '新門市', store_addr: '臺中市' });
  });

  it('accepts a store with an id and a name only', () => {
    expect(pickedStoreFrom({ store_id: ' 991182 ', store_name: '大安門市', store_addr: 5 })).toEqual({ store_id: '991182', store_name: '大安門市', store_addr: '' });
    expect(pickedStoreFrom({ store_id: '', store_name: '大安門市' })).toBeUndefined();
    expect(pickedStoreFrom(null)).toBeUndefined();
  });
});

describe('the shared rules, wired', () => {
  it('finds nothing in a complete form and puts each problem under its field, buyer split by input', () => {
    expect(checkoutProblems(checkoutInput(complete()), ctx)).toEqual([]);
    const errors = fieldErrors(checkoutProblems(checkoutInput(complete({ buy_phone: '12', buy_email: 'x', name: 'Amy', payment: '', invoiceType: 'Company', companyName: '', taxId: '1' })), ctx));
    expect(errors).toEqual({
      buy_phone: CHECKOUT_MSG.buyerPhoneInvalid,
      buy_email: CHECKOUT_MSG.buyerEmailInvalid,
      name: CHECKOUT_MSG.receiverNameChinese,
      payment: CHECKOUT_MSG.paymentRequired,
      companyName: CHECKOUT_MSG.companyNameRequired,
      taxId: CHECKOUT_MSG.taxIdInvalid,
    });
    expect(firstErrorField(errors)).toBe('buy_phone');
  });

  it('checks only the chosen shipping address, and skips the invoice for LINE Pay', () => {
    const typedHome = complete({ homeManual: true, home: { city: '臺北市', district: '', zip: '', street: '' } });
    expect(fieldErrors(checkoutProblems(checkoutInput(typedHome), ctx))).toEqual({ address: CHECKOUT_MSG.homeAddressIncomplete });
    expect(checkoutProblems(checkoutInput({ ...typedHome, shipping: 1 }), ctx)).toEqual([]);
    const hilife = complete({ shipping: 3 });
    expect(fieldErrors(checkoutProblems(checkoutInput(hilife), ctx))).toEqual({ store: CHECKOUT_MSG.hilifeStoreRequired });
    const noCarrier = complete({ carrierType: '' });
    expect(fieldErrors(checkoutProblems(checkoutInput(noCarrier), ctx))).toEqual({ carrierType: CHECKOUT_MSG.carrierRequired });
    expect(checkoutProblems(checkoutInput({ ...noCarrier, payment: 'linepay' }), ctx)).toEqual([]);
  });

  it('hides methods the shipping or the amount does not allow (the page lists only these)', () => {
    expect(paymentAllowed('cod', 2, 1000)).toBe(false);
    expect(paymentAllowed('cod', 1, 1000)).toBe(true);
    expect(paymentAllowed('cvs', 4, 20_001)).toBe(false);
    expect(paymentAllowed('atm', 4, 14)).toBe(false);
  });
});

describe('submit body', () => {
  it('sends home fields for home delivery with the slot, the bank for ATM and the carrier invoice', () => {
    const body = submitBody(complete(), items, 3010, 7);
    expect(body).toEqual({
      user_id: 7, buy_name: '王小明', buy_phone: '0912345678', buy_email: 'ming@example.com', name: '王小明', phone: '0912345678',
      city: '臺北市', district: '大安區', zip: '106', street: '復興南路一段 1 號', deliveryTimeSlot: '04',
      shipping: 4, payment: 'atm', bankCode: '013', invoiceType: 'personal', carrierType: 'amego',
      cartItems: [{ product_id: 1, variant_id: 11, quantity: 2 }, { product_id: 2, variant_id: 0, quantity: 1 }], totalAmount: 3010,
    });
  });

  it('sends the store for store pickup, no invoice for LINE Pay, and the company fields for a company invoice', () => {
    const linepay = submitBody(complete({ shipping: 1, payment: 'linepay', invoiceType: 'Company', companyName: 'X' }), items, 3010);
    expect(linepay).toMatchObject({ store_id: '991182', store_name: '大安門市', store_addr: '臺北市大安區', shipping: 1, payment: 'linepay' });
    for (const k of ['city', 'street', 'deliveryTimeSlot', 'bankCode', 'invoiceType', 'carrierType', 'companyName', 'user_id']) expect(linepay).not.toHaveProperty(k);
    const company = submitBody(complete({ payment: 'credit', invoiceType: 'Company', companyName: ' 好公司 ', taxId: '04595257', mobileBarcode: '/ABC1234' }), items, 3010);
    expect(company).toMatchObject({ invoiceType: 'Company', companyName: '好公司', taxId: '04595257' });
    expect(company).not.toHaveProperty('mobileBarcode');
    expect(company).not.toHaveProperty('carrierType');
  });
});

describe('answers', () => {
  it('posts a gateway form, follows a payment page or Credit_Url, else opens the slip', () => {
    const resData = { order_id: 5, MerTradeNo: 'SS20260101A' };
    expect(submitOutcome({ resData, result: { go_url: 'https://pay.example/upp', body: { MerID: 'M1', EncryptInfo: 'x' } } })).toEqual({
      kind: 'post', url: 'https://pay.example/upp', fields: { MerID: 'M1', EncryptInfo: 'x' },
    });
    expect(submitOutcome({ resData, result: { go_url: 'https://line.example/pay', body: {} } })).toEqual({ kind: 'redirect', url: 'https://line.example/pay' });
    expect(submitOutcome({ resData, Credit_Url: 'https://pay.example/c' })).toEqual({ kind: 'redirect', url: 'https://pay.example/c' });
    expect(submitOutcome({ resData })).toEqual({ kind: 'slip', merTradeNo: 'SS20260101A' });
    expect(submitOutcome({})).toBeUndefined();
  });
});

describe('saved form and idempotency key', () => {
  it('keeps the key while the same form is sent again, a new one for a changed form', () => {
    const body = submitBody(complete(), items, 3010);
    const first = attemptFor(undefined, body);
    expect(first.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(attemptFor(first, submitBody(complete(), items, 3010))).toBe(first);
    expect(attemptFor(first, submitBody(complete(), items, 3100)).key).not.toBe(first.key);
  });

  it('makes a UUID without crypto.randomUUID (plain http is not a secure context)', () => {
    vi.spyOn(globalThis.crypto, 'randomUUID').mockImplementation(() => {
      throw new Error('insecure');
    });
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('saves per member in this tab only, and hands over a picked store once', () => {
    saveCheckout({ user_id: 7, form: complete(), attempt: { key: 'k-1', fingerprint: 'f' } });
    expect(sessionStorage.getItem('skinshop.checkout.form')).toContain('"user_id":7');
    expect(loadSavedCheckout(7).attempt).toEqual({ key: 'k-1', fingerprint: 'f' });
    expect(loadSavedCheckout(8)).toEqual({});
    clearSavedCheckout();
    expect(loadSavedCheckout(7)).toEqual({});

    handOverPickedStore({ store_id: '991182', store_name: '大安門市', store_addr: '臺北市' });
    expect(peekPickedStore()?.store_name).toBe('大安門市');
    dropPickedStore();
    expect(peekPickedStore()).toBeUndefined();
  });
});
