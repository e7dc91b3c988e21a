import type { AdminTiersAnswer, PointsRulesView, TierView } from '@api/rewards';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';
import { TIER_MSG, tierErrors, tiersValues } from './tierForm';

const TIERS: TierView[] = [
  { id: 1, name: '一般會員', threshold: 0, earn_rate: 1, discount_percent: 0, sort_order: 1 },
  { id: 2, name: '金卡會員', threshold: 10000, earn_rate: 2, discount_percent: 5, sort_order: 2 },
  { id: 3, name: '鑽石會員', threshold: 30000, earn_rate: 3, discount_percent: 10, sort_order: 3 },
];
const RULES: PointsRulesView = { max_percent: 30, expire_months: 12, welcome_points: 0, birthday_points: 100, review_points: 20, review_photo_points: 50 };
const answer = (tiers = TIERS, rules = RULES): AdminTiersAnswer => ({ success: true, tiers, rules });

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const field = (label: string) => screen.getByRole('spinbutton', { name: label });
const fieldError = (input: HTMLElement) => input.closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';

describe('tier rules (spec 4 §5)', () => {
  it('accept the default three and refuse each broken rule with its message', () => {
    expect(tierErrors(tiersValues(TIERS, RULES))).toEqual([]);
    const v = tiersValues(TIERS, RULES);
    v.tiers[1].name = ' ';
    v.tiers[2].threshold = 10000;
    v.tiers[0].earn_rate = 21;
    v.tiers[2].discount_percent = 51;
    v.rules.max_percent = 101;
    v.rules.review_points = -1;
    expect(tierErrors(v)).toEqual([
      { field: 'tiers.0.earn_rate', message: '回饋比例須介於 0% 與 20%' },
      { field: 'tiers.1.name', message: '請輸入等級名稱' },
      { field: 'tiers.2.threshold', message: '門檻必須高於前一等級' },
      { field: 'tiers.2.discount_percent', message: '折扣須介於 0% 與 50%' },
      { field: 'rules.max_percent', message: TIER_MSG.maxPercent },
      { field: 'rules.review_points', message: TIER_MSG.points },
    ]);
    const bounds = tiersValues(TIERS, RULES);
    bounds.tiers[0].earn_rate = 0;
    bounds.tiers[2].earn_rate = 20;
    bounds.tiers[2].discount_percent = 50;
    expect(tierErrors(bounds)).toEqual([]);
  });
});

