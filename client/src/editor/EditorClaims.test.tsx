import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminServer, viewport } from '../admin/testAdmin';
import { renderApp } from '../test/render';
import EditorPage from './EditorPage';
import { stubLayout } from './testEditor';

stubLayout();

const PHRASES = [
  { phrase: '消炎', reason: '涉及醫療效能（化粧品不得宣稱醫療效果）' },
  { phrase: '永久', reason: '誇大或保證效果（虛偽誇大）' },
];
const visible = (selector: string) => Array.from(document.querySelectorAll<HTMLElement>(selector)).filter((d) => !d.closest('[class*="-leave"]'));
const confirmBox = async () => {
  await waitFor(() => expect(visible('[data-testid="claims-confirm"]')).toHaveLength(1));
  return visible('.ant-modal-confirm').at(-1)!;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/editor: claims check (spec 4 §4, issue 22 §5)', () => {
  it('shows the AI rewrite warnings beside its text, asks before saving it, and shows what the server found', async () => {
    const { calls } = adminServer('editor', {
      'GET /api/admin/loadhtml': () => ({ json: { success: true, html: '<p>溫和保濕</p>' } }),
      'GET /api/admin/claim-phrases': () => ({ json: { success: true, phrases: PHRASES } }),
      'POST /api/admin/ai/rewrite': () => ({
        json: { success: true, content: '<p>溫和保濕，永久水潤</p>', remaining: 9, warnings: [{ field: 'ai', phrase: '永久', reason: PHRASES[1].reason }] },
      }),
      'POST /api/admin/savehtml': (b) => ({
        json: { success: true, message: '儲存成功', html: (b as { html: string }).html, warnings: [{ field: 'detail_html', phrase: '永久', reason: PHRASES[1].reason }] },
      }),
    });
    viewport(1366);
    renderApp(<EditorPage />, { path: '/editor?edittype=product&product_id=1', route: '/editor' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: '原文內容' })).toHaveTextContent('溫和保濕'));

    fireEvent.click(screen.getByRole('button', { name: /AI 優化/ }));
    const alert = await screen.findByTestId('ai-claims-warnings');
    expect(alert).toHaveTextContent('AI 文字含有可能違規的詞語，請修改後再儲存');
    expect(within(alert).getAllByRole('listitem').map((i) => i.textContent)).toEqual([`「永久」AI 文字${PHRASES[1].reason}`]);
    // Only beside the AI text.
    fireEvent.click(screen.getByText('原文'));
    await waitFor(() => expect(screen.queryByTestId('ai-claims-warnings')).toBeNull());
    fireEvent.click(screen.getByText('AI 文字'));
    expect(await screen.findByTestId('ai-claims-warnings')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /^(save )?儲\s*存$/ }));
    let box = await confirmBox();
    expect(within(box).getAllByRole('listitem').map((i) => i.textContent)).toEqual([`「永久」商品詳細說明${PHRASES[1].reason}`]);
    fireEvent.click(within(box).getByRole('button', { name: '返回修改' }));
    await waitFor(() => expect(visible('[data-testid="claims-confirm"]')).toHaveLength(0));
    expect(calls.some((c) => c.path === '/api/admin/savehtml')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /^(save )?儲\s*存$/ }));
    box = await confirmBox();
    fireEvent.click(within(box).getByRole('button', { name: '仍要儲存' }));
    expect(await screen.findByText('儲存成功')).toBeInTheDocument();
    expect(await screen.findByText('已儲存，但內容含有可能違規的詞語：「永久」（商品詳細說明）')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/savehtml')?.body).toMatchObject({ html: '<p>溫和保濕，永久水潤</p>' });
    await waitFor(() => expect(screen.queryByTestId('ai-claims-warnings')).toBeNull());
  }, 60_000);

  it('saves clean HTML without asking', async () => {
    const { calls } = adminServer('editor', {
      'GET /api/admin/loadhtml': () => ({ json: { success: true, html: '<p>退換貨說明</p>' } }),
      'GET /api/admin/claim-phrases': () => ({ json: { success: true, phrases: PHRASES } }),
      'POST /api/admin/savehtml': (b) => ({ json: { success: true, message: '儲存成功', html: (b as { html: string }).html, warnings: [] } }),
    });
    viewport(1366);
    renderApp(<EditorPage />, { path: '/editor?edittype=htmlpage&htmlname=productreturns', route: '/editor' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: '原文內容' })).toHaveTextContent('退換貨說明'));
    fireEvent.click(screen.getByRole('button', { name: /^(save )?儲\s*存$/ }));
    expect(await screen.findByText('儲存成功')).toBeInTheDocument();
    expect(visible('[data-testid="claims-confirm"]')).toHaveLength(0);
    expect(calls.find((c) => c.path === '/api/admin/savehtml')?.body).toMatchObject({ edittype: 'htmlpage', htmlname: 'productreturns', html: '<p>退換貨說明</p>' });
  }, 60_000);
});
