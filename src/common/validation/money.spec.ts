import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { IsMoney, ToMoney } from './decorators';
import { MONEY_FIELDS, MONEY_MSG, moneyProblem, parseMoney } from './money';

class Body {
  @ToMoney()
  @IsMoney(MONEY_FIELDS.shippingCost)
  fee!: number;
}
const check = (fee: unknown) => {
  const body = plainToInstance(Body, { fee });
  const errors = validateSync(body);
  return errors.length ? Object.values(errors[0].constraints ?? {})[0] : body.fee;
};

describe('NT$ amounts (issue 19 §6: checked, not coerced)', () => {
  it('parses whole amounts with thousands commas; anything else is null, never 0', () => {
    expect(parseMoney(0)).toBe(0);
    expect(parseMoney('1,200')).toBe(1200);
    expect(parseMoney(' 80 ')).toBe(80);
    expect(parseMoney('1,20')).toBe(120); // commas ignored, as since issue 12
    for (const bad of ['-5', 'abc', '1.5', 1.5, -1, '1e3', '0x10', '', ' ', ',5', '5,', '1,,2', '1, 2', NaN, Infinity, null, undefined, true, [], {}]) expect(parseMoney(bad)).toBeNull();
  });

  it('names the field in its problem', () => {
    expect(moneyProblem('-5', MONEY_FIELDS.shippingCost)).toBe('運費須為 0 以上的整數金額（NT$），不可為負數、小數或文字');
    expect(moneyProblem('', MONEY_FIELDS.freeShippingThreshold)).toBe('請輸入免運門檻');
    expect(moneyProblem(100_000_001, MONEY_FIELDS.freeShippingThreshold)).toBe('免運門檻不可超過 NT$ 100,000,000');
    expect(moneyProblem(0, MONEY_FIELDS.originalPrice)).toBe(MONEY_MSG.notWhole(MONEY_FIELDS.originalPrice));
    expect(moneyProblem('1,000', MONEY_FIELDS.freeShippingThreshold)).toBeNull();
  });

  it('IsMoney / ToMoney on a DTO: the number when accepted, the field message when not', () => {
    expect(check('1,000')).toBe(1000);
    expect(check(60)).toBe(60);
    expect(check('-5')).toBe(MONEY_MSG.notWhole(MONEY_FIELDS.shippingCost));
    expect(check('abc')).toBe(MONEY_MSG.notWhole(MONEY_FIELDS.shippingCost));
    expect(check(1.5)).toBe(MONEY_MSG.notWhole(MONEY_FIELDS.shippingCost));
    expect(check(null)).toBe(MONEY_MSG.required(MONEY_FIELDS.shippingCost));
  });
});
