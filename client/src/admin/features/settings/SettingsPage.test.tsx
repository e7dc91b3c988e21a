import type { AdminPaymentMethodView, AdminSettingsAnswer, AdminSettingView, AdminShippingMethodView } from '@api/admin-settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { MONEY_FIELDS, MONEY_MSG } from '@rules/money';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';

const settings = (): AdminSettingView[] => [
  { id: 1, title: '公司名稱', s_key: 'COMPANY_NAME', s_value: '肌研舍股份有限公司' },
  { id: 2, title: '公司簡稱', s_key: 'COMPANY_NAMEN', s_value: '肌研舍' },
  { id: 3, title: '統一編號', s_key: 'COMPANY_TAXID', s_value: '17784483' },
];
const shipping = (): AdminShippingMethodView[] => [
  { id: 1, name: '7-11', icon_url: '/media/demo/ship-711.svg', shipping_cost: 60, free_shipping_threshold: 1000, is_active: 1 },
  { id: 4, name: '宅配', icon_url: '/media/demo/ship-home.svg', shipping_cost: 100, free_shipping_threshold: 1500, is_active: 1 },
];
const payments = (): AdminPaymentMethodView[] => [
  { payment_method_id: 1, method_code: 'atm', method_label: 'ATM 轉帳', status: 1 },
  { payment_method_id: 5, method_code: 'cod', method_label: '貨到付款', status: 0 },
];
const loaded = (): AdminSettingsAnswer => ({ success: true, settings: settings(), payment_methods: payments(), shipping_methods: shipping() });

// Plain DOM queries: role queries over the whole page are slow in jsdom.
const openDialogs = (name: string) =>
  Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"]')).filter(
    (d) => !d.closest('[class*="-leave"]') && !d.className.includes('leave') && d.querySelector('.ant-modal-title')?.textContent === name,
  );
const findDialog = async (name: string) => {
  await waitFor(() => expect(openDialogs(name)).toHaveLength(1));
  return openDialogs(name)[0];
};
const setup = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

