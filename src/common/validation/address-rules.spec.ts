import { cleanAddresses } from './address-rules';

const home = (extra: object = {}) => ({ shipping_type: 'home', city: '臺北市', district: '大安區', street: '復興南路一段 1 號', ...extra });
const seven = (extra: object = {}) => ({ shipping_type: 'seven', store_id: '123456', store_name: '大安門市', store_addr: '臺北市大安區', ...extra });

describe('address book rules (spec 2 §5)', () => {
  it('needs 1 to 10 rows', () => {
    expect(cleanAddresses([])).toEqual({ ok: false, message: '至少保留 1 筆地址' });
    expect(cleanAddresses(Array.from({ length: 11 }, () => home()))).toEqual({ ok: false, message: '最多只能新增 10 筆地址' });
    expect(cleanAddresses(Array.from({ length: 10 }, () => home())).ok).toBe(true);
  });

  it('answers the spec row messages with N from 1', () => {
    expect(cleanAddresses([home(), { shipping_type: '' }])).toEqual({ ok: false, message: '第 2 筆需選寄件類型' });
    expect(cleanAddresses([home(), home(), { shipping_type: 'pigeon' }])).toEqual({ ok: false, message: '第 3 筆需選寄件類型' });
    expect(cleanAddresses([home({ street: ' ' })])).toEqual({ ok: false, message: '第 1 筆住家資訊不完整 (city/district/street)' });
    expect(cleanAddresses([home({ district: '' })])).toEqual({ ok: false, message: '第 1 筆住家資訊不完整 (city/district/street)' });
    expect(cleanAddresses([seven(), seven({ store_name: '' })])).toEqual({ ok: false, message: '第 2 筆超商地址 (店名) 不可為空' });
    expect(cleanAddresses([home({ district: '板橋區' })])).toEqual({ ok: false, message: '第 1 筆縣市或鄉鎮市區不正確' });
  });

  it('fills the zip from the table, in the official spelling, and clears the other type fields', () => {
    const r = cleanAddresses([home({ city: '台北市', zip: '999', store_name: 'x' }), { ...seven(), city: '臺北市', street: 'x' }]);
    if (!r.ok) throw new Error(r.message);
    expect(r.rows[0]).toMatchObject({ city: '臺北市', district: '大安區', zip: '106', store_name: '', store_id: '' });
    expect(r.rows[1]).toMatchObject({ city: '', street: '', zip: '', store_name: '大安門市' });
  });

  it('keeps exactly one default per shipping type', () => {
    const r = cleanAddresses([home(), home({ is_default: 1 }), home({ is_default: true }), seven(), { ...seven(), shipping_type: 'family' }]);
    if (!r.ok) throw new Error(r.message);
    expect(r.rows.map((x) => x.is_default)).toEqual([0, 1, 0, 1, 1]);
  });
});
