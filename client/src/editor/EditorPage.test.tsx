import { EDITOR_MSG, aiQuotaUsedMsg } from '@rules/admin-editor';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminServer, viewport } from '../admin/testAdmin';
import { renderApp } from '../test/render';
import EditorPage from './EditorPage';
import { stubLayout } from './testEditor';

stubLayout();

const PATH = '/editor?edittype=product&product_id=1&vpage=detail';
type Reply = { status?: number; json: unknown };

function server(handlers: Record<string, (body: unknown) => Reply | undefined> = {}) {
  return adminServer('editor', {
    'GET /api/admin/loadhtml': () => ({ json: { success: true, html: '<p>原始介紹</p>' } }),
    'POST /api/admin/savehtml': (body) => ({ json: { success: true, message: '儲存成功', html: (body as { html: string }).html } }),
    ...handlers,
  });
}

/** Holds calls to `path` until `release()` (the request stays in flight). */
function holdRequests(path: string) {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes(path)) await gate;
    return inner(input, init);
  });
  return () => release();
}

function open(path = PATH, width = 1366) {
  viewport(width);
  return renderApp(<EditorPage />, { path, route: '/editor' });
}

beforeAll(() => {
  document.title = '';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/editor', () => {
  it('loads the HTML, runs AI 優化 (button disabled while pending), shows the AI text and saves the shown version', async () => {
    const { calls } = server({
      'POST /api/admin/ai/rewrite': () => ({ json: { success: true, content: '<h2>AI 改寫</h2><p>更完整的介紹</p>', remaining: 49 } }),
    });
    const release = holdRequests('/api/admin/ai/rewrite');
    open();

    const original = await screen.findByRole('textbox', { name: '原文內容' });
    await waitFor(() => expect(original).toHaveTextContent('原始介紹'));
    expect(calls.find((c) => c.path === '/api/admin/loadhtml')).toBeTruthy();
    expect(document.title).toContain('管理後台 | HTML 編輯器');

    fireEvent.click(screen.getByRole('button', { name: /AI 優化/ }));
    const pending = await screen.findByRole('button', { name: /請求中，請稍候/ });
    expect(pending).toBeDisabled();
    expect(calls.find((c) => c.path === '/api/admin/ai/rewrite')).toBeUndefined();

    release();
    const ai = await screen.findByRole('textbox', { name: 'AI 文字內容' });
    await waitFor(() => expect(ai).toHaveTextContent('AI 改寫'));
    expect(calls.find((c) => c.path === '/api/admin/ai/rewrite')?.body).toEqual({ content: '<p>原始介紹</p>', mode: 'supplement' });
    expect(await screen.findByText(/今日剩餘 49 次/, { selector: '.ss-editor-quota' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /AI 優化/ })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: /儲\s*存/ }));
    expect(await screen.findByText('儲存成功')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/savehtml')?.body).toEqual({
      edittype: 'product',
      product_id: 1,
      vpage: 'detail',
      html: '<h2>AI 改寫</h2><p>更完整的介紹</p>',
    });
    expect(screen.getByRole('link', { name: /查看商品頁/ })).toHaveAttribute('href', '/product/1');
  }, 30_000);

  it('switches views: the original stays, and mode 2 sends optimize', async () => {
    const { calls } = server({
      'POST /api/admin/ai/rewrite': () => ({ json: { success: true, content: '<p>AI 版</p>', remaining: 3 } }),
    });
    open();
    await screen.findByRole('textbox', { name: '原文內容' });
    fireEvent.click(screen.getByText('2. 手動編輯原文'));
    fireEvent.click(screen.getByRole('button', { name: /AI 優化/ }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'AI 文字內容' })).toHaveTextContent('AI 版'));
    expect(calls.find((c) => c.path === '/api/admin/ai/rewrite')?.body).toEqual({ content: '<p>原始介紹</p>', mode: 'optimize' });

    fireEvent.click(screen.getByText('原文'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '原文內容' })).toHaveTextContent('原始介紹'));
    fireEvent.click(screen.getByRole('button', { name: /儲\s*存/ }));
    await screen.findByText('儲存成功');
    expect(calls.find((c) => c.path === '/api/admin/savehtml')?.body).toMatchObject({ html: '<p>原始介紹</p>' });
  }, 30_000);

  it('empty content: AI 優化 asks for content and calls nothing', async () => {
    const { calls } = server({ 'GET /api/admin/loadhtml': () => ({ json: { success: true, html: '' } }) });
    open();
    await screen.findByRole('textbox', { name: '原文內容' });
    fireEvent.click(screen.getByRole('button', { name: /AI 優化/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText(EDITOR_MSG.emptyContent).length).toBeGreaterThan(0);
    expect(within(dialog).getByText('請輸入內容後再點擊「AI 優化」')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/ai/rewrite')).toBeUndefined();
  });

  it('shows AI failures (the quota message) as an error', async () => {
    server({ 'POST /api/admin/ai/rewrite': () => ({ status: 429, json: { success: false, message: aiQuotaUsedMsg(50), remaining: 0 } }) });
    open();
    await screen.findByRole('textbox', { name: '原文內容' });
    fireEvent.click(screen.getByRole('button', { name: /AI 優化/ }));
    expect(await screen.findByText(aiQuotaUsedMsg(50))).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '原文內容' })).toHaveTextContent('原始介紹');
  });

  it('save failures: 儲存失敗 with the server message; transport error → 儲存錯誤', async () => {
    let fail: 'server' | 'network' = 'server';
    server({
      'POST /api/admin/savehtml': () => (fail === 'server' ? { status: 413, json: { success: false, message: '儲存失敗：內容超過 2 MB' } } : undefined),
    });
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (fail === 'network' && url.includes('/api/admin/savehtml')) throw new TypeError('Failed to fetch');
      return inner(input, init);
    });
    open();
    await screen.findByRole('textbox', { name: '原文內容' });
    fireEvent.click(screen.getByRole('button', { name: /儲\s*存/ }));
    expect(await screen.findByText('儲存失敗：內容超過 2 MB')).toBeInTheDocument();
    fail = 'network';
    fireEvent.click(screen.getByRole('button', { name: /儲\s*存/ }));
    expect(await screen.findByText(EDITOR_MSG.saveError)).toBeInTheDocument();
  }, 30_000);

  it('a window 768 px wide or less shows only the mobile message', async () => {
    const { calls } = server();
    open(PATH, 390);
    expect(await screen.findByText(EDITOR_MSG.mobileUnsupported)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /AI 優化/ })).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/loadhtml')).toBeUndefined();
  });

  it('without an admin session (401) says so and links to the login, coming back here', async () => {
    server({ 'GET /api/admin/loadhtml': () => ({ status: 401, json: { success: false, message: '請先登入管理後台' } }) });
    open();
    expect(await screen.findByText('請先登入管理後台後再編輯 HTML')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /前往登入/ })).toHaveAttribute('href', `/admin/login?from=${encodeURIComponent(PATH)}`);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('a bad query says so without calling the server', async () => {
    const { calls } = server();
    open('/editor?edittype=product');
    expect(await screen.findByText('網址參數不正確')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/loadhtml')).toBeUndefined();
  });
});
