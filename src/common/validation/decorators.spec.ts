import { plainToInstance } from 'class-transformer';
import { IsOptional, validateSync } from 'class-validator';
import {
  IsBirthday,
  IsChineseName,
  IsCitizenBarcode,
  IsEmailAddress,
  IsFilled,
  IsMobileBarcode,
  IsShopPassword,
  IsTaiwanMobile,
  IsTaxId,
  NormalizeEmail,
  NormalizeMobile,
  Trim,
} from './decorators';

class Sample {
  @NormalizeMobile()
  @IsTaiwanMobile({ message: 'bad phone' })
  @IsFilled({ message: 'phone required' })
  phone: string;

  @IsOptional()
  @IsShopPassword({ message: 'bad password' })
  password?: string;

  @IsOptional()
  @Trim()
  @IsChineseName({ message: 'bad name' })
  name?: string;

  @IsOptional()
  @NormalizeEmail()
  @IsEmailAddress({ message: 'bad email' })
  email?: string;

  @IsOptional()
  @IsBirthday({ message: 'bad birthday' })
  birthday?: string;

  @IsOptional()
  @IsTaxId({ message: 'bad tax id' })
  taxId?: string;

  @IsOptional()
  @IsMobileBarcode({ message: 'bad mobile barcode' })
  mobileBarcode?: string;

  @IsOptional()
  @IsCitizenBarcode({ message: 'bad citizen barcode' })
  citizenBarcode?: string;
}

function messages(plain: object): string[] {
  const errors = validateSync(plainToInstance(Sample, plain), { stopAtFirstError: true });
  return errors.map((e) => Object.values(e.constraints ?? {})[0]);
}

describe('validation decorators', () => {
  it('normalises before validating', () => {
    const s = plainToInstance(Sample, { phone: '+886 912 345 678', email: ' A@Example.com ', name: ' 王小明 ' });
    expect(s).toMatchObject({ phone: '0912345678', email: 'a@example.com', name: '王小明' });
    expect(validateSync(s)).toEqual([]);
  });

  it('checks presence before format (bottom-up order)', () => {
    expect(messages({ phone: '' })).toEqual(['phone required']);
    expect(messages({ phone: '0991234567' })).toEqual(['bad phone']);
  });

  it('answers each rule with its message', () => {
    expect(
      messages({
        phone: '0912345678',
        password: 'abcdef',
        name: 'Amy',
        email: 'nope',
        birthday: '2999-01-01',
        taxId: '12345678',
        mobileBarcode: 'ABC',
        citizenBarcode: '123',
      }),
    ).toEqual(['bad password', 'bad name', 'bad email', 'bad birthday', 'bad tax id', 'bad mobile barcode', 'bad citizen barcode']);
  });

  it('accepts valid values', () => {
    expect(
      messages({
        phone: '0912345678',
        password: 'abc123',
        name: '林小美',
        email: 'a@b.tw',
        birthday: '1990-01-31',
        taxId: '04595257',
        mobileBarcode: '/AB+1234',
        citizenBarcode: 'TP12345678901234',
      }),
    ).toEqual([]);
  });
});
