import { describe, expect, it } from 'vitest';
import type { Address } from '../auth/userTypes';
import {
  addProblem,
  addressErrorAfterEdit,
  addressListProblem,
  addressSummary,
  emptyAddress,
  failureText,
  newEmailProblem,
  newPhoneProblem,
  passwordProblems,
  profileProblems,
  removeProblem,
  socialLogins,
  stillInvalid,
  withCity,
  withDefault,
  withDistrict,
  withRow,
  withType,
} from './accountRules';

const home = (extra: Partial<Address> = {}): Address => ({ ...emptyAddress('home'), city: '臺北市', district: '大安區', zip: '106', street: '復興南路一段 1 號', ...extra });
const store = (type: string, extra: Partial<Address> = {}): Address => ({ ...emptyAddress(type), store_id: '991182', store_name: '大安門市', store_addr: '臺北市大安區', ...extra });

describe('profile rules (spec 2 §5)', () => {
  const full = { email: 'a@b.tw', phone: '0912345678' };
  it('needs a Chinese name', () => {
    expect(profileProblems({ username: ' ', gender: '', birthday: '' }, full)).toEqual({ username: '請輸入姓名！' });
    expect(profileProblems({ username: 'Ming', gender: '', birthday: '' }, full)).toEqual({ username: '會員姓名須為中文！' });
    expect(profileProblems({ username: '王小明1', gender: '', birthday: '' }, full)).toEqual({ username: '會員姓名須為中文！' });
    expect(profileProblems({ username: '王'.repeat(21), gender: '', birthday: '' }, full)).toEqual({ username: '會員姓名最多 20 個字' });
    expect(profileProblems({ username: ' 王小明 ', gender: 'male', birthday: '1990-05-20' }, full)).toEqual({});
  });

  it('asks for the e-mail and phone the profile lacks, and a real birthday', () => {
    expect(profileProblems({ username: '王小明', gender: '', birthday: '1990-02-30' }, { email: null, phone: null })).toEqual({
      birthday: '生日格式不正確（YYYY-MM-DD）',
      email: '請輸入Email！',
      phone: '請輸入手機號碼！',
    });
  });

  it('names the third-party logins', () => {
    expect(socialLogins({ facebook_id: '10…1234', google_id: null, line_user_id: 'U1…' })).toEqual(['Facebook', 'Line']);
    expect(socialLogins({ facebook_id: null, google_id: null, line_user_id: null })).toEqual([]);
  });
});

describe('new e-mail and phone (spec 2 §5)', () => {
  it('checks the e-mail', () => {
    expect(newEmailProblem('  ', 'a@b.tw')).toBe('請輸入新 Email');
    expect(newEmailProblem('not-an-email', 'a@b.tw')).toBe('Email 格式不正確');
    expect(newEmailProblem(' A@B.tw ', 'a@b.tw')).toBe('無法與當前 Email 相同');
    expect(newEmailProblem('new@b.tw', null)).toBeUndefined();
  });

  it('checks the phone', () => {
    expect(newPhoneProblem('', '0912345678')).toBe('請輸入新的手機號碼');
    expect(newPhoneProblem('12345', '0912345678')).toBe('手機號碼格式不正確');
    expect(newPhoneProblem('+886 912 345 678', '0912345678')).toBe('無法與當前手機相同');
    expect(newPhoneProblem('0922333444', '0912345678')).toBeUndefined();
  });
});

