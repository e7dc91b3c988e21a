import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { viewport } from '../../testAdmin';
import type { AdminOrderDetails, AdminOrderView } from '@api/admin';
import { ADMIN_MSG } from '@rules/admin';
import { CHECKOUT_MSG } from '@rules/checkout-rules';
import { mockApi, renderApp } from '../../../test/render';
import { OrdersScreen } from './OrdersScreen';
import { adminOrder, CONFIG, details, HOME_ORDER, PAID_ORDER, ticket, dialog } from './testAdminOrders';

type Reply = { status?: number; json: unknown };
type Handler = (body: unknown) => Reply | undefined;

// 2025-03-02 00:30 in Taipei.
const NOW = () => new Date('2025-03-01T16:30:00Z');

function server(orders: AdminOrderView[], extra: Record<string, Handler> = {}, detailsOf: (o: AdminOrderView) => AdminOrderDetails = (o) => details(o)) {
  return mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
    'GET /api/admin/loadconifg': () => ({ json: CONFIG }),
    'POST /api/admin/getOrdersByPage': (body) => {
      const { limit, offset } = body as { limit: number; offset: number };
      return { json: { success: true, orders: orders.slice(offset, offset + limit), total: orders.length, totalPaidAmount: 12345 } };
    },
    'POST /api/admin/getAdminOrderDetails': (body) => {
      const o = orders.find((x) => x.order_id === (body as { order_id: number }).order_id);
      return o ? { json: { success: true, orderDetails: detailsOf(o) } } : { status: 404, json: { success: false, message: ADMIN_MSG.orderDetailFailed } };
    },
    ...Object.fromEntries(Object.entries(extra).map(([k, h]) => [k, (b: unknown) => h(b)])),
  });
}

const listBodies = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path === '/api/admin/getOrdersByPage').map((c) => c.body as Record<string, unknown>);
const show = (path = '/admin/orders') =>
  renderApp(
    <App>
      <OrdersScreen now={NOW} />
    </App>,
    { path },
  );
const toast = (text: string, timeout = 2000) => screen.findByText(text, { selector: '.ant-message-notice *' }, { timeout });
// A desktop window: the list is a table (phones get cards, ResponsiveList).
beforeEach(() => viewport(1280));

