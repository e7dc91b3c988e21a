import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lookupArea } from '@rules/tw-zipcodes';
import { mockApi, renderApp } from '../../../test/render';
import type { AddressView } from '@api/account';
import type { Address, UserProfile } from '../auth/userTypes';
import AddressBookPage from './AddressBookPage';
import { emptyAddress } from './accountRules';
import { loggedInAs, member } from './testMember';

/** Saved rows as getuser lists them (with their ids; member 7 as in testUsers). */
type Saved = Partial<AddressView> & Pick<AddressView, 'id'>;
const home = (street: string, extra: Saved): AddressView => ({ ...emptyAddress('home'), user_id: 7, city: '臺北市', district: '大安區', zip: '106', street, ...extra });
const seven = (name: string, extra: Saved): AddressView => ({ ...emptyAddress('seven'), user_id: 7, store_id: '991182', store_name: name, store_addr: '臺北市大安區', ...extra });

/**
 * A tiny stand-in for updateAddresses (the real rules: test/api/users-addresses.api-spec.ts): it
 * numbers the rows, fills home zips from the table and answers the saved list, or a failure.
 */
function serverWith(user: UserProfile, fail?: { status: number; json: unknown }) {
  let saved = user.addresses;
  return mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
    'GET /api/login/getuser': () => ({ json: { success: true, user: { ...user, addresses: saved } } }),
    'POST /api/user/updateAddresses': (body) => {
      if (fail) return fail;
      const rows = (body as { addresses: Address[] }).addresses;
      saved = rows.map((r, i) => ({ ...r, id: i + 1, user_id: user.user_id, zip: r.shipping_type === 'home' ? (lookupArea(r.city, r.district)?.zip ?? '') : '' }));
      return { json: { success: true, message: '更新成功', addresses: saved } };
    },
  });
}

async function paste(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const sent = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path === '/api/user/updateAddresses').map((c) => (c.body as { addresses: Address[] }).addresses);

