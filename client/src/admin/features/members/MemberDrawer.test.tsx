import type { AdminMemberDetailAnswer } from '@api/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';
import { review, reviewsHandler } from '../reviews/testReviews';
import { detail, entry, member, points } from './testMembers';

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const list = () => ({ 'POST /api/admin/getUsersByPage': () => ({ json: { success: true, users: [member(7, { username: '王小美' })], total: 1 } }) });
const drawer = async () => (await screen.findByText('王小美・#7', { selector: '.ant-drawer-title' })).closest('.ant-drawer-section, .ant-drawer-content') as HTMLElement;
const dialog = async (title: string) => {
  const all = await screen.findAllByText(title, { selector: '.ant-modal-title' });
  return all[all.length - 1].closest('.ant-modal') as HTMLElement;
};
/** A dialog's button by its text (antd spaces a two-character label: 停 權). */
const okButton = (modal: HTMLElement, text: string) => within(modal).getByText((_, el) => el?.tagName === 'BUTTON' && el.textContent?.replace(/\s/g, '') === text);
const toast = (text: string) => screen.findByText(text, { selector: '.ant-message-notice *' });
const tab = (d: HTMLElement, name: RegExp) => within(d).getByRole('tab', { name });

describe('admin member detail (issue 21 §3, §6)', () => {
  beforeAll(() => preloadAdmin(['users']), 60_000);

  it('opens from the list: profile, addresses, orders linked to 訂單管理, notes; adds a note', async () => {
    let d: AdminMemberDetailAnswer = detail(7);
    const notes: unknown[] = [];
    adminServer('staff', {
      ...list(),
      'GET /api/admin/members/7': () => ({ json: d }),
      'POST /api/admin/members/7/notes': (b) => {
        notes.push(b);
        d = { ...d, notes: [{ id: 2, content: (b as { content: string }).content, admin_name: '客服小美', created_at: '2026-11-28T02:00:00.000Z' }, ...d.notes] };
        return { json: { success: true, message: '已新增備註', notes: d.notes } };
      },
    });
    const u = user();
    const { router } = renderAdmin('/admin/users');
    await u.click(await screen.findByRole('button', { name: '查看「王小美」' }));
    const dr = await drawer();
    expect(router.state.location.search).toBe('?member=7');
    expect(within(dr).getByText('0912000007', { selector: 'td *, td' })).toBeInTheDocument();
    expect(within(dr).getByText('LINE')).toBeInTheDocument();
    expect(within(dr).getByText('台北市大安區復興南路一段 100 號')).toBeInTheDocument();
    expect(within(dr).getByText('120 點（待入帳 30）・金卡會員')).toBeInTheDocument();

    await u.click(tab(dr, /訂單（1）/));
    expect(await within(dr).findByRole('link', { name: 'SS202611200001' })).toHaveAttribute('href', '/admin/orders?range=all&q=SS202611200001&open=501');
    expect(within(dr).getByText('NT$ 1,280')).toBeInTheDocument();

    await u.click(tab(dr, /備註（1）/));
    expect(await within(dr).findByText('偏好週末收件')).toBeInTheDocument();
    await u.click(within(dr).getByRole('button', { name: '新增備註' }));
    expect(await within(dr).findByText('請輸入備註內容（最多 500 字）')).toBeInTheDocument();
    await u.type(within(dr).getByRole('textbox', { name: '新增備註' }), '電話聯繫請於晚上');
    await u.click(within(dr).getByRole('button', { name: '新增備註' }));
    expect(await toast('已新增備註')).toBeInTheDocument();
    expect(await within(dr).findByText('電話聯繫請於晚上')).toBeInTheDocument();
    expect(notes).toEqual([{ content: '電話聯繫請於晚上' }]);

    await u.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  }, 60_000);

  it('points: balance, tier and history paged by 20; 調整購物金 checks the amount and reason, shows the server’s refusal, then adjusts', async () => {
    let balance = 120;
    const posts: unknown[] = [];
    const pages: string[] = [];
    const history = Array.from({ length: 25 }, (_, i) => entry(25 - i));
    adminServer('owner', {
      'GET /api/admin/members/7': () => ({ json: detail(7) }),
      'GET /api/admin/members/7/points': (_b, url) => {
        const page = Number(url.searchParams.get('page'));
        pages.push(`${page}/${url.searchParams.get('limit')}`);
        return { json: points(balance, history.slice((page - 1) * 20, page * 20), history.length) };
      },
      'POST /api/admin/members/7/points': (b) => {
        const { amount } = b as { amount: number };
        posts.push(b);
        if (balance + amount < 0) return { status: 400, json: { success: false, message: '調整後餘額不可小於 0' } };
        balance += amount;
        return { json: { ...points(balance, history.slice(0, 20), history.length), message: '已調整購物金' } };
      },
    });
    const u = user();
    renderAdmin('/admin/users?member=7');
    const dr = await drawer();
    await u.click(tab(dr, /購物金/));
    expect(await within(dr).findByTestId('points-balance')).toHaveTextContent('120');
    expect(within(dr).getByText('再消費 NT$ 18,000 升級鑽石會員')).toBeInTheDocument();
    expect(within(dr).getAllByText('消費回饋')).toHaveLength(20);
    await u.click(within(dr).getByTitle('2'));
    await waitFor(() => expect(within(dr).getAllByText('消費回饋')).toHaveLength(5));
    expect(pages).toEqual(['1/20', '2/20']);

    await u.click(within(dr).getByRole('button', { name: '調整購物金' }));
    const modal = await dialog('調整購物金');
    await u.click(okButton(modal, '確認調整'));
    expect(await within(modal).findByText('請輸入調整點數')).toBeInTheDocument();
    expect(within(modal).getByText('請填寫調整原因')).toBeInTheDocument();
    await u.type(within(modal).getByRole('spinbutton', { name: '調整點數' }), '0');
    await u.type(within(modal).getByRole('textbox', { name: '調整原因' }), '補');
    await u.click(okButton(modal, '確認調整'));
    expect(await within(modal).findByText('請輸入調整點數')).toBeInTheDocument();
    expect(within(modal).getByText('請填寫調整原因')).toBeInTheDocument();
    expect(posts).toEqual([]);

    await u.clear(within(modal).getByRole('spinbutton', { name: '調整點數' }));
    await u.type(within(modal).getByRole('spinbutton', { name: '調整點數' }), '-200');
    await u.type(within(modal).getByRole('textbox', { name: '調整原因' }), '償');
    await u.click(okButton(modal, '確認調整'));
    expect(await within(modal).findByText('調整後餘額不可小於 0')).toBeInTheDocument();

    await u.clear(within(modal).getByRole('spinbutton', { name: '調整點數' }));
    await u.type(within(modal).getByRole('spinbutton', { name: '調整點數' }), '50');
    expect(within(modal).getByText('目前 120 點，調整後 170 點')).toBeInTheDocument();
    await u.click(okButton(modal, '確認調整'));
    expect(await toast('已調整購物金')).toBeInTheDocument();
    await waitFor(() => expect(within(dr).getByTestId('points-balance')).toHaveTextContent('170'));
    expect(posts).toEqual([
      { amount: -200, reason: '補償' },
      { amount: 50, reason: '補償' },
    ]);
  }, 60_000);

  it('停權 asks for a reason of 2–100 characters; 解除停權 asks first', async () => {
    let d: AdminMemberDetailAnswer = detail(7);
    const puts: unknown[] = [];
    adminServer('staff', {
      ...list(),
      'GET /api/admin/members/7': () => ({ json: d }),
      'PUT /api/admin/members/7/block': (b) => {
        const body = b as { blocked: boolean; reason: string };
        puts.push(body);
        d = { ...d, member: { ...d.member, blocked_at: body.blocked ? '2026-11-28T02:00:00.000Z' : null, blocked_reason: body.blocked ? body.reason : '' } };
        return { json: { success: true, message: body.blocked ? '已停權' : '已解除停權' } };
      },
    });
    const u = user();
    const { router } = renderAdmin('/admin/users?member=7');
    const dr = await drawer();
    await u.click(okButton(dr, '停權'));
    let modal = await dialog('停權「王小美」？');
    await u.click(okButton(modal, '停權'));
    expect(await within(modal).findByText('請填寫停權原因（2–100 字）')).toBeInTheDocument();
    await u.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-title')).toBeNull());
    // Escape closed the dialog only: the member stays open.
    expect(router.state.location.search).toBe('?member=7');
    expect(dr.isConnected).toBe(true);
    expect(puts).toEqual([]);

    await u.click(okButton(dr, '停權'));
    modal = await dialog('停權「王小美」？');
    await u.type(within(modal).getByRole('textbox', { name: '停權原因' }), '多次惡意棄單');
    await u.click(okButton(modal, '停權'));
    expect(await toast('已停權')).toBeInTheDocument();
    expect(await within(dr).findByTestId('member-blocked')).toHaveTextContent('原因：多次惡意棄單');

    await u.click(okButton(dr, '解除停權'));
    modal = await dialog('解除「王小美」的停權？');
    expect(within(modal).getByText(/停權原因：多次惡意棄單/)).toBeInTheDocument();
    await u.click(okButton(modal, '解除停權'));
    expect(await toast('已解除停權')).toBeInTheDocument();
    await waitFor(() => expect(within(dr).queryByTestId('member-blocked')).toBeNull());
    expect(puts).toEqual([
      { blocked: true, reason: '多次惡意棄單' },
      { blocked: false, reason: '' },
    ]);
  }, 60_000);

  it('reviews: the member’s own, from 評價管理’s list by user_id', async () => {
    const { calls } = adminServer('staff', {
      'GET /api/admin/members/7': () => ({ json: detail(7) }),
      'GET /api/admin/reviews': reviewsHandler(() => [review(1), review(2, { user_id: 8, content: '別人的評價內容十個字以上' })]),
    });
    const u = user();
    renderAdmin('/admin/users?member=7');
    const dr = await drawer();
    await u.click(tab(dr, /評價（1）/));
    expect(await within(dr).findByText(/早上起來不緊繃 1/)).toBeInTheDocument();
    expect(within(dr).queryByText('別人的評價內容十個字以上')).toBeNull();
    expect(within(dr).getByRole('link', { name: '在評價管理查看' })).toHaveAttribute('href', '/admin/reviews?user=7');
    const url = calls.find((c) => c.path === '/api/admin/reviews');
    expect(url).toBeDefined();
  }, 40_000);

  it('a member that cannot be read says so, with 重試', async () => {
    let fail = true;
    adminServer('staff', { ...list(), 'GET /api/admin/members/7': () => (fail ? { status: 404, json: { success: false, message: '找不到會員' } } : { json: detail(7) }) });
    const u = user();
    renderAdmin('/admin/users?member=7');
    expect(await screen.findByText('讀取會員資料失敗')).toBeInTheDocument();
    expect(screen.getByText('找不到會員')).toBeInTheDocument();
    fail = false;
    await u.click(screen.getByRole('button', { name: '重試' }));
    await drawer();
  }, 40_000);
});
