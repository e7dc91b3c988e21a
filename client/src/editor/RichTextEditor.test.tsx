import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from '../admin/components/RichTextEditor';
import { renderApp } from '../test/render';
import { stubLayout } from './testEditor';

stubLayout();

function Harness({ initial, onChange, next }: { initial: string; onChange: (html: string) => void; next?: string }) {
  const [html, setHtml] = useState(initial);
  return (
    <>
      <RichTextEditor
        value={html}
        aria-label="商品介紹"
        onChange={(h) => {
          setHtml(h);
          onChange(h);
        }}
      />
      {next !== undefined && (
        <button type="button" onClick={() => setHtml(next)}>
          外部更新
        </button>
      )}
      <output data-testid="html">{html}</output>
    </>
  );
}

describe('RichTextEditor', () => {
  it('emits HTML when typing and applies toolbar commands', async () => {
    const onChange = vi.fn();
    renderApp(<Harness initial="" onChange={onChange} />);
    const box = await screen.findByRole('textbox', { name: '商品介紹' });
    const user = userEvent.setup();
    await user.click(box);
    await user.type(box, '保濕');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('保濕')));
    expect(screen.getByTestId('html').textContent).toMatch(/^<p>.*保濕.*<\/p>$/);
    expect(screen.getByRole('toolbar')).toBeInTheDocument();
    for (const label of ['粗體', '斜體', '標題 2', '標題 3', '項目清單', '編號清單', '插入連結', '插入圖片（網址）', '靠左對齊', '置中對齊', '靠右對齊', '復原', '重做']) {
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: '標題 2' }));
    await waitFor(() => expect(screen.getByTestId('html').textContent).toContain('<h2>'));
  }, 30_000);

  it('shows the HTML source and flows source edits back; outside values replace the content without echo', async () => {
    const onChange = vi.fn();
    renderApp(<Harness initial="<p>原文</p>" onChange={onChange} next="<p>AI 文字</p>" />);
    const box = await screen.findByRole('textbox', { name: '商品介紹' });
    expect(box).toHaveTextContent('原文');

    fireEvent.click(screen.getByRole('button', { name: '外部更新' }));
    await waitFor(() => expect(box).toHaveTextContent('AI 文字'));
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: /HTML 原始碼/ }));
    const source = await screen.findByRole('textbox', { name: '商品介紹（HTML 原始碼）' });
    expect(source).toHaveValue('<p>AI 文字</p>');
    fireEvent.change(source, { target: { value: '<h3>新標題</h3><p>內容</p>' } });
    expect(onChange).toHaveBeenLastCalledWith('<h3>新標題</h3><p>內容</p>');

    fireEvent.click(screen.getByRole('button', { name: /HTML 原始碼/ }));
    const back = await screen.findByRole('textbox', { name: '商品介紹' });
    expect(back.querySelector('h3')).toHaveTextContent('新標題');
  });

  it('inserts an image by URL and a link from the toolbar dialogs', async () => {
    const onChange = vi.fn();
    renderApp(<Harness initial="<p>保養說明</p>" onChange={onChange} />);
    const box = await screen.findByRole('textbox', { name: '商品介紹' });
    await waitFor(() => expect(box).toHaveTextContent('保養說明'));

    fireEvent.click(screen.getByRole('button', { name: '插入圖片（網址）' }));
    const imageDialog = await screen.findByRole('dialog');
    fireEvent.change(within(imageDialog).getByRole('textbox', { name: '圖片網址' }), { target: { value: '/media/a.webp' } });
    fireEvent.click(within(imageDialog).getByRole('button', { name: /確\s*定/ }));
    await waitFor(() => expect(screen.getByTestId('html').textContent).toContain('<img src="/media/a.webp">'));

    fireEvent.click(screen.getByRole('button', { name: '插入連結' }));
    const linkDialog = await screen.findByRole('dialog', { name: '插入連結' });
    fireEvent.change(within(linkDialog).getByRole('textbox'), { target: { value: 'example.com' } });
    fireEvent.click(within(linkDialog).getByRole('button', { name: /確\s*定/ }));
    await waitFor(() => expect(screen.getByTestId('html').textContent).toContain('href="https://example.com"'));
  }, 30_000);
});
