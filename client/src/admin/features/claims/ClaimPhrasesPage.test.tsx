import type { ClaimPhrase } from '@api/compliance';
import { COSMETICS_MSG } from '@rules/cosmetics-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';

const STORED: ClaimPhrase[] = [
  { phrase: '治療', reason: '涉及醫療效能（化粧品不得宣稱醫療效果）' },
  { phrase: '100% 有效', reason: '誇大或保證效果（虛偽誇大）' },
];
const setup = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const puts = (calls: { method: string; path: string; body: unknown }[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/api/admin/claim-phrases').map((c) => c.body);
/** 儲存清單 once ready again (antd lets a finished loading icon fade out: its name may still start with it). */
const saveList = () =>
  waitFor(() => {
    const b = screen.getByRole('button', { name: /^(loading )?儲存清單$/ });
    expect(b).not.toHaveClass('ant-btn-loading');
    return b;
  });
const row = (i: number) => screen.getByTestId(`claim-row-${i}`);

describe('admin 廣告違規詞語 (issue 22 §5, spec 4 §4)', () => {
  beforeAll(() => preloadAdmin(['claims']), 60_000);

  it('staff add, change and remove phrases; every row is checked at once, the server refusal lands on its row, then it saves', async () => {
    let stored = STORED;
    let refuse = true;
    const { calls } = adminServer('staff', {
      'GET /api/admin/claim-phrases': () => ({ json: { success: true, phrases: stored } }),
      'PUT /api/admin/claim-phrases': (b) => {
        if (refuse) {
          refuse = false;
          return { status: 400, json: { success: false, message: '請檢查表單欄位', errors: [{ field: 'phrases.1.reason', message: '原因最多 100 個字' }] } };
        }
        stored = (b as { phrases: ClaimPhrase[] }).phrases;
        return { json: { success: true, message: '已儲存', phrases: stored } };
      },
    });
    const user = setup();
    renderAdmin('/admin/claims');
    expect(await screen.findByRole('heading', { name: '廣告違規詞語' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: '詞語 1' })).toHaveValue('治療'));
    expect(screen.getByRole('textbox', { name: '原因 2' })).toHaveValue(STORED[1].reason);
    expect(screen.getByText('共 2 個詞語')).toBeInTheDocument();

    // A new empty row and a repeat of 100% 有效 written in full-width forms.
    await user.click(screen.getByRole('button', { name: /新增詞語/ }));
    await user.click(screen.getByRole('button', { name: /新增詞語/ }));
    await user.type(screen.getByRole('textbox', { name: '詞語 4' }), '１００％有效');
    await user.type(screen.getByRole('textbox', { name: '原因 4' }), '重複');
    expect(screen.getByText('尚未儲存')).toBeInTheDocument();
    await user.click(await saveList());
    expect(await screen.findByTestId('claims-banner')).toHaveTextContent('請檢查表單欄位');
    expect(within(row(2)).getByText(COSMETICS_MSG.phraseRequired)).toBeInTheDocument();
    expect(within(row(2)).getByText(COSMETICS_MSG.reasonRequired)).toBeInTheDocument();
    expect(within(row(3)).getByText(COSMETICS_MSG.phraseDuplicate)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '詞語 4' })).toHaveAttribute('aria-invalid', 'true');
    expect(puts(calls)).toHaveLength(0);

    // Removing a row moves the messages of the rows after it.
    await user.click(screen.getByRole('button', { name: '移除詞語 3' }));
    expect(within(row(2)).getByText(COSMETICS_MSG.phraseDuplicate)).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: '詞語 3' }));
    await user.type(screen.getByRole('textbox', { name: '詞語 3' }), '永久');
    await waitFor(() => expect(within(row(2)).queryByText(COSMETICS_MSG.phraseDuplicate)).toBeNull());
    await user.clear(screen.getByRole('textbox', { name: '原因 3' }));
    await user.type(screen.getByRole('textbox', { name: '原因 3' }), '誇大或保證效果');

    await user.click(await saveList());
    expect(await within(row(1)).findByText('原因最多 100 個字')).toBeInTheDocument();
    expect(screen.getByTestId('claims-banner')).toHaveTextContent('請檢查表單欄位');

    await user.click(await saveList());
    expect(await screen.findByText('已儲存')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('尚未儲存')).toBeNull());
    expect(puts(calls)).toEqual([
      { phrases: [...STORED, { phrase: '永久', reason: '誇大或保證效果' }] },
      { phrases: [...STORED, { phrase: '永久', reason: '誇大或保證效果' }] },
    ]);
    expect(screen.getByText('共 3 個詞語')).toBeInTheDocument();
  }, 120_000);

  it('adds the default phrases that are missing, and 復原 puts the stored list back', async () => {
    adminServer('owner', { 'GET /api/admin/claim-phrases': () => ({ json: { success: true, phrases: STORED } }) });
    const user = setup();
    renderAdmin('/admin/claims');
    await waitFor(() => expect(screen.getByRole('textbox', { name: '詞語 1' })).toHaveValue('治療'));
    await user.click(screen.getByRole('button', { name: '加入預設詞語' }));
    expect(await screen.findByText(/已加入 22 個預設詞語/)).toBeInTheDocument();
    expect(screen.getByText('共 24 個詞語')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /復\s*原/ }));
    expect(screen.getByText('共 2 個詞語')).toBeInTheDocument();
  }, 60_000);

  it('shows editors the list read-only, and fits a 390 px phone', async () => {
    const { calls } = adminServer('editor', { 'GET /api/admin/claim-phrases': () => ({ json: { success: true, phrases: STORED } }) });
    renderAdmin('/admin/claims', { width: 390 });
    expect(await screen.findByText('僅店長與客服人員可修改清單；編輯人員可檢視。')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: '詞語 1' })).toHaveValue('治療'));
    expect(screen.getByRole('textbox', { name: '原因 1' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: '儲存清單' })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增詞語/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '移除詞語 1' })).toBeNull();
    expect(puts(calls)).toHaveLength(0);
  }, 60_000);

  it('says so when the list cannot be read', async () => {
    adminServer('staff', { 'GET /api/admin/claim-phrases': () => ({ status: 500, json: { success: false, message: '系統忙碌，請稍後再試' } }) });
    renderAdmin('/admin/claims');
    expect(await screen.findByText('系統忙碌，請稍後再試')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重試' })).toBeInTheDocument();
  }, 60_000);
});
