import { describe, expect, it } from 'vitest';
import { MSG } from '@rules/messages';
import { isTaiwanMobile, isValidPassword } from '@rules/taiwan';
import { districtsOf, TW_CITIES } from '@rules/tw-zipcodes';

/** The client uses the server's rule files (src/common/validation) through the @rules alias. */
describe('shared validation rules', () => {
  it('are the server rules', () => {
    expect(isTaiwanMobile('0912345678')).toBe(true);
    expect(isTaiwanMobile('0992345678')).toBe(false);
    expect(isValidPassword('abc123')).toBe(true);
    expect(isValidPassword('ABC123')).toBe(false);
    expect(MSG.phoneRequired).toBe('請輸入手機號碼！');
    expect(TW_CITIES).toContain('臺北市');
    expect(districtsOf('連江縣').map((d) => d.zip)).toContain('209');
  });
});
