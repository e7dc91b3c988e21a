import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddressView } from '@api/account';
import { CHECKOUT_MSG } from '@rules/checkout-rules';
import { member } from '../auth/testUsers';
import { browser } from './browser';
import {
  cream, fillValid, idempotencyKeys, me, ready, renderCheckout, resetShop, savedHome, savedSeven, serum, server, shop, submitCalls, withCart, type Answer,
} from './testCheckout';

beforeEach(() => resetShop());
beforeEach(() => sessionStorage.clear());
afterEach(() => sessionStorage.clear());

describe('CheckoutPage: who may check out', { timeout: 30_000 }, () => {
  it('says 購物車內無商品！ with an empty cart', async () => {
    server(me());
    renderCheckout(withCart(me(), []));
    expect(await screen.findByText(CHECKOUT_MSG.cartEmpty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去逛逛' })).toHaveAttribute('href', '/products');
  });

  it('sends a visitor to /login with 請先登入後再進行結帳 and the way back to /checkout', async () => {
    server(null);
    const { store, router } = renderCheckout(withCart(null));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().session.redirectPath).toBe('/checkout');
    expect(await screen.findByText(CHECKOUT_MSG.loginRequired)).toBeInTheDocument();
  });

  it('sends a member without name, e-mail or phone to /profile with the way back to /checkout', async () => {
    const incomplete = member();
    server(incomplete);
    const { store, router } = renderCheckout(withCart(incomplete));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(store.getState().session.redirectPath).toBe('/checkout');
    expect(await screen.findByText(CHECKOUT_MSG.profileIncomplete)).toBeInTheDocument();
  });
});

describe('CheckoutPage: the form', { timeout: 30_000 }, () => {
  it('prefills the buyer, copies it to the receiver, starts at home delivery with the first saved address and sums up', async () => {
    server(me());
    const user = userEvent.setup();
    renderCheckout(withCart(me()));
    await ready();
    expect(screen.getByLabelText('訂購人姓名')).toHaveValue('王小明');
    expect(screen.getByLabelText('訂購人手機')).toHaveValue('0912345678');
    expect(screen.getByLabelText('訂購人 Email')).toHaveValue('ming@example.com');
    expect(screen.getByRole('radio', { name: /^宅配/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /106 臺北市大安區復興南路一段 1 號/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: '不指定' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '個人電子發票' })).toBeChecked();
    expect(screen.getAllByTestId('checkout-item')).toHaveLength(2);
    expect(screen.getByTestId('checkout-subtotal')).toHaveTextContent('NT$ 2,180');
    expect(screen.getByTestId('checkout-fee')).toHaveTextContent('NT$ 100');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('NT$ 2,280');

    await user.click(screen.getByRole('checkbox', { name: '同訂購人資料' }));
    expect(screen.getByLabelText('收件人姓名')).toHaveValue('王小明');
    expect(screen.getByLabelText('收件人手機')).toHaveValue('0912345678');

    // 7-11 over the threshold: free (the quote says so); the saved store is chosen; no delivery slot for stores.
    await user.click(screen.getByRole('radio', { name: /7-11/ }));
    expect(await screen.findByTestId('checkout-fee')).toHaveTextContent('免運');
    expect(screen.getByRole('radio', { name: /大安門市（991182）/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: '不指定' })).not.toBeInTheDocument();
    // Island delivery with a threshold of 0: always free.
    await user.click(screen.getByRole('radio', { name: /離島宅配/ }));
    await waitFor(() => expect(screen.getByTestId('checkout-fee')).toHaveTextContent('免運'));
    expect(screen.getByTestId('checkout-fee').previousElementSibling).toHaveTextContent('運費（離島宅配）');
  });

  it('shows each error under its field, focuses the first, and drops an error as soon as it is fixed', async () => {
    const { calls } = server(me());
    const user = userEvent.setup();
    renderCheckout(withCart(me()));
    await ready();
    await user.click(screen.getByRole('button', { name: /送出訂單/ }));
    const name = screen.getByLabelText('收件人姓名');
    expect(await screen.findByText(CHECKOUT_MSG.receiverNameRequired)).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_MSG.receiverPhoneRequired)).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_MSG.paymentRequired)).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_MSG.carrierRequired)).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText(CHECKOUT_MSG.generalInvalid)).toBeInTheDocument();

    await user.type(name, 'Amy');
    // Still wrong, with the current message; fixed: gone at once.
    expect(screen.getByText(CHECKOUT_MSG.receiverNameChinese)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, '林美麗');
    expect(screen.queryByText(CHECKOUT_MSG.receiverNameChinese)).not.toBeInTheDocument();
    expect(screen.queryByText(CHECKOUT_MSG.receiverNameRequired)).not.toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_MSG.receiverPhoneRequired)).toBeInTheDocument();

    // The mobile barcode's hint on blur, the spec's message on submit.
    await user.click(screen.getByRole('radio', { name: '手機條碼' }));
    expect(screen.queryByText(CHECKOUT_MSG.carrierRequired)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('手機條碼號碼'), 'abc');
    await user.tab();
    expect(screen.getByText(CHECKOUT_MSG.mobileBarcodeHint)).toBeInTheDocument();
    expect(screen.getByLabelText('手機條碼號碼')).toHaveValue('ABC');
    await user.clear(screen.getByLabelText('手機條碼號碼'));
    await user.type(screen.getByLabelText('手機條碼號碼'), '/abc1234');
    expect(screen.queryByText(CHECKOUT_MSG.mobileBarcodeHint)).not.toBeInTheDocument();
    expect(submitCalls(calls)).toHaveLength(0);
  });

  it('types a home address when none is saved: city → district → zip, and the first empty part gets the focus', async () => {
    const noHome = me({ addresses: [savedSeven] });
    server(noHome);
    const user = userEvent.setup();
    renderCheckout(withCart(noHome));
    await ready();
    await user.click(screen.getByRole('checkbox', { name: '同訂購人資料' }));
    await user.click(screen.getByRole('radio', { name: /ATM 轉帳/ }));
    await user.click(screen.getByRole('radio', { name: '會員載具' }));
    await user.selectOptions(screen.getByLabelText('縣市'), '臺東縣');
    await user.click(screen.getByRole('button', { name: /送出訂單/ }));
    expect(await screen.findByText(CHECKOUT_MSG.homeAddressIncomplete)).toBeInTheDocument();
    expect(screen.getByLabelText('鄉鎮市區')).toHaveFocus();
    await user.selectOptions(screen.getByLabelText('鄉鎮市區'), '蘭嶼鄉');
    expect(screen.getByLabelText('郵遞區號')).toHaveValue('952');
    await user.type(screen.getByLabelText('街道地址'), '椰油村 1 號');
    expect(screen.queryByText(CHECKOUT_MSG.homeAddressIncomplete)).not.toBeInTheDocument();
  });

  it('hides payment methods the amount or the shipping does not allow, and the invoice for LINE Pay', async () => {
    server(me());
    shop.prices['1:11'] = 21_000;
    const user = userEvent.setup();
    renderCheckout(withCart(me(), [{ ...serum, discount_price: 21_000 }]));
    await ready();
    // NT$ 21,000: no CVS code (≤ 20,000) and no cash on delivery (≤ 20,000).
    expect(screen.queryByRole('radio', { name: /超商代碼/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /貨到付款/ })).not.toBeInTheDocument();
    expect(screen.getByText('部分付款方式不適用於本訂單金額或配送方式。')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /LINE Pay/ }));
    // Where the invoice choices were, LINE Pay's rule is said (issue 20: nothing silently dropped).
    expect(screen.queryByRole('radio', { name: '個人電子發票' })).not.toBeInTheDocument();
    expect(screen.getByTestId('linepay-invoice-note')).toHaveTextContent('LINE Pay 訂單的發票開立於會員載具');
    await user.click(screen.getByRole('radio', { name: /信用卡/ }));
    expect(screen.getByRole('radio', { name: '個人電子發票' })).toBeInTheDocument();
    expect(screen.queryByTestId('linepay-invoice-note')).not.toBeInTheDocument();
    // No card fields: the hosted 3-D Secure page takes the card.
    expect(screen.queryByLabelText(/^(信用卡)?卡號|有效期限|CVC|持卡人/)).not.toBeInTheDocument();
  });

  it('offers cash on delivery for 7-11 and home delivery, not for 全家', async () => {
    server(me());
    const user = userEvent.setup();
    renderCheckout(withCart(me()));
    await ready();
    await user.click(screen.getByRole('radio', { name: /貨到付款/ }));
    await user.click(screen.getByRole('radio', { name: /全家/ }));
    expect(screen.queryByRole('radio', { name: /貨到付款/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /7-11/ }));
    const cod = screen.getByRole('radio', { name: /貨到付款/ });
    // Hidden once, so no longer chosen.
    expect(cod).not.toBeChecked();
  });

  it('restores the form saved in this tab (the cart’s shipping choice wins)', async () => {
    sessionStorage.setItem(
      'skinshop.checkout.form',
      JSON.stringify({ user_id: 7, form: { name: '林美麗', phone: '0987654321', shipping: 4, payment: 'atm', bankCode: '822', invoiceType: 'Donate', donateCode: '168' } }),
    );
    server(me());
    renderCheckout(withCart(me(), [serum, cream], 1));
    await ready();
    expect(screen.getByLabelText('收件人姓名')).toHaveValue('林美麗');
    expect(screen.getByRole('radio', { name: /7-11/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /ATM 轉帳/ })).toBeChecked();
    expect(screen.getByLabelText('轉帳銀行')).toHaveValue('822');
    expect(screen.getByLabelText('愛心碼')).toHaveValue('168');
  });
});