describe('admin settings (spec 3 §2, §7, §8; issue 12)', () => {
  beforeAll(() => preloadAdmin(['settings']), 60_000);

  it('updates one general setting with its id and value; a refusal shows 更新失敗 with the reason, a lost call 請稍後再試', async () => {
    let mode: 'ok' | 'refuse' | 'offline' = 'ok';
    const { calls } = adminServer('owner', {
      'GET /api/admin/loadsettings': () => ({ json: loaded() }),
      'POST /api/admin/updatesettings': (b) => {
        const { s_id, s_value } = b as { s_id: number; s_value: string };
        if (mode === 'refuse') return { status: 400, json: { success: false, message: '設定不存在' } };
        if (mode === 'offline') throw new TypeError('Failed to fetch');
        return { json: { success: true, message: '更新成功', setting: { ...settings().find((s) => s.id === s_id)!, s_value } } };
      },
    });
    const user = setup();
    renderAdmin('/admin/settings');
    const input = await screen.findByLabelText('公司簡稱');
    expect(input).toHaveValue('肌研舍');
    expect(screen.getByText('COMPANY_NAMEN')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '肌研舍 Skinshop');
    await user.click(screen.getByLabelText('更新「公司簡稱」'));
    expect(await screen.findByText('「公司簡稱」更新成功')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/updatesettings').map((c) => c.body)).toEqual([{ s_id: 2, s_value: '肌研舍 Skinshop' }]);
    expect(screen.getByLabelText('公司簡稱')).toHaveValue('肌研舍 Skinshop');

    mode = 'refuse';
    await user.click(screen.getByLabelText('更新「統一編號」'));
    expect(await screen.findByText('更新失敗（設定不存在）')).toBeInTheDocument();

    mode = 'offline';
    await user.click(screen.getByLabelText('更新「公司名稱」'));
    expect(await screen.findByText('更新失敗（請稍後再試）')).toBeInTheDocument();
  }, 40_000);

  it('waits for a shipping switch, shows the result, and puts it back when the server refuses', async () => {
    let refuse = false;
    const { calls } = adminServer('owner', {
      'GET /api/admin/loadsettings': () => ({ json: loaded() }),
      'POST /api/admin/updateshipping_active': (b) => {
        const { id, is_active } = b as { id: number; is_active: number };
        if (refuse) return { status: 500, json: { success: false, message: '系統忙碌' } };
        return { json: { success: true, message: '更新成功', shipping_method: { ...shipping().find((m) => m.id === id)!, is_active } } };
      },
    });
    const user = setup();
    renderAdmin('/admin/settings');
    await screen.findByLabelText('公司名稱');
    await user.click(screen.getByRole('button', { name: /運送設定/, hidden: true }));
    const dialog = await findDialog('運送設定');
    const toggle711 = within(dialog).getByLabelText('7-11 啟用');
    expect(toggle711).toBeChecked();

    await user.click(toggle711);
    expect(await screen.findByText('「7-11」已停用')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('7-11 啟用')).not.toBeChecked());

    refuse = true;
    await user.click(within(dialog).getByLabelText('宅配 啟用'));
    expect(await screen.findByText('更新失敗（系統忙碌）')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('宅配 啟用')).toBeChecked());
    expect(within(dialog).getByLabelText('7-11 啟用')).not.toBeChecked();
    expect(calls.filter((c) => c.path === '/api/admin/updateshipping_active').map((c) => c.body)).toEqual([
      { id: 1, is_active: 0 },
      { id: 4, is_active: 0 },
    ]);
  }, 40_000);

  it('saves the whole shipping list (the switch as saved) with 儲存成功, and says 儲存失敗 on a refusal', async () => {
    let refuse = true;
    const { calls } = adminServer('owner', {
      'GET /api/admin/loadsettings': () => ({ json: loaded() }),
      'POST /api/admin/updateshipping': (b) => {
        if (refuse) return { status: 400, json: { success: false, message: '儲存失敗' } };
        const list = (b as { shipping_methods: AdminShippingMethodView[] }).shipping_methods;
        return { json: { success: true, message: '儲存成功', shipping_methods: list.map((m) => ({ ...m, name: shipping().find((s) => s.id === m.id)!.name })) } };
      },
    });
    const user = setup();
    renderAdmin('/admin/settings');
    await screen.findByLabelText('公司名稱');
    await user.click(screen.getByRole('button', { name: /運送設定/, hidden: true }));
    let dialog = await findDialog('運送設定');
    expect(within(dialog).getByText('7-11')).toBeInTheDocument();
    const cost = within(dialog).getByLabelText('宅配 運費');
    await user.clear(cost);
    await user.type(cost, '120');
    const threshold = within(dialog).getByLabelText('7-11 免運門檻');
    await user.clear(threshold);
    await user.type(threshold, '799');

    await user.click(within(dialog).getByRole('button', { name: /儲\s*存/ }));
    expect(await screen.findByText('儲存失敗')).toBeInTheDocument();
    expect(openDialogs('運送設定')).toHaveLength(1);

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: /儲\s*存/ }));
    expect(await screen.findByText('儲存成功')).toBeInTheDocument();
    await waitFor(() => expect(openDialogs('運送設定')).toHaveLength(0));
    const sent = calls.filter((c) => c.path === '/api/admin/updateshipping').map((c) => c.body);
    const expected = {
      shipping_methods: [
        { id: 1, icon_url: '/media/demo/ship-711.svg', shipping_cost: 60, free_shipping_threshold: 799, is_active: 1 },
        { id: 4, icon_url: '/media/demo/ship-home.svg', shipping_cost: 120, free_shipping_threshold: 1500, is_active: 1 },
      ],
    };
    expect(sent).toEqual([expected, expected]);

    // Opened again: the saved values.
    await user.click(screen.getByRole('button', { name: /運送設定/, hidden: true }));
    dialog = await findDialog('運送設定');
    expect(within(dialog).getByLabelText('宅配 運費')).toHaveValue('120');
  }, 40_000);

  it('refuses a fee of "-5" or a threshold of "abc" on the field (shared NT$ rule) and sends nothing; "1,000" is sent as 1000', async () => {
    const { calls } = adminServer('owner', {
      'GET /api/admin/loadsettings': () => ({ json: loaded() }),
      'POST /api/admin/updateshipping': (b) => {
        const list = (b as { shipping_methods: AdminShippingMethodView[] }).shipping_methods;
        return { json: { success: true, message: '儲存成功', shipping_methods: list.map((m) => ({ ...m, name: shipping().find((s) => s.id === m.id)!.name })) } };
      },
    });
    const user = setup();
    renderAdmin('/admin/settings');
    await screen.findByLabelText('公司名稱');
    await user.click(screen.getByRole('button', { name: /運送設定/, hidden: true }));
    const dialog = await findDialog('運送設定');
    const cost = within(dialog).getByLabelText('宅配 運費');
    await user.clear(cost);
    await user.type(cost, '-5');
    const threshold = within(dialog).getByLabelText('7-11 免運門檻');
    await user.clear(threshold);
    await user.type(threshold, 'abc');
    await user.click(within(dialog).getByRole('button', { name: /儲\s*存/ }));
    expect(await within(dialog).findByText(MONEY_MSG.notWhole(MONEY_FIELDS.shippingCost))).toBeInTheDocument();
    expect(within(dialog).getByText(MONEY_MSG.notWhole(MONEY_FIELDS.freeShippingThreshold))).toBeInTheDocument();
    expect(cost).toHaveValue('-5'); // not clamped to 0
    expect(calls.filter((c) => c.path === '/api/admin/updateshipping')).toHaveLength(0);

    await user.clear(cost);
    await user.type(cost, '80');
    await user.clear(threshold);
    await user.type(threshold, '1,000');
    await user.click(within(dialog).getByRole('button', { name: /儲\s*存/ }));
    expect(await screen.findByText('儲存成功')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/updateshipping').map((c) => c.body)).toEqual([
      {
        shipping_methods: [
          { id: 1, icon_url: '/media/demo/ship-711.svg', shipping_cost: 60, free_shipping_threshold: 1000, is_active: 1 },
          { id: 4, icon_url: '/media/demo/ship-home.svg', shipping_cost: 80, free_shipping_threshold: 1500, is_active: 1 },
        ],
      },
    ]);
  }, 40_000);

  it('refuses a setting value of the wrong kind before sending it (the server rule)', async () => {
    const { calls } = adminServer('owner', {
      'GET /api/admin/loadsettings': () => ({ json: loaded() }),
      'POST /api/admin/updatesettings': () => ({ json: { success: true, message: '更新成功' } }),
    });
    const user = setup();
    renderAdmin('/admin/settings');
    const input = await screen.findByLabelText('統一編號');
    await user.clear(input);
    await user.type(input, '<b>1234</b>');
    await user.click(screen.getByLabelText('更新「統一編號」'));
    expect(await screen.findByText('「統一編號」更新失敗（統一編號格式錯誤（8 位數字））')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/updatesettings')).toHaveLength(0);
  }, 40_000);

  it('switches a payment method after waiting for the answer, and puts it back on a failure', async () => {
    let refuse = false;
    const { calls } = adminServer('owner', {
      'GET /api/admin/loadsettings': () => ({ json: loaded() }),
      'POST /api/admin/updatepayment': (b) => {
        const { payment_method_id, status } = b as { payment_method_id: number; status: number };
        if (refuse) return { status: 400, json: { success: false, message: '更新失敗' } };
        return { json: { success: true, message: '更新成功', payment_method: { ...payments().find((p) => p.payment_method_id === payment_method_id)!, status } } };
      },
    });
    const user = setup();
    renderAdmin('/admin/settings');
    await screen.findByLabelText('公司名稱');
    await user.click(screen.getByRole('button', { name: /付款方式/, hidden: true }));
    const dialog = await findDialog('付款方式');
    expect(within(dialog).getByLabelText('ATM 轉帳 啟用')).toBeChecked();
    expect(within(dialog).getByLabelText('貨到付款 啟用')).not.toBeChecked();

    await user.click(within(dialog).getByLabelText('貨到付款 啟用'));
    expect(await screen.findByText('「貨到付款」已啟用')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('貨到付款 啟用')).toBeChecked());

    refuse = true;
    await user.click(within(dialog).getByLabelText('ATM 轉帳 啟用'));
    expect(await screen.findByText('更新失敗')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('ATM 轉帳 啟用')).toBeChecked());
    expect(calls.filter((c) => c.path === '/api/admin/updatepayment').map((c) => c.body)).toEqual([
      { payment_method_id: 5, status: 1 },
      { payment_method_id: 1, status: 0 },
    ]);
  }, 40_000);
});