describe('AddressBookPage', { timeout: 40_000 }, () => {
  it('adds a home address (city → district → zip) and a 7-11 store, each saved at once', async () => {
    const me = member();
    const { calls } = serverWith(me);
    const user = userEvent.setup();
    const { store } = renderApp(<AddressBookPage />, { preloaded: loggedInAs(me) });
    expect(await screen.findByText(/尚未儲存任何地址/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: '新增地址' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /儲存$/ }));
    expect(await within(dialog).findByText('第 1 筆需選寄件類型')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '宅配到府' }));
    // Fixed: the error goes at once, and the next problem waits for 儲存.
    expect(within(dialog).queryByText('第 1 筆需選寄件類型')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('縣市'), '臺東縣');
    await user.selectOptions(within(dialog).getByLabelText('鄉鎮市區'), '蘭嶼鄉');
    expect(within(dialog).getByLabelText('郵遞區號')).toHaveValue('952');
    await user.selectOptions(within(dialog).getByLabelText('縣市'), '臺北市');
    expect(within(dialog).getByLabelText('鄉鎮市區')).toHaveValue('');
    expect(within(dialog).getByLabelText('郵遞區號')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: /儲存$/ }));
    expect(await within(dialog).findByText('第 1 筆住家資訊不完整 (city/district/street)')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('鄉鎮市區'), '大安區');
    // Still incomplete (no street): the error stays until the row is complete.
    expect(within(dialog).getByText('第 1 筆住家資訊不完整 (city/district/street)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('郵遞區號')).toHaveValue('106');
    await paste(user, within(dialog).getByLabelText('街道地址'), '復興南路一段 1 號');
    expect(within(dialog).queryByText('第 1 筆住家資訊不完整 (city/district/street)')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.getAllByTestId('address-card')).toHaveLength(1));
    expect(screen.getByTestId('address-text')).toHaveTextContent('106 臺北市大安區復興南路一段 1 號');
    expect(await screen.findByTestId('account-notice')).toHaveTextContent('更新成功');
    expect(store.getState().session.user?.addresses).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '新增地址' }));
    dialog = screen.getAllByRole('dialog').at(-1)!;
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: '7-11' })).toBeInTheDocument());
    await user.click(within(dialog).getByRole('radio', { name: '7-11' }));
    await paste(user, within(dialog).getByLabelText('門市店號'), '991182');
    await user.click(within(dialog).getByRole('button', { name: /儲存$/ }));
    expect(await within(dialog).findByText('第 2 筆超商地址 (店名) 不可為空')).toBeInTheDocument();
    await paste(user, within(dialog).getByLabelText('門市名稱'), '大安門市');
    expect(within(dialog).queryByText('第 2 筆超商地址 (店名) 不可為空')).not.toBeInTheDocument();
    await paste(user, within(dialog).getByLabelText('門市地址'), '臺北市大安區復興南路一段 2 號');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.getAllByTestId('address-card')).toHaveLength(2));
    const lists = sent(calls);
    expect(lists).toHaveLength(2);
    expect(lists[1]).toEqual([
      expect.objectContaining({ shipping_type: 'home', city: '臺北市', district: '大安區', zip: '106', street: '復興南路一段 1 號' }),
      expect.objectContaining({ shipping_type: 'seven', store_id: '991182', store_name: '大安門市', store_addr: '臺北市大安區復興南路一段 2 號', city: '', street: '' }),
    ]);
  });

  it('sets a default (the other default of that type stops being one) and removes after confirming', async () => {
    // As getuser lists them: defaults first.
    const me = member({ addresses: [home('一號', { id: 1, is_default: 1 }), seven('大安門市', { id: 3, is_default: 1 }), home('二號', { id: 2 })] });
    const { calls } = serverWith(me);
    const user = userEvent.setup();
    renderApp(<AddressBookPage />, { preloaded: loggedInAs(me) });
    expect(await screen.findByRole('button', { name: '將第 1 筆設為預設' }).catch(() => null)).toBeNull();
    await user.click(screen.getByRole('button', { name: '將第 3 筆設為預設' }));
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0].map((a) => [a.street || a.store_name, a.is_default])).toEqual([
      ['一號', 0],
      ['大安門市', 1],
      ['二號', 1],
    ]);
    // The saved list comes back and is shown defaults first.
    await waitFor(() => expect(screen.getAllByTestId('address-text').map((e) => e.textContent)).toEqual(['大安門市（991182）', '106 臺北市大安區二號', '106 臺北市大安區一號']));

    await user.click(screen.getByRole('button', { name: '刪除第 1 筆' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('確定要刪除這筆地址嗎？');
    await user.click(within(confirm).getByRole('button', { name: /刪除/ }));
    await waitFor(() => expect(screen.getAllByTestId('address-card')).toHaveLength(2));
    expect(sent(calls)[1].map((a) => a.street || a.store_name)).toEqual(['二號', '一號']);
  });

  it('edits a row: a new type clears the other type’s fields; Cancel keeps the saved row', async () => {
    const me = member({ addresses: [home('一號', { id: 1, is_default: 1 }), seven('大安門市', { id: 2, is_default: 1 })] });
    const { calls } = serverWith(me);
    const user = userEvent.setup();
    renderApp(<AddressBookPage />, { preloaded: loggedInAs(me) });
    await user.click(await screen.findByRole('button', { name: '編輯第 1 筆' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('縣市')).toHaveValue('臺北市');
    expect(within(dialog).getByLabelText('郵遞區號')).toHaveValue('106');
    await user.click(within(dialog).getByRole('radio', { name: '全家' }));
    expect(within(dialog).queryByLabelText('縣市')).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: '宅配到府' }));
    expect(within(dialog).getByLabelText('縣市')).toHaveValue('');
    expect(within(dialog).getByLabelText('街道地址')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(sent(calls)).toHaveLength(0);
    expect(screen.getAllByTestId('address-text')[0]).toHaveTextContent('106 臺北市大安區一號');

    await user.click(screen.getByRole('button', { name: '編輯第 2 筆' }));
    dialog = screen.getAllByRole('dialog').at(-1)!;
    await waitFor(() => expect(within(dialog).getByLabelText('門市名稱')).toHaveValue('大安門市'));
    await user.click(within(dialog).getByRole('radio', { name: '宅配到府' }));
    await user.selectOptions(within(dialog).getByLabelText('縣市'), '新北市');
    await user.selectOptions(within(dialog).getByLabelText('鄉鎮市區'), '板橋區');
    await paste(user, within(dialog).getByLabelText('街道地址'), '文化路一段 1 號');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0][1]).toMatchObject({ id: 2, shipping_type: 'home', city: '新北市', district: '板橋區', zip: '220', street: '文化路一段 1 號', store_id: '', store_name: '', store_addr: '' });
  });

  it('keeps between 1 and 10 addresses', async () => {
    const ten = member({ addresses: Array.from({ length: 10 }, (_, i) => home(`${i + 1} 號`, { id: i + 1, is_default: i === 0 ? 1 : 0 })) });
    const { calls } = serverWith(ten);
    const user = userEvent.setup();
    const { unmount } = renderApp(<AddressBookPage />, { preloaded: loggedInAs(ten) });
    await user.click(await screen.findByRole('button', { name: '新增地址' }));
    expect(screen.getByRole('alert')).toHaveTextContent('最多只能新增 10 筆地址');
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    const one = member({ addresses: [home('一號', { id: 1, is_default: 1 })] });
    serverWith(one);
    renderApp(<AddressBookPage />, { preloaded: loggedInAs(one) });
    await user.click(await screen.findByRole('button', { name: '刪除第 1 筆' }));
    expect(screen.getByRole('alert')).toHaveTextContent('至少保留 1 筆地址');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(sent(calls)).toHaveLength(0);
  });

  it('shows the server refusal, 更新失敗，請稍後再試 or 伺服器錯誤，請稍後再試, and keeps the saved list', async () => {
    const me = member({ addresses: [home('一號', { id: 1, is_default: 1 }), home('二號', { id: 2 })] });
    serverWith(me, { status: 400, json: { success: false } });
    const user = userEvent.setup();
    const { unmount } = renderApp(<AddressBookPage />, { preloaded: loggedInAs(me) });
    await user.click(await screen.findByRole('button', { name: '將第 2 筆設為預設' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('更新失敗，請稍後再試');
    expect(screen.getAllByTestId('address-text')[0]).toHaveTextContent('一號');
    unmount();

    serverWith(me, { status: 500, json: { success: false, message: '伺服器錯誤，請稍後再試' } });
    renderApp(<AddressBookPage />, { preloaded: loggedInAs(me) });
    await user.click(await screen.findByRole('button', { name: '將第 2 筆設為預設' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('伺服器錯誤，請稍後再試');
  });

  it('a refused save stays in the editor until the row is edited', async () => {
    const me = member({ addresses: undefined });
    serverWith(me, { status: 400, json: { success: false, message: '第 1 筆縣市或鄉鎮市區不正確' } });
    const user = userEvent.setup();
    renderApp(<AddressBookPage />, { preloaded: loggedInAs(me) });
    await user.click(await screen.findByRole('button', { name: '新增地址' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '7-11' }));
    await paste(user, within(dialog).getByLabelText('門市店號'), '991182');
    await paste(user, within(dialog).getByLabelText('門市名稱'), '大安門市');
    await user.click(within(dialog).getByRole('button', { name: /儲存$/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('第 1 筆縣市或鄉鎮市區不正確');
    // The page re-rendering after the answer does not take it away; an edit does.
    await new Promise((r) => setTimeout(r, 50));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('第 1 筆縣市或鄉鎮市區不正確');
    await paste(user, within(dialog).getByLabelText('門市地址'), '臺北市');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
