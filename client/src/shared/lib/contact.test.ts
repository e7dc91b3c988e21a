import { describe, expect, it } from 'vitest';
import { contactBody, validateContact } from './contact';

const ok = { name: '王小明', email: 'ming@example.com', message: '請問敏感肌適合哪一款？', phone: '' };

describe('contact form rules', () => {
  it('needs name, e-mail and message, with the one message of the spec', () => {
    expect(validateContact({ ...ok, name: '  ' })).toEqual({ field: 'name', message: '請完整填寫姓名、電子郵件與訊息' });
    expect(validateContact({ ...ok, email: '' })).toEqual({ field: 'email', message: '請完整填寫姓名、電子郵件與訊息' });
    expect(validateContact({ ...ok, message: '\n' })).toEqual({ field: 'message', message: '請完整填寫姓名、電子郵件與訊息' });
    expect(validateContact(ok)).toBeNull();
  });

  it('mirrors the server on e-mail format, lengths and the optional phone', () => {
    expect(validateContact({ ...ok, email: 'ming@' })?.message).toBe('Email 格式不正確');
    expect(validateContact({ ...ok, name: '名'.repeat(51) })?.message).toBe('姓名請勿超過 50 字');
    expect(validateContact({ ...ok, message: 'a'.repeat(5001) })?.message).toBe('訊息請勿超過 5000 字');
    expect(validateContact({ ...ok, phone: '0912abc' })?.message).toBe('電話格式不正確');
    expect(validateContact({ ...ok, phone: '1'.repeat(21) })?.message).toBe('電話格式不正確');
    expect(validateContact({ ...ok, phone: '(02) 2708-5168 #12' })).toBeNull();
    expect(validateContact({ ...ok, phone: '+886 912 345 678' })).toBeNull();
  });

  it('sends trimmed values and leaves out an empty phone', () => {
    expect(contactBody({ name: ' 王小明 ', email: ' ming@example.com ', message: ' 你好 ', phone: ' ' })).toEqual({
      name: '王小明', email: 'ming@example.com', message: '你好',
    });
    expect(contactBody({ ...ok, phone: '0912345678' }).phone).toBe('0912345678');
  });
});
