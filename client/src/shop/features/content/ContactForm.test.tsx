import { fireEvent, screen, waitFor, waitForElementToBeRemoved } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../test/render';
import { ContactForm } from './ContactForm';

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<'姓名' | '電子郵件' | '訊息' | '聯絡電話（選填）', string>>) {
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label, { exact: false }), value);
}

describe('ContactForm', () => {
  it('says what is missing before sending anything', async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderApp(<ContactForm />);
    await fill(user, { 姓名: '王小明' });
    await user.click(screen.getByRole('button', { name: '送出訊息' }));
    expect(screen.getByRole('alert')).toHaveTextContent('請完整填寫姓名、電子郵件與訊息');
    expect(screen.getByLabelText('電子郵件', { exact: false })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('電子郵件', { exact: false })).toHaveFocus();
    expect(screen.getByLabelText('姓名', { exact: false })).not.toHaveAttribute('aria-invalid');
    expect(calls).toHaveLength(0);
  });

  it('sends the message, disables the button meanwhile and shows the notice for 2 seconds', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const { calls, fetchMock } = mockApi({ 'POST /api/email/contactSend': () => ({ json: { success: true, message: '訊息已送出' } }) });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...args) => {
      await gate;
      return answer(...args);
    });
    const user = userEvent.setup();
    renderApp(<ContactForm />);
    await fill(user, { 姓名: ' 王小明 ', 電子郵件: 'ming@example.com', 訊息: '請問敏感肌適合哪一款？' });
    await user.click(screen.getByRole('button', { name: '送出訊息' }));
    const busy = screen.getByRole('button', { name: '送出中…' });
    expect(busy).toBeDisabled();
    fireEvent.submit(busy.closest('form')!);
    release();

    const notice = await screen.findByTestId('contact-success');
    const shownAt = Date.now();
    expect(notice).toHaveTextContent('訊息已送出');
    expect(notice).toHaveTextContent('我們將盡快回覆您的訊息，謝謝！');
    const sent = calls.filter((c) => c.path === '/api/email/contactSend');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ name: '王小明', email: 'ming@example.com', message: '請問敏感肌適合哪一款？' });
    expect(screen.getByLabelText('訊息', { exact: false })).toHaveValue('');
    await waitForElementToBeRemoved(() => screen.queryByTestId('contact-success'), { timeout: 4000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1800);
  });

  it('shows the server message, or the generic one, when sending fails', async () => {
    let status = 429;
    mockApi({
      'POST /api/email/contactSend': () =>
        status === 429 ? { status, json: { success: false, message: '送出次數過多，請稍後再試' } } : { status, json: {} },
    });
    const user = userEvent.setup();
    renderApp(<ContactForm />);
    await fill(user, { 姓名: '王小明', 電子郵件: 'ming@example.com', 訊息: '你好', '聯絡電話（選填）': '0912345678' });
    await user.click(screen.getByRole('button', { name: '送出訊息' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('送出次數過多，請稍後再試');
    expect(screen.getByLabelText('訊息', { exact: false })).toHaveValue('你好');

    status = 502;
    await user.click(screen.getByRole('button', { name: '送出訊息' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('寄信失敗，請稍後再試。'));
  });
});
