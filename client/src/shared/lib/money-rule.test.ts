import { describe, expect, it } from 'vitest';
import { MONEY_FIELDS, MONEY_MSG, moneyRule, parseMoney, type MoneyField } from '@rules/money';
import { settingProblem } from '@rules/settings-rules';

const check = (value: unknown, field: MoneyField = MONEY_FIELDS.shippingCost) =>
  moneyRule(field)
    .validator({}, value)
    .then(
      () => 'ok',
      (e: Error) => e.message,
    );

/** The back office's NT$ fields use the server's rule (src/common/validation/money.ts) as an antd Form.Item rule. */
describe('moneyRule (issue 19 §6: checked, not coerced)', () => {
  it('refuses "-5", "abc", 1.5 and an empty field with the field named; never turns them into 0', async () => {
    expect(await check('-5')).toBe(MONEY_MSG.notWhole(MONEY_FIELDS.shippingCost));
    expect(MONEY_MSG.notWhole(MONEY_FIELDS.shippingCost)).toBe('運費須為 0 以上的整數金額（NT$），不可為負數、小數或文字');
    expect(await check('abc', MONEY_FIELDS.freeShippingThreshold)).toBe('免運門檻須為 0 以上的整數金額（NT$），不可為負數、小數或文字');
    expect(await check(1.5)).toBe(MONEY_MSG.notWhole(MONEY_FIELDS.shippingCost));
    expect(await check('1.5')).toBe(MONEY_MSG.notWhole(MONEY_FIELDS.shippingCost));
    expect(await check('1e3')).toBe(MONEY_MSG.notWhole(MONEY_FIELDS.shippingCost));
    expect(await check('')).toBe('請輸入運費');
    expect(await check(undefined)).toBe('請輸入運費');
    expect(await check('1000001')).toBe('運費不可超過 NT$ 1,000,000');
    expect(await check('0', MONEY_FIELDS.originalPrice)).toBe('原價須為 1 以上的整數金額（NT$），不可為負數、小數或文字');
    expect(parseMoney('-5')).toBeNull();
    expect(parseMoney('abc')).toBeNull();
  });

  it('accepts whole amounts, commas between digits and spaces around', async () => {
    expect(await check('0')).toBe('ok');
    expect(await check(60)).toBe('ok');
    expect(await check(' 1,200 ')).toBe('ok');
    expect(parseMoney(' 1,200 ')).toBe(1200);
    expect(parseMoney(',5')).toBeNull();
  });

  it('the settings screen checks values by kind with the server rule', () => {
    expect(settingProblem('SOCIAL_LINE_URL', 'javascript:alert(1)')).toMatch(/https:\/\//);
    expect(settingProblem('SOCIAL_LINE_URL', 'https://line.me/R/ti/p/@skinshop')).toBeNull();
    expect(settingProblem('COMPANY_EMAIL', '<b>x</b>@a.tw')).toBe('Email 格式不正確');
  });
});