describe('CheckoutPage: submit', { timeout: 30_000 }, () => {
  it('ATM: sends the order with an Idempotency-Key, then clears the cart and the saved form and opens the slip', async () => {
    const api = server(me(), {
      'POST /api/order/submitOrder': () => ({ json: { success: true, resData: { order_id: 9, MerTradeNo: 'SS0009' } } }),
    });
    const user = userEvent.setup();
    const { store, router } = renderCheckout(withCart(me()));
    await fillValid(user, /ATM 轉帳/);
    expect(screen.getByLabelText('轉帳銀行')).toHaveValue('013');
    await user.click(screen.getByRole('button', { name: /送出訂單/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentSlip'));
    expect(router.state.location.search).toBe('?MerTradeNo=SS0009');
    const [body] = submitCalls(api.calls);
    expect(body).toMatchObject({
      buy_name: '王小明', name: '王小明', phone: '0912345678', shipping: 4, city: '臺北市', district: '大安區', zip: '106', deliveryTimeSlot: '04',
      payment: 'atm', bankCode: '013', invoiceType: 'personal', carrierType: 'amego', totalAmount: 2280,
      cartItems: [{ product_id: 1, variant_id: 11, quantity: 1 }, { product_id: 2, variant_id: 0, quantity: 2 }],
    });
    expect(idempotencyKeys(api.fetchMock)[0]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(store.getState().cart.items).toEqual([]));
    expect(sessionStorage.getItem('skinshop.checkout.form')).toBeNull();
  });

  it('credit: posts the hosted 3-D Secure form; LINE Pay: goes to its page without an invoice; the cart stays', async () => {
    const postForm = vi.spyOn(browser, 'postForm').mockImplementation(() => undefined);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    let answer: unknown = { success: true, resData: { order_id: 10, MerTradeNo: 'SS0010' }, result: { go_url: 'https://sandbox-api.payuni.com.tw/api/upp', body: { MerID: 'S01', Version: '1.0', EncryptInfo: 'e', HashInfo: 'h' } } };
    const api = server(me(), { 'POST /api/order/submitOrder': () => ({ json: answer }) });
    const user = userEvent.setup();
    const { store } = renderCheckout(withCart(me()));
    await fillValid(user, /信用卡/);
    await user.click(screen.getByRole('button', { name: /送出訂單/ }));
    await waitFor(() => expect(postForm).toHaveBeenCalledWith('https://sandbox-api.payuni.com.tw/api/upp', { MerID: 'S01', Version: '1.0', EncryptInfo: 'e', HashInfo: 'h' }));
    expect(assign).not.toHaveBeenCalled();
    expect(store.getState().cart.items).toHaveLength(2);
    expect(screen.getByRole('button', { name: /送出訂單/ })).toBeDisabled();

    // Back from the gateway (the browser's page cache): usable again, a new attempt gets a new key.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: /送出訂單/ })).toBeEnabled());
    answer = { success: true, resData: { order_id: 11, MerTradeNo: 'SS0011' }, result: { go_url: 'https://sandbox-api-pay.line.me/web/payment', body: {} } };
    await user.click(screen.getByRole('radio', { name: /LINE Pay/ }));
    expect(screen.getByTestId('linepay-invoice-note')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /送出訂單/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox-api-pay.line.me/web/payment'));
    const bodies = submitCalls(api.calls);
    expect(bodies[1]).toMatchObject({ payment: 'linepay' });
    expect(bodies[1]).not.toHaveProperty('invoiceType');
    const keys = idempotencyKeys(api.fetchMock);
    expect(keys[1]).not.toBe(keys[0]);
    // The slip clears the cart for LINE Pay (spec 2 §4), not the checkout.
    expect(store.getState().cart.items).toHaveLength(2);
  });

  it('follows Credit_Url', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    server(me(), { 'POST /api/order/submitOrder': () => ({ json: { success: true, resData: { order_id: 12, MerTradeNo: 'SS0012' }, Credit_Url: 'https://pay.example/credit' } }) });
    const user = userEvent.setup();
    renderCheckout(withCart(me()));
    await fillValid(user, /信用卡/);
    await user.click(screen.getByRole('button', { name: /送出訂單/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/credit'));
  });

  it('shows the server’s refusal, retries the same form with the same key, and re-reads prices when the total changed', async () => {
    let n = 0;
    const api = server(me(), {
      'POST /api/order/submitOrder': () => {
        n += 1;
        if (n === 1) return { status: 503, json: { success: false } };
        if (n === 2) return { status: 409, json: { success: false, message: '庫存不足：修護霜' } };
        shop.prices['2:0'] = 550;
        return { status: 400, json: { success: false, message: '商品價格或運費已更新，訂單金額應為 NT$ 2,480，請確認後再送出', totalAmount: 2480 } };
      },
      'POST /api/load/productDetails': (body) => {
        const id = (body as { product_id: number }).product_id;
        return id === 2
          ? { json: { success: true, product_id: 2, title: '修護霜', description: '', image_url: '', stock: 5, discount_price: 550, Variants: [], pMedias: [] } }
          : { json: { success: true, product_id: 1, title: '玻尿酸精華', description: '', image_url: '', stock: 5, discount_price: 1280, Variants: [{ variant_id: 11, variant_name: '30ml', original_price: 1500, discount_price: 1280, stock: 5 }], pMedias: [] } };
      },
    });
    const user = userEvent.setup();
    renderCheckout(withCart(me()));
    await fillValid(user, /ATM 轉帳/);
    const submit = screen.getByRole('button', { name: /送出訂單/ });
    await user.click(submit);
    expect(await screen.findByTestId('checkout-failure')).toHaveTextContent(CHECKOUT_MSG.submitServerError);
    await user.click(submit);
    await waitFor(() => expect(screen.getByTestId('checkout-failure')).toHaveTextContent('庫存不足：修護霜'));
    const keys = idempotencyKeys(api.fetchMock);
    expect(keys[1]).toBe(keys[0]);
    await user.click(submit);
    await waitFor(() => expect(screen.getByTestId('checkout-failure')).toHaveTextContent('訂單金額應為 NT$ 2,480'));
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('NT$ 2,480'));
    expect(api.calls.filter((c) => c.path === '/api/load/productDetails').map((c) => (c.body as { product_id: number }).product_id).sort()).toEqual([1, 2]);
  });

  it('says 提交失敗，請稍後再試。 for a refusal without a message', async () => {
    server(me(), { 'POST /api/order/submitOrder': () => ({ status: 400, json: { success: false } }) });
    const user = userEvent.setup();
    renderCheckout(withCart(me()));
    await fillValid(user, /ATM 轉帳/);
    await user.click(screen.getByRole('button', { name: /送出訂單/ }));
    expect(await screen.findByTestId('checkout-failure')).toHaveTextContent(CHECKOUT_MSG.submitFailed);
  });
});

describe('CheckoutPage: the 7-11 store map', { timeout: 30_000 }, () => {
  const mapAnswer = { success: true, go_url: 'http://localhost/sim/payuni/map', body: { MerID: 'S01', EncryptInfo: 'e', HashInfo: 'h' } };

  it('desktop: opens the 800×600 window on the click, posts the map form into it, and takes the store it posts back', async () => {
    const popup = { focus: vi.fn(), close: vi.fn() } as unknown as Window;
    const openWindow = vi.spyOn(browser, 'openWindow').mockReturnValue(popup);
    const postForm = vi.spyOn(browser, 'postForm').mockImplementation(() => undefined);
    const noSeven = me({ addresses: [savedHome] });
    const api = server(noSeven, { 'POST /api/order/getCvsMapUrl': () => ({ json: mapAnswer }) });
    const user = userEvent.setup();
    const { store } = renderCheckout(withCart(noSeven));
    await ready();
    await user.click(screen.getByRole('radio', { name: /7-11/ }));
    expect(screen.getByText('尚未選擇門市，請從門市地圖選擇取貨的 7-11 門市。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '選擇門市' }));
    expect(openWindow).toHaveBeenCalledWith('cvsmap', 'width=800,height=600');
    await waitFor(() => expect(postForm).toHaveBeenCalledWith(mapAnswer.go_url, mapAnswer.body, 'cvsmap'));
    expect(api.calls.find((c) => c.path === '/api/order/getCvsMapUrl')?.body).toEqual({ user_id: 7, isMobile: false });

    // Another origin is ignored; ours sets the store.
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', data: { type: 'skinshop:cvs-store', store_id: '666', store_name: '假門市', store_addr: '' } }));
    });
    expect(screen.queryByText(/假門市/)).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { origin: window.location.origin, data: { type: 'skinshop:cvs-store', store_id: '123456', store_name: '信義門市', store_addr: '臺北市信義區' } }),
      );
    });
    expect(await screen.findByRole('radio', { name: /信義門市（123456）/ })).toBeChecked();
    // Added to the address book as the default 7-11 address.
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/user/updateAddresses')).toBe(true));
    const sent = api.calls.find((c) => c.path === '/api/user/updateAddresses')?.body as { addresses: AddressView[] };
    expect(sent.addresses.at(-1)).toMatchObject({ shipping_type: 'seven', store_id: '123456', store_name: '信義門市', is_default: 1 });
    await waitFor(() => expect(store.getState().session.user?.addresses.some((a) => a.store_id === '123456')).toBe(true));
    expect(screen.getByRole('radio', { name: /信義門市（123456）/ })).toBeChecked();
  });

  it('a store already in the address book is not added again', async () => {
    const api = server(me());
    renderCheckout(withCart(me()));
    await ready();
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: { type: 'skinshop:cvs-store', ...{ store_id: '991182', store_name: '大安門市', store_addr: '臺北市大安區' } } }));
    });
    expect(await screen.findByRole('radio', { name: /大安門市（991182）/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /7-11/ })).toBeChecked();
    expect(api.calls.some((c) => c.path === '/api/user/updateAddresses')).toBe(false);
  });

  it('a failed map call shows the server message with payuniMsg; a network failure says 伺服器錯誤', async () => {
    const popup = { focus: vi.fn(), close: vi.fn() } as unknown as Window;
    vi.spyOn(browser, 'openWindow').mockReturnValue(popup);
    let fail: Answer = { status: 502, json: { success: false, message: '無法開啟門市地圖，請稍後再試', payuniMsg: 'MerID 錯誤' } };
    server(me(), { 'POST /api/order/getCvsMapUrl': () => fail });
    const user = userEvent.setup();
    renderCheckout(withCart(me()));
    await ready();
    await user.click(screen.getByRole('radio', { name: /7-11/ }));
    await user.click(screen.getByRole('button', { name: '選擇門市' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('無法開啟門市地圖，請稍後再試');
    expect(dialog).toHaveTextContent('MerID 錯誤');
    expect(popup.close).toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: /確定|OK/ }));

    fail = { status: 500, json: 'not json' as unknown };
    // (jsdom keeps the closing dialog's mask: the button is reached by its test id)
    fireEvent.click(screen.getByTestId('pick-store'));
    expect((await screen.findAllByText(CHECKOUT_MSG.mapNetworkError)).length).toBeGreaterThan(0);
  });

  it('phone: saves the form, posts the map into the page, and takes the store back through /checkoutCvsResult', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: query.includes('768'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList);
    const openWindow = vi.spyOn(browser, 'openWindow');
    const postForm = vi.spyOn(browser, 'postForm').mockImplementation(() => undefined);
    const noSeven = me({ addresses: [savedHome] });
    const api = server(noSeven, { 'POST /api/order/getCvsMapUrl': () => ({ json: mapAnswer }) });
    const user = userEvent.setup();
    const first = renderCheckout(withCart(noSeven));
    await ready();
    await user.type(screen.getByLabelText('收件人姓名'), '林美麗');
    await user.click(screen.getByRole('radio', { name: /7-11/ }));
    await user.click(screen.getByRole('button', { name: '選擇門市' }));
    await waitFor(() => expect(postForm).toHaveBeenCalledWith(mapAnswer.go_url, mapAnswer.body, '_self'));
    expect(openWindow).not.toHaveBeenCalled();
    expect(api.calls.find((c) => c.path === '/api/order/getCvsMapUrl')?.body).toEqual({ user_id: 7, isMobile: true });
    expect(JSON.parse(sessionStorage.getItem('skinshop.checkout.form') ?? '{}').form.name).toBe('林美麗');
    const cart = first.store.getState().cart;
    first.unmount();

    // The map comes back to /checkoutCvsResult, which counts down and returns to /checkout.
    const back = renderCheckout(
      { cart, session: { isLoggedIn: true, user: noSeven, redirectPath: '' } },
      '/checkoutCvsResult?store_id=123456&store_name=%E4%BF%A1%E7%BE%A9%E9%96%80%E5%B8%82&store_addr=%E8%87%BA%E5%8C%97%E5%B8%82',
    );
    const facts = await screen.findByTestId('cvs-store');
    expect(facts).toHaveTextContent('123456');
    expect(facts).toHaveTextContent('信義門市');
    expect(facts).toHaveTextContent('臺北市');
    expect(screen.getByTestId('cvs-countdown')).toHaveTextContent('3 秒後自動返回結帳頁');
    await waitFor(() => expect(screen.getByTestId('cvs-countdown')).toHaveTextContent('2 秒後自動返回結帳頁'), { timeout: 1500 });
    await waitFor(() => expect(back.router.state.location.pathname).toBe('/checkout'), { timeout: 3500 });
    await ready();
    expect(screen.getByLabelText('收件人姓名')).toHaveValue('林美麗');
    expect(screen.getByRole('radio', { name: /7-11/ })).toBeChecked();
    expect(await screen.findByRole('radio', { name: /信義門市（123456）/ })).toBeChecked();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/user/updateAddresses')).toBe(true));
    expect(sessionStorage.getItem('skinshop.checkout.store')).toBeNull();
  });
});

describe('CvsResultPage', { timeout: 30_000 }, () => {
  it('returns at once with the button, and says so when the store is missing', async () => {
    server(me());
    const user = userEvent.setup();
    const { router } = renderCheckout(withCart(me()), '/checkoutCvsResult?store_id=1');
    expect(await screen.findByText('未取得門市資料')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '返回結帳' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(sessionStorage.getItem('skinshop.checkout.store')).toBeNull();
  });

  it('hands the store over and the button goes back before the countdown ends', async () => {
    server(me());
    const { router } = renderCheckout(withCart(me()), '/checkoutCvsResult?store_id=991182&store_name=A&store_addr=B');
    const button = await screen.findByRole('button', { name: '立即返回結帳' });
    expect(JSON.parse(sessionStorage.getItem('skinshop.checkout.store') ?? 'null')).toEqual({ store_id: '991182', store_name: 'A', store_addr: 'B' });
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    // The checkout takes it (the saved 991182 store is that store).
    expect(await screen.findByRole('radio', { name: /大安門市（991182）/ })).toBeChecked();
    // The shipping methods come from their own request, which may answer after the store is shown.
    expect(await screen.findByRole('radio', { name: /7-11/ })).toBeChecked();
  });
});