describe('admin OrdersScreen (spec 2 §2, §4, §9)', () => {
  it('asks for the last 15 Taipei days, 10 a page, and shows the count and the paid total', async () => {
    const orders = Array.from({ length: 12 }, (_, i) => adminOrder({ order_id: 300 - i, mer_trade_no: `SS${300 - i}` }));
    const { calls } = server(orders);
    show();
    await screen.findByTestId('aorder-300');
    expect(listBodies(calls)[0]).toEqual({ limit: 10, offset: 0, startDate: '2025-02-16', endDate: '2025-03-02', keyword: '', status_code: '', payment_status: '' });
    expect(screen.getByTestId('range-dates')).toHaveTextContent('2025-02-16 ～ 2025-03-02');
    expect(screen.getByTestId('orders-total')).toHaveTextContent('12');
    expect(screen.getByTestId('paid-total')).toHaveTextContent('NT$ 12,345');
    expect(screen.getAllByTestId(/^aorder-\d+$/)).toHaveLength(10);

    await userEvent.click(screen.getByTitle('2'));
    await screen.findByTestId('aorder-290');
    expect(listBodies(calls).at(-1)).toMatchObject({ limit: 10, offset: 10 });
  });

  it('filters by range, keyword and payment status, back to page 1', async () => {
    const { calls } = server([adminOrder()]);
    const user = userEvent.setup();
    show();
    await screen.findByTestId('aorder-101');

    await user.click(screen.getByLabelText('日期區間'));
    await user.click(await screen.findByTitle('昨天'));
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ startDate: '2025-03-01', endDate: '2025-03-01', offset: 0 }));

    await user.click(screen.getByLabelText('付款狀態'));
    await user.click(await screen.findByTitle('已付款'));
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ payment_status: 1 }));

    await user.type(screen.getByLabelText('關鍵字'), ' 0912345678 ');
    await user.click(screen.getByRole('button', { name: '查詢' }));
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ keyword: '0912345678', startDate: '2025-03-01', payment_status: 1 }));
  });

  it('opens the detail: items, receiver, totals, history', async () => {
    const o = adminOrder({ ...PAID_ORDER });
    server([o], {}, (x) =>
      details(x, { history: [{ id: 1, created_at: '2025-01-01T06:00:00Z', admin_id: 1, admin_username: 'admin', action: 'order.update-receiver', entity: 'order', entity_id: '101', changes: { name: ['王小明', '陳美麗'] }, summary: '修改收件人' }] }),
    );
    show();
    const row = await screen.findByTestId('aorder-101');
    await userEvent.click(within(row).getByRole('button', { name: '明細' }));
    const modal = await dialog('訂單 #101');
    expect(await within(modal).findByText('玻尿酸精華')).toBeInTheDocument();
    expect(within(modal).getByTestId('detail-total')).toHaveTextContent('NT$ 1,260');
    expect(within(modal).getByTestId('receiver-name')).toHaveTextContent('王小明');
    expect(within(modal).getByTestId('detail-history')).toHaveTextContent('修改收件人');
    expect(within(modal).getByTestId('detail-history')).toHaveTextContent('收件人：王小明 → 陳美麗');
  });

  it('a failed detail says 取得訂單明細失敗！', async () => {
    server([adminOrder()], { 'POST /api/admin/getAdminOrderDetails': () => ({ status: 500, json: { success: false } }) });
    show();
    const row = await screen.findByTestId('aorder-101');
    await userEvent.click(within(row).getByRole('button', { name: '明細' }));
    const modal = await dialog('訂單 #101');
    expect(await within(modal).findByText(ADMIN_MSG.orderDetailFailed)).toBeInTheDocument();
  });

  it('edits a home receiver: 編輯 ⇄ 儲存, the checkout rules, then 更新成功！', async () => {
    let sent: unknown;
    const o = adminOrder({ ...HOME_ORDER });
    server([o], {
      'POST /api/admin/updateOrderReceiver': (body) => {
        sent = body;
        return { json: { success: true, message: ADMIN_MSG.receiverUpdated } };
      },
    });
    const user = userEvent.setup();
    show();
    await user.click(within(await screen.findByTestId('aorder-101')).getByRole('button', { name: '明細' }));
    const modal = await dialog('訂單 #101');
    const section = await within(modal).findByTestId('receiver-section');
    await user.click(within(section).getByRole('button', { name: '編輯' }));
    const name = within(section).getByLabelText('收件人姓名');
    await user.clear(name);
    await user.type(name, 'Tom');
    await user.click(within(section).getByRole('button', { name: '儲存' }));
    expect(within(section).getByText(CHECKOUT_MSG.receiverNameChinese)).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.clear(name);
    await user.type(name, '陳美麗');
    fireEvent.change(within(section).getByLabelText('縣市'), { target: { value: '新北市' } });
    fireEvent.change(within(section).getByLabelText('鄉鎮市區'), { target: { value: '板橋區' } });
    expect(within(section).getByLabelText('郵遞區號')).toHaveValue('220');
    await user.click(within(section).getByRole('button', { name: '儲存' }));
    await toast(ADMIN_MSG.receiverUpdated);
    expect(sent).toEqual({ order_id: 101, name: '陳美麗', phone: '0912345678', city: '新北市', district: '板橋區', zip: '220', street: '復興南路一段 1 號' });
    expect(await within(section).findByRole('button', { name: '編輯' })).toBeInTheDocument();
  });

  it('a refused receiver update shows the server message, else 更新失敗！; store orders send name and phone only', async () => {
    let sent: unknown;
    server([adminOrder()], {
      'POST /api/admin/updateOrderReceiver': (body) => {
        sent = body;
        return { status: 400, json: { success: false } };
      },
    });
    const user = userEvent.setup();
    show();
    await user.click(within(await screen.findByTestId('aorder-101')).getByRole('button', { name: '明細' }));
    const section = await within(await dialog('訂單 #101')).findByTestId('receiver-section');
    await user.click(within(section).getByRole('button', { name: '編輯' }));
    expect(within(section).queryByLabelText('縣市')).toBeNull();
    await user.click(within(section).getByRole('button', { name: '儲存' }));
    await toast(ADMIN_MSG.receiverUpdateFailed);
    expect(sent).toEqual({ order_id: 101, name: '王小明', phone: '0912345678' });
  });

  it('creates a T-cat ticket with the spec defaults and polls a pending one', async () => {
    let sent: Record<string, unknown> | undefined;
    let polls = 0;
    const o = adminOrder({ ...HOME_ORDER, ...PAID_ORDER, can: { editReceiver: true, createTicket: true, markShipped: false, queryStatus: false, refund: true } });
    server([o], {
      'POST /api/admin/createShippingOrder': (body) => {
        sent = body as Record<string, unknown>;
        return { json: { success: true, pending: true, ticket: ticket({ status: 'pending' }) } };
      },
      'POST /api/admin/getShippingTicket': () => {
        polls += 1;
        return { json: { success: true, ticket: ticket({ status: polls < 2 ? 'pending' : 'created' }) } };
      },
    });
    const user = userEvent.setup();
    show();
    await user.click(within(await screen.findByTestId('aorder-101')).getByRole('button', { name: '明細' }));
    const modal = await dialog('訂單 #101');
    await user.click(await within(modal).findByRole('button', { name: '建立出貨單' }));
    const form = await dialog(/建立出貨單 — 訂單 #101/);
    await user.click(within(form).getByRole('button', { name: '建立出貨單' }));
    await waitFor(() => expect(sent).toBeDefined());
    const tomorrow = new Date(Date.now() + 8 * 3600_000 + 86400_000).toISOString().slice(0, 10);
    const in3 = new Date(Date.now() + 8 * 3600_000 + 3 * 86400_000).toISOString().slice(0, 10);
    expect(sent).toEqual({ order_id: 101, ship_trade_no: '', lgsType: 'HOME', shipType: '2', goodsType: '1', shipDate: tomorrow, deliveryDate: in3, spec: '1', hideProdDesc: 'Y', memo: '' });
    expect(await within(form).findByText('出貨單建立中，請稍候…')).toBeInTheDocument();
    await toast('出貨單建立成功', 8000);
    expect(polls).toBe(2);
  }, 20_000);

  it('7-11: C2C defaults; HOME01092 says 已重複領取 with the PDF link; unpaid is refused with the spec warning', async () => {
    const bodies: Record<string, unknown>[] = [];
    const answers: Reply[] = [
      { json: { success: false, message: ADMIN_MSG.noTicketUnpaid } },
      { json: { success: false, message: `${ADMIN_MSG.duplicateTicket}`, pdfUrl: '/api/admin/shippingLabel/9' } },
    ];
    const o = adminOrder({ can: { editReceiver: true, createTicket: true, markShipped: false, queryStatus: false, refund: false } });
    server([o], {
      'POST /api/admin/createShippingOrder': (body) => {
        bodies.push(body as Record<string, unknown>);
        return answers.shift();
      },
    });
    const user = userEvent.setup();
    show();
    await user.click(within(await screen.findByTestId('aorder-101')).getByRole('button', { name: '明細' }));
    await user.click(await within(await dialog('訂單 #101')).findByRole('button', { name: '建立出貨單' }));
    const form = await dialog(/建立出貨單 — 訂單 #101/);
    await user.click(within(form).getByRole('button', { name: '建立出貨單' }));
    expect(await within(form).findByText(ADMIN_MSG.noTicketUnpaid)).toBeInTheDocument();
    expect(bodies[0]).toEqual({ order_id: 101, ship_trade_no: '', lgsType: 'C2C', shipType: '1', goodsType: '1', labelMode: '2', memo: '' });

    await user.click(within(form).getByRole('button', { name: '建立出貨單' }));
    expect(await within(form).findByText('此宅配單已領取過，可下載 PDF 重新列印。', { exact: false })).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: '下載 PDF' })).toHaveAttribute('href', '/api/admin/shippingLabel/9');
  });

  it('lists tickets with print links and asks the parcel status', async () => {
    const o = adminOrder({ ...HOME_ORDER, ...PAID_ORDER, ticket_status: 'created', can: { editReceiver: false, createTicket: false, markShipped: false, queryStatus: true, refund: true } });
    let asked: unknown;
    server(
      [o],
      {
        'POST /api/admin/getShippingStatus': (body) => {
          asked = body;
          return {
            json: {
              success: true,
              result: { ShipTradeNo: 'SHIP0001', ShipStatus: '31', ShipStatusDesc: '配送中', ShipStatusTime: '2025-01-02 10:00:00', Consignee: '王小明', ConsigneeMobile: '0912345678', LgsType: 'HOME', StoreName: '', StoreID: '', orderStatusCode: 'shipped' },
            },
          };
        },
        'POST /api/admin/callCarrier': () => ({ json: { success: false, message: ADMIN_MSG.callCarrierClosed } }),
      },
      (x) => details(x, { tickets: [ticket()] }),
    );
    const user = userEvent.setup();
    show();
    await user.click(within(await screen.findByTestId('aorder-101')).getByRole('button', { name: '明細' }));
    const modal = await dialog('訂單 #101');
    const t = await within(modal).findByTestId('ticket-9');
    expect(within(t).getByRole('link', { name: '列印出貨單' })).toHaveAttribute('href', '/api/admin/shippingLabel/9');
    expect(within(modal).getByRole('button', { name: '編輯' })).toBeDisabled();

    await user.click(within(modal).getByRole('button', { name: '叫車' }));
    await toast(ADMIN_MSG.callCarrierClosed);

    await user.click(within(modal).getByRole('button', { name: '查詢物流狀態' }));
    const status = await dialog(/物流狀態/);
    expect(await within(status).findByTestId('logistics-status-desc')).toHaveTextContent('配送中');
    expect(asked).toEqual({ ship_trade_no: 'SHIP0001', shipping: 4 });
  });

  it('refunds part of an ATM order with the bank account, after a confirmation, with one idempotency key', async () => {
    const sent: { body: unknown }[] = [];
    const o = adminOrder({ ...PAID_ORDER, can: { editReceiver: true, createTicket: false, markShipped: false, queryStatus: false, refund: true } });
    const { fetchMock } = server([o], {
      'POST /api/admin/refundOrder': (body) => {
        sent.push({ body });
        return { json: { success: true, refund: { id: 1, status: 'manual' } } };
      },
    });
    const user = userEvent.setup();
    show();
    await user.click(within(await screen.findByTestId('aorder-101')).getByRole('button', { name: '明細' }));
    await user.click(await within(await dialog('訂單 #101')).findByRole('button', { name: '退款' }));
    const form = await dialog(/退款 — 訂單 #101/);
    expect(within(form).getByTestId('refundable')).toHaveTextContent('NT$ 1,260');
    await user.click(within(form).getByLabelText('部分退款'));
    await user.type(within(form).getByLabelText('退款金額（NT$）'), '300');
    await user.type(within(form).getByLabelText('退款原因'), '商品瑕疵');
    await user.click(within(form).getByLabelText('退回庫存'));
    await user.type(within(form).getByLabelText('銀行代碼'), '013');
    await user.type(within(form).getByLabelText('帳號'), '1234567890');
    await user.type(within(form).getByLabelText('戶名'), '王小明');
    await user.click(within(form).getByRole('button', { name: '退款' }));
    const confirm = await dialog('確定要退款嗎？');
    expect(within(confirm).getByTestId('refund-confirm')).toHaveTextContent('訂單 #101 將退款 NT$ 300，並退回庫存');
    await user.click(within(confirm).getByRole('button', { name: '確定退款' }));
    await toast('已記錄退款，請以銀行轉帳退款給顧客');
    expect(sent).toEqual([{ body: { order_id: 101, amount: 300, reason: '商品瑕疵', restock: true, bank: { bank_code: '013', account: '1234567890', name: '王小明' } } }]);
    const refundCall = fetchMock.mock.calls.map(([r]) => r).find((r): r is Request => r instanceof Request && r.url.endsWith('/api/admin/refundOrder'));
    expect(refundCall?.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
  });

  it('approves or refuses a return request (a reason is required to refuse)', async () => {
    let decided: unknown;
    const o = adminOrder({ ...PAID_ORDER });
    server(
      [o],
      {
        'POST /api/admin/handleReturnRequest': (body) => {
          decided = body;
          return { json: { success: true, message: '已拒絕退貨' } };
        },
      },
      (x) => details(x, { returnRequests: [{ id: 4, order_id: 101, reason: '不適合膚質', status: 'requested', staff_reason: '', created_at: '2025-01-03T00:00:00Z', handled_at: null }] }),
    );
    const user = userEvent.setup();
    show();
    await user.click(within(await screen.findByTestId('aorder-101')).getByRole('button', { name: '明細' }));
    const req = await within(await dialog('訂單 #101')).findByTestId('return-4');
    await user.click(within(req).getByRole('button', { name: '拒絕' }));
    const d = await dialog('拒絕退貨申請');
    await user.click(within(d).getByRole('button', { name: '拒絕' }));
    expect(await within(d).findByText('請填寫拒絕原因')).toBeInTheDocument();
    await user.type(within(d).getByLabelText('拒絕原因'), '已超過鑑賞期');
    await user.click(within(d).getByRole('button', { name: '拒絕' }));
    await toast('已拒絕退貨');
    expect(decided).toEqual({ request_id: 4, approve: false, reason: '已超過鑑賞期' });
  });
  it('全家: 手動出貨 with the carrier and tracking number (checked as the server does)', async () => {
    let sent: unknown;
    const o = adminOrder({ ...PAID_ORDER, shipping: 2, shippingname: '全家', can: { editReceiver: true, createTicket: false, markShipped: true, queryStatus: false, refund: true } });
    server([o], {
      'POST /api/admin/markShipped': (body) => {
        sent = body;
        return { json: { success: true, message: '已登錄出貨', ticket: ticket({ lgs_type: 'MANUAL', carrier: '全家', ship_trade_no: 'FM12345678' }) } };
      },
    });
    const user = userEvent.setup();
    show();
    await user.click(within(await screen.findByTestId('aorder-101')).getByRole('button', { name: '明細' }));
    const modal = await dialog('訂單 #101');
    expect(within(modal).queryByRole('button', { name: '建立出貨單' })).toBeNull();
    await user.click(await within(modal).findByRole('button', { name: '手動出貨' }));
    const form = await dialog(/手動出貨 — 訂單 #101/);
    await user.type(within(form).getByLabelText('物流單號'), 'FM-1');
    await user.click(within(form).getByRole('button', { name: '標記已出貨' }));
    expect(await within(form).findByText('請輸入正確的物流單號（英數字 4–30 碼）')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('物流單號'));
    await user.type(within(form).getByLabelText('物流單號'), 'FM12345678');
    await user.click(within(form).getByRole('button', { name: '標記已出貨' }));
    await toast('已登錄出貨');
    expect(sent).toEqual({ order_id: 101, carrier: '全家', tracking_no: 'FM12345678' });
  });
  it('staff see the owner\'s refund limit and cannot send more', async () => {
    const sent: unknown[] = [];
    const o = adminOrder({ ...PAID_ORDER, payment: 'credit', paymentname: '信用卡', can: { editReceiver: true, createTicket: false, markShipped: false, queryStatus: false, refund: true } });
    server([o], {
      'GET /api/admin/checkLogin': () => ({ json: { success: true, isLoggedIn: true, adminname: '客服小美', role: 'staff' } }),
      'GET /api/admin/refundSettings': () => ({ json: { success: true, staffRefundLimit: 1000 } }),
      'POST /api/admin/refundOrder': (body) => {
        sent.push(body);
        return { json: { success: true, refund: { id: 1, status: 'done' } } };
      },
    });
    const user = userEvent.setup();
    show();
    await user.click(within(await screen.findByTestId('aorder-101')).getByRole('button', { name: '明細' }));
    await user.click(await within(await dialog('訂單 #101')).findByRole('button', { name: '退款' }));
    const form = await dialog(/退款 — 訂單 #101/);
    expect(await within(form).findByTestId('staff-refund-limit')).toHaveTextContent('客服人員退款上限 NT$ 1,000');
    await user.type(within(form).getByLabelText('退款原因'), '顧客取消');
    await user.click(within(form).getByRole('button', { name: '退款' }));
    expect(await within(form).findByText('退款金額超過客服人員的退款上限，請由擁有者辦理')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.click(within(form).getByLabelText('部分退款'));
    await user.type(within(form).getByLabelText('退款金額（NT$）'), '800');
    await user.click(within(form).getByRole('button', { name: '退款' }));
    await user.click(within(await dialog('確定要退款嗎？')).getByRole('button', { name: '確定退款' }));
    await toast('退款完成');
    expect(sent).toEqual([{ order_id: 101, amount: 800, reason: '顧客取消', restock: false }]);
  });
  it('keeps the filters and the page in the URL (reload, shared link, Back)', async () => {
    const orders = Array.from({ length: 12 }, (_, i) => adminOrder({ order_id: 300 - i }));
    const { calls } = server(orders);
    const { router } = show('/admin/orders?range=yesterday&pay=1&q=0912345678&status=paid');
    await screen.findByTestId('aorder-300');
    expect(listBodies(calls)[0]).toEqual({ limit: 10, offset: 0, startDate: '2025-03-01', endDate: '2025-03-01', keyword: '0912345678', status_code: 'paid', payment_status: 1 });
    expect(screen.getByLabelText('關鍵字')).toHaveValue('0912345678');

    await userEvent.click(screen.getByTitle('2'));
    await screen.findByTestId('aorder-290');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(listBodies(calls).at(-1)).toMatchObject({ offset: 10, keyword: '0912345678' });

    // Back: page 1 again (from the cache).
    await router.navigate(-1);
    await screen.findByTestId('aorder-300');
    expect(screen.queryByTestId('aorder-290')).toBeNull();
  });

  it('on a phone shows one card per order with its key fields and 明細; ?open= opens an order (links from the member and 評價管理)', async () => {
    server([adminOrder({ order_id: 300 }), adminOrder({ order_id: 299 })]);
    viewport(390);
    const { router } = show('/admin/orders?range=all&open=299');
    // The linked order opens at once.
    expect(await screen.findByText(/訂單明細|#299/, { selector: '.ant-modal-title, .ant-modal-title *' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: '訂單列表' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(document.querySelector('.ss-aord-table')).toBeNull();
    const card = within(list).getByRole('button', { name: '訂單 #300 明細' }).closest('li')!;
    expect(within(card).getByText('訂購時間')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^明\s*細$/ })).toBeInTheDocument();
    expect(router.state.location.search).toContain('open=299');
  }, 40_000);
});
