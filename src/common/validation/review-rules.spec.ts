import { charCount, heldReasons, maskName, REVIEW_MSG, reviewInputProblem } from './review-rules';

describe('review rules (spec 4 §4, §5)', () => {
  const text = '質地清爽好吸收，用了兩週膚況穩定';

  it('checks stars, then the text, then the photos, with the spec messages', () => {
    for (const rating of [0, 6, 3.5, '5', null, undefined]) expect(reviewInputProblem({ rating, content: text })).toBe(REVIEW_MSG.rating);
    expect(reviewInputProblem({ rating: 5, content: '  太好用了  ' })).toBe(REVIEW_MSG.contentShort);
    expect(reviewInputProblem({ rating: 5, content: 42 })).toBe(REVIEW_MSG.contentShort);
    expect(reviewInputProblem({ rating: 5, content: '好'.repeat(1001) })).toBe(REVIEW_MSG.contentLong);
    expect(reviewInputProblem({ rating: 5, content: '好'.repeat(1000) })).toBeNull();
    expect(reviewInputProblem({ rating: 1, content: text, photos: ['a', 'b', 'c', 'd', 'e', 'f'] })).toBe(REVIEW_MSG.photos);
    expect(reviewInputProblem({ rating: 1, content: text, photos: 'a' })).toBe(REVIEW_MSG.photoInvalid);
    expect(reviewInputProblem({ rating: 1, content: text, photos: ['a', 'b', 'c', 'd', 'e'] })).toBeNull();
  });

  it('counts characters as people do (an emoji is one)', () => {
    expect(charCount('😀😀😀😀😀😀😀😀😀😀')).toBe(10);
    expect(reviewInputProblem({ rating: 4, content: '😀😀😀😀😀😀😀😀😀' })).toBe(REVIEW_MSG.contentShort);
  });

  it.each([
    ['https://example.com/x', ['含連結']],
    ['加我 line.me/ti/p/abc', ['含連結']],
    ['去 www.shop 看看吧，很便宜的', ['含連結']],
    ['官網 abc-beauty.com.tw 比較便宜', ['含連結']],
    ['有問題打 0912-345-678 問我', ['含電話號碼']],
    ['手機 0912 345 678 歡迎來電', ['含電話號碼']],
    ['+886 912 345 678 找我', ['含電話號碼']],
    ['門市電話 (02)2345-6789 很方便', ['含電話號碼']],
    ['台中 04-2234-5678 可以問', ['含電話號碼']],
    ['免付費 0800-123-456 問', ['含電話號碼']],
    ['全形 ０９１２３４５６７８ 也算', ['含電話號碼']],
    ['寫信 me@example.com 給我', ['含電子郵件']],
    ['寫信 ｍｅ＠ｅｘａｍｐｌｅ．ｃｏｍ 給我', ['含電子郵件']],
    ['網站 https://a.tw 電話 0912345678 信箱 a@b.co', ['含連結', '含電話號碼', '含電子郵件']],
  ])('holds %s', (content, reasons) => {
    expect(heldReasons(content)).toEqual(reasons);
  });

  it.each([
    '用了 3 週，2024.05.01 開始擦，50ml 大概用兩個月',
    '價格 NT$ 1,280 值得，第 2 瓶了',
    '訂單 20261128123456 很快就到了',
    'SPF50+ PA++++ 的防曬不黏膩',
    '維他命C.精華液很好用',
  ])('publishes %s', (content) => {
    expect(heldReasons(content)).toEqual([]);
  });

  it('masks names: first character and **; none → 會員**', () => {
    expect(maskName('王小明')).toBe('王**');
    expect(maskName(' 歐陽娜娜 ')).toBe('歐**');
    expect(maskName('Amy')).toBe('A**');
    expect(maskName('𠮷野家')).toBe('𠮷**');
    expect(maskName('')).toBe('會員**');
    expect(maskName(null)).toBe('會員**');
  });
});
