import {
  isChineseName,
  isCitizenBarcode,
  isEmailAddress,
  isIsoDate,
  isMobileBarcodeCarrier,
  isTaiwanMobile,
  isTaxId,
  isValidBirthday,
  isValidPassword,
  normalizeEmail,
  normalizeTaiwanMobile,
  taipeiToday,
} from './taiwan';

describe('Taiwan mobile numbers', () => {
  it.each([
    ['0912345678', '0912345678'],
    ['+886912345678', '0912345678'],
    ['+886 912 345 678', '0912345678'],
    ['+886-912-345-678', '0912345678'],
    ['886912345678', '0912345678'],
    ['+8860912345678', '0912345678'],
    ['00886912345678', '0912345678'],
    ['0912-345-678', '0912345678'],
    [' 0912 345 678 ', '0912345678'],
  ])('normalises %p to %p', (input, expected) => {
    expect(normalizeTaiwanMobile(input)).toBe(expected);
    expect(isTaiwanMobile(input)).toBe(true);
  });

  it.each(['0991234567', '091234567', '09123456789', '0212345678', '+1 4155550100', '+886 212345678', 'abc', '', '０９１２３４５６７８'])(
    'refuses %p',
    (input) => expect(isTaiwanMobile(input)).toBe(false),
  );

  it('accepts every 090–098 prefix and refuses 099', () => {
    for (let d = 0; d <= 8; d++) expect(isTaiwanMobile(`09${d}1234567`)).toBe(true);
    expect(isTaiwanMobile('0991234567')).toBe(false);
  });

  it('refuses non-strings', () => {
    expect(isTaiwanMobile(912345678)).toBe(false);
    expect(isTaiwanMobile(null)).toBe(false);
  });
});

describe('password rule (spec 1 §5)', () => {
  it.each(['abc123', 'a1b2c3d4', 'PASSword1', 'a1!@#$', '密碼abc1'])('accepts %p', (p) => expect(isValidPassword(p)).toBe(true));
  it.each(['ab12', 'abcdef', '123456', 'ABC123', 'ABCDEF1', '', undefined])('refuses %p', (p) => expect(isValidPassword(p)).toBe(false));
});

describe('Chinese name (spec 2 §5)', () => {
  it.each(['王小明', '林', '歐陽娜娜', '法拉·巴奈', '𠀋𠀋'])('accepts %p', (n) => expect(isChineseName(n)).toBe(true));
  it.each(['Amy', '王 小明', '王小明1', '王a', '·王', '王·', '', 'ㄅㄆㄇ'])('refuses %p', (n) => expect(isChineseName(n)).toBe(false));
});

describe('e-mail', () => {
  it.each(['a@example.com', 'first.last+tag@sub.example.com.tw', "o'neil@x.io"])('accepts %p', (e) => expect(isEmailAddress(e)).toBe(true));
  it.each(['a@b', 'a@@b.com', 'a b@c.com', '@x.com', 'x@.com', 'x@-a.com', `${'a'.repeat(250)}@x.com`])('refuses %p', (e) =>
    expect(isEmailAddress(e)).toBe(false),
  );
  it('normalises case and spaces', () => expect(normalizeEmail('  Mixed@Example.COM ')).toBe('mixed@example.com'));
});

describe('dates', () => {
  it('knows real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2023-13-01')).toBe(false);
    expect(isIsoDate('2023-1-01')).toBe(false);
    expect(isIsoDate('20230101')).toBe(false);
  });

  it('counts today in Taipei (UTC+8)', () => {
    expect(taipeiToday(new Date('2024-05-01T15:59:59Z'))).toBe('2024-05-01');
    expect(taipeiToday(new Date('2024-05-01T16:00:00Z'))).toBe('2024-05-02');
  });

  it('refuses birthdays in the future (Taipei date) and before 1900', () => {
    const now = new Date('2024-05-01T16:30:00Z'); // 2024-05-02 00:30 in Taipei
    expect(isValidBirthday('2024-05-02', now)).toBe(true);
    expect(isValidBirthday('2024-05-03', now)).toBe(false);
    expect(isValidBirthday('1899-12-31', now)).toBe(false);
    expect(isValidBirthday('1990-06-15', now)).toBe(true);
  });
});

describe('company tax id (2023 rule: divisible by 5)', () => {
  it.each(['04595257', '10458575', '53212539', '12345676'])('accepts %p', (id) => expect(isTaxId(id)).toBe(true));
  it('accepts the 7th-digit-7 case when sum + 1 is divisible by 5', () => {
    // Weighted digit sums of 00004070: 4 + (7×4 = 28 → 2+8 = 10) = 14; 14 + 1 = 15 passes.
    expect(isTaxId('00004070')).toBe(true);
    // The same sum without a 7 in 7th place does not pass.
    expect(isTaxId('00004000')).toBe(false);
  });
  it.each(['04595258', '1234567', '123456789', 'abcdefgh', ''])('refuses %p', (id) => expect(isTaxId(id)).toBe(false));
  it('accepts ids issued since 2023 that the old divisible-by-10 rule refused', () => {
    // Weighted digit sum 5: divisible by 5, not by 10.
    expect(isTaxId('00000005')).toBe(true);
  });
});

describe('e-invoice carriers', () => {
  it.each(['/ABC1234', '/A.B+C-1', '/0000000'])('mobile barcode %p', (b) => expect(isMobileBarcodeCarrier(b)).toBe(true));
  it.each(['ABC12345', '/abc1234', '/ABC123', '/ABC12345', '/ABC 123'])('not a mobile barcode %p', (b) =>
    expect(isMobileBarcodeCarrier(b)).toBe(false),
  );
  it.each(['AB12345678901234', 'ZZ00000000000000'])('citizen barcode %p', (b) => expect(isCitizenBarcode(b)).toBe(true));
  it.each(['ab12345678901234', 'A123456789012345', 'AB1234567890123', 'AB123456789012345'])('not a citizen barcode %p', (b) =>
    expect(isCitizenBarcode(b)).toBe(false),
  );
});