describe('admin tiers /admin/tiers (spec 4 §2, §5, §6)', () => {
  beforeAll(() => preloadAdmin(['tiers']), 60_000);

  it('shows the tiers and the points rules, and saves an edit with a new tier', async () => {
    const puts: unknown[] = [];
    adminServer('owner', {
      'GET /api/admin/tiers': () => ({ json: answer() }),
      'PUT /api/admin/tiers': (b) => {
        puts.push(b);
        return { json: { ...answer(), message: '會員等級已更新' } };
      },
    });
    const u = user();
    renderAdmin('/admin/tiers');
    expect(await screen.findByRole('heading', { name: '會員等級' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: '第 2 級 等級名稱' })).toHaveValue('金卡會員'));
    expect(field('第 3 級 門檻')).toHaveValue('30000');
    expect(field('第 2 級 回饋比例')).toHaveValue('2');
    expect(field('第 3 級 等級折扣')).toHaveValue('10');
    expect(field('購物金折抵上限')).toHaveValue('30');
    expect(field('生日禮')).toHaveValue('100');

    await u.clear(field('第 2 級 等級折扣'));
    await u.type(field('第 2 級 等級折扣'), '8');
    await u.click(screen.getByRole('button', { name: /新增等級/ }));
    await u.type(screen.getByRole('textbox', { name: '第 4 級 等級名稱' }), '黑鑽會員');
    await u.clear(field('評價回饋'));
    await u.type(field('評價回饋'), '30');
    await u.click(screen.getByRole('button', { name: '儲存' }));
    expect(await screen.findByText('會員等級已更新')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        tiers: [
          { id: 1, name: '一般會員', threshold: 0, earn_rate: 1, discount_percent: 0, sort_order: 1 },
          { id: 2, name: '金卡會員', threshold: 10000, earn_rate: 2, discount_percent: 8, sort_order: 2 },
          { id: 3, name: '鑽石會員', threshold: 30000, earn_rate: 3, discount_percent: 10, sort_order: 3 },
          { name: '黑鑽會員', threshold: 40000, earn_rate: 3, discount_percent: 10, sort_order: 4 },
        ],
        rules: { ...RULES, review_points: 30 },
      },
    ]);
  }, 40_000);

  it('checks every rule before sending: the banner 請檢查表單欄位 and each field’s message', async () => {
    const { calls } = adminServer('owner', { 'GET /api/admin/tiers': () => ({ json: answer() }) });
    const u = user();
    renderAdmin('/admin/tiers');
    const name = await screen.findByRole('textbox', { name: '第 2 級 等級名稱' });
    await waitFor(() => expect(name).toHaveValue('金卡會員'));
    await u.clear(name);
    await u.clear(field('第 3 級 門檻'));
    await u.type(field('第 3 級 門檻'), '5000');
    await u.clear(field('第 1 級 回饋比例'));
    await u.type(field('第 1 級 回饋比例'), '25');
    await u.clear(field('第 3 級 等級折扣'));
    await u.type(field('第 3 級 等級折扣'), '60');
    await u.click(screen.getByRole('button', { name: '儲存' }));
    expect(within(await screen.findByTestId('tiers-form-banner')).getByText('請檢查表單欄位')).toBeInTheDocument();
    expect(fieldError(screen.getByRole('textbox', { name: '第 2 級 等級名稱' }))).toBe('請輸入等級名稱');
    expect(fieldError(field('第 3 級 門檻'))).toBe('門檻必須高於前一等級');
    expect(fieldError(field('第 1 級 回饋比例'))).toBe('回饋比例須介於 0% 與 20%');
    expect(fieldError(field('第 3 級 等級折扣'))).toBe('折扣須介於 0% 與 50%');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  }, 40_000);

  it('marks the server’s errors[] on their fields, asks before removing a tier', async () => {
    let tiers = TIERS;
    adminServer('owner', {
      'GET /api/admin/tiers': () => ({ json: answer(tiers) }),
      'PUT /api/admin/tiers': (b) => {
        const body = b as { tiers: TierView[] };
        tiers = body.tiers.map((t, i) => ({ ...t, id: t.id ?? 10 + i }));
        return body.tiers.length === 2
          ? { status: 400, json: { success: false, message: '請檢查表單欄位', errors: [{ field: 'tiers[1].name', message: '等級名稱不可重複' }, { field: 'expire_months', message: '有效期限須介於 1 與 120 個月' }] } }
          : { json: answer() };
      },
    });
    const u = user();
    renderAdmin('/admin/tiers');
    await waitFor(() => expect(screen.getByRole('textbox', { name: '第 3 級 等級名稱' })).toHaveValue('鑽石會員'));
    await u.click(await screen.findByRole('button', { name: '移除「鑽石會員」' }));
    const pop = await screen.findByRole('tooltip');
    expect(within(pop).getByText('移除「鑽石會員」？')).toBeInTheDocument();
    await u.click(within(pop).getByRole('button', { name: '移除' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '第 3 級 等級名稱' })).toBeNull());
    await u.click(screen.getByRole('button', { name: '儲存' }));
    expect(within(await screen.findByTestId('tiers-form-banner')).getByText('請檢查表單欄位')).toBeInTheDocument();
    expect(fieldError(screen.getByRole('textbox', { name: '第 2 級 等級名稱' }))).toBe('等級名稱不可重複');
    expect(fieldError(field('購物金有效期限'))).toBe('有效期限須介於 1 與 120 個月');
  }, 40_000);

  it('is the owner’s: staff and editors have no 會員等級 in the menu, and the route says 權限不足', async () => {
    adminServer('staff', { 'GET /api/admin/tiers': () => ({ json: answer() }) });
    renderAdmin('/admin/tiers');
    expect(await screen.findByTestId('admin-forbidden')).toBeInTheDocument();
    const menu = screen.getByRole('menu', { name: '管理選單' });
    expect(within(menu).queryByText('會員等級')).toBeNull();
    expect(within(menu).getByText('評價管理')).toBeInTheDocument();
  }, 40_000);

  it('shows a failed read with 重試', async () => {
    let fail = true;
    adminServer('owner', { 'GET /api/admin/tiers': () => (fail ? { status: 500, json: { success: false, message: '系統錯誤' } } : { json: answer() }) });
    const u = user();
    renderAdmin('/admin/tiers');
    expect(await screen.findByText('讀取會員等級失敗')).toBeInTheDocument();
    fail = false;
    await u.click(screen.getByRole('button', { name: '重試' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '第 1 級 等級名稱' })).toHaveValue('一般會員'));
  }, 40_000);
});