describe('change password (spec 1 §5)', () => {
  it('checks each field with its own message', () => {
    expect(passwordProblems({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({ currentPassword: '當前密碼不能為空', newPassword: '密碼不能為空' });
    expect(passwordProblems({ currentPassword: 'abcdef', newPassword: 'ABC123', confirmPassword: 'ABC123' })).toEqual({
      currentPassword: '當前密碼必須至少6位且包含一個小寫字母和一個數字',
      newPassword: '新密碼必須至少6位且包含一個小寫字母和一個數字',
    });
    expect(passwordProblems({ currentPassword: 'abc123', newPassword: 'abc123', confirmPassword: 'abc123' })).toEqual({ newPassword: '當前密碼與新密碼不允許相同。' });
    expect(passwordProblems({ currentPassword: 'abc123', newPassword: 'xyz789', confirmPassword: 'xyz788' })).toEqual({ confirmPassword: '密碼與確認密碼不匹配' });
    expect(passwordProblems({ currentPassword: 'abc123', newPassword: 'xyz789', confirmPassword: 'xyz789' })).toEqual({});
  });
});

describe('address book (spec 2 §4–5)', () => {
  it('changing the type clears the other type’s fields', () => {
    expect(withType(home(), 'seven')).toMatchObject({ shipping_type: 'seven', city: '', district: '', zip: '', street: '', store_name: '' });
    expect(withType(store('seven'), 'home')).toMatchObject({ shipping_type: 'home', store_id: '', store_name: '', store_addr: '' });
    expect(withType(store('seven'), 'family')).toMatchObject({ shipping_type: 'family', store_id: '', store_name: '' });
    const same = home();
    expect(withType(same, 'home')).toBe(same);
  });

  it('a new city clears district and zip; the district fills the zip', () => {
    expect(withCity(home(), '臺東縣')).toMatchObject({ city: '臺東縣', district: '', zip: '' });
    expect(withDistrict(withCity(home(), '臺東縣'), '蘭嶼鄉')).toMatchObject({ district: '蘭嶼鄉', zip: '952' });
    expect(withDistrict(home(), '')).toMatchObject({ district: '', zip: '' });
  });

  it('setting a default clears the default of the same type only', () => {
    const rows = [home({ is_default: 1 }), home(), store('seven', { is_default: 1 })];
    expect(withDefault(rows, 1).map((r) => r.is_default)).toEqual([0, 1, 1]);
    expect(withRow(rows, 3, store('seven', { is_default: 1 })).map((r) => r.is_default)).toEqual([1, 0, 0, 1]);
    expect(withRow(rows, 1, home({ street: '新地址' }))[1].street).toBe('新地址');
  });

  it('keeps between 1 and 10 rows', () => {
    expect(addProblem(Array.from({ length: 9 }, () => home()))).toBeUndefined();
    expect(addProblem(Array.from({ length: 10 }, () => home()))).toBe('最多只能新增 10 筆地址');
    expect(removeProblem([home()])).toBe('至少保留 1 筆地址');
    expect(removeProblem([home(), home()])).toBeUndefined();
  });

  it('checks every row with the server’s rule and row numbers', () => {
    expect(addressListProblem([home(), store('seven')])).toBeUndefined();
    expect(addressListProblem([home(), emptyAddress('')])).toBe('第 2 筆需選寄件類型');
    expect(addressListProblem([home({ street: ' ' })])).toBe('第 1 筆住家資訊不完整 (city/district/street)');
    expect(addressListProblem([home(), home(), store('hilife', { store_name: '' })])).toBe('第 3 筆超商地址 (店名) 不可為空');
    expect(addressListProblem([])).toBe('至少保留 1 筆地址');
  });

  it('sums a row up in one line', () => {
    expect(addressSummary(home())).toBe('106 臺北市大安區復興南路一段 1 號');
    expect(addressSummary(store('seven'))).toBe('大安門市（991182）');
  });
});

describe('failure texts', () => {
  it('prefers the server message, then the refusal default, then the server-error default', () => {
    expect(failureText({ status: 400, data: { success: false, message: '驗證失敗' } }, 'x')).toBe('驗證失敗');
    expect(failureText({ status: 400, data: {} }, '更新失敗，請稍後再試')).toBe('更新失敗，請稍後再試');
    expect(failureText({ status: 'FETCH_ERROR', error: 'TypeError' }, 'x')).toBe('伺服器錯誤，請稍後再試');
    expect(failureText({ status: 502, data: '<html>' }, 'x')).toBe('伺服器錯誤，請稍後再試');
  });
});

describe('errors after an edit', () => {
  it('a shown error stays while its field is invalid (current message) and goes once it is valid; no new ones', () => {
    expect(stillInvalid({ username: '請輸入姓名！' }, { username: '會員姓名須為中文！', birthday: '生日格式不正確（YYYY-MM-DD）' })).toEqual({ username: '會員姓名須為中文！' });
    expect(stillInvalid({ username: '請輸入姓名！', birthday: 'x' }, {})).toEqual({});
    expect(stillInvalid({}, { username: '請輸入姓名！' })).toEqual({});
    // The confirmation's mismatch goes when the new password comes to match it.
    const shown = passwordProblems({ currentPassword: 'abc123', newPassword: 'xyz789', confirmPassword: 'xyz780' });
    expect(stillInvalid(shown, passwordProblems({ currentPassword: 'abc123', newPassword: 'xyz780', confirmPassword: 'xyz780' }))).toEqual({});
  });

  it('the address editor drops a problem the edit fixed and waits for 儲存 for the next one', () => {
    const rows = [home({ id: 1 })];
    const untyped = emptyAddress('');
    const shown = addressListProblem(withRow(rows, 1, untyped))!;
    expect(shown).toBe('第 2 筆需選寄件類型');
    expect(addressErrorAfterEdit(shown, rows, 1, untyped)).toBe(shown);
    // Home chosen: the type error goes; the incomplete home row is not reported yet.
    expect(addressErrorAfterEdit(shown, rows, 1, withType(untyped, 'home'))).toBe('');
    // A server refusal goes with any edit.
    expect(addressErrorAfterEdit('更新失敗，請稍後再試', rows, 1, home())).toBe('');
    expect(addressErrorAfterEdit('', rows, 1, untyped)).toBe('');
  });
});
