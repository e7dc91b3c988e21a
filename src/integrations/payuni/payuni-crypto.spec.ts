import {
  decryptInfo,
  decryptQuery,
  encryptInfo,
  encryptQuery,
  hashInfo,
  hashMatches,
  httpBuildQuery,
  parseQuery,
  PayuniCryptoError,
  sealEnvelope,
} from './payuni-crypto';

// PROVIDERS.md §7: HashKey / HashIV of the published examples.
const KEY = '12345678901234567890123456789012';
const IV = '1234567890123456';

describe('PAYUNi crypto', () => {
  describe('published vectors (PROVIDERS.md §7)', () => {
    it('PHP page: MerID=AAA&MerTradeNo=BBB gives the published EncryptInfo', () => {
      expect(httpBuildQuery({ MerID: 'AAA', MerTradeNo: 'BBB' })).toBe('MerID=AAA&MerTradeNo=BBB');
      expect(encryptInfo({ MerID: 'AAA', MerTradeNo: 'BBB' }, KEY, IV)).toBe(
        '47396636346f66735853533167396942344f587a3775696b34752b596e70452b3a3a3a4373354a5a5143306b7153467531354c6e6f554a69773d3d',
      );
    });

    it('Node.js page: the UTF-8 product description gives the published HashInfo', () => {
      const fields = { MerID: 'AAA', MerTradeNO: 'BBB', Prod: '商品說明' };
      expect(httpBuildQuery(fields)).toBe('MerID=AAA&MerTradeNO=BBB&Prod=%E5%95%86%E5%93%81%E8%AA%AA%E6%98%8E');
      const enc = encryptInfo(fields, KEY, IV);
      expect(hashInfo(enc, KEY, IV)).toBe('E97180D78C8378D64A188D292938B9D2717034F292B626019B01DF160AEFC0B7');
      expect(sealEnvelope('AAA', '1.0', fields, KEY, IV).HashInfo).toBe('E97180D78C8378D64A188D292938B9D2717034F292B626019B01DF160AEFC0B7');
    });
  });

  describe('http_build_query compatibility', () => {
    it('encodes like PHP: + for space, RFC 1738 reserved characters, booleans, skipped nulls', () => {
      expect(httpBuildQuery({ a: 'x y', b: "~!*'()", c: true, d: false, e: null, f: undefined, g: 15 })).toBe(
        'a=x+y&b=%7E%21%2A%27%28%29&c=1&d=0&g=15',
      );
    });

    it('nests arrays and records as a[0][b] with encoded brackets', () => {
      const q = httpBuildQuery({ Result: [{ TradeNo: 'T1', Amt: 100 }, { TradeNo: 'T2' }], Map: { k: 'v' } });
      expect(q).toBe('Result%5B0%5D%5BTradeNo%5D=T1&Result%5B0%5D%5BAmt%5D=100&Result%5B1%5D%5BTradeNo%5D=T2&Map%5Bk%5D=v');
      expect(parseQuery(q)).toEqual({ Result: { '0': { TradeNo: 'T1', Amt: '100' }, '1': { TradeNo: 'T2' } }, Map: { k: 'v' } });
    });

    it('parses PHP-style queries: unencoded brackets, a[] appends, empty values, + as space', () => {
      expect(parseQuery('a[]=1&a[]=2&b[x][y]=z&c=&d&e=%E5%95%86+%2B')).toEqual({
        a: { '0': '1', '1': '2' },
        b: { x: { y: 'z' } },
        c: '',
        d: '',
        e: '商 +',
      });
      expect(Object.keys(parseQuery('__proto__[x]=1'))).not.toContain('x');
    });
  });

  describe('round trips', () => {
    it('encrypts and decrypts nested and unicode fields', () => {
      const inner = {
        MerID: 'S01',
        Timestamp: 1700000000,
        ProdDesc: '玫瑰精華液 30ml & 面膜 ×2 (限量)',
        Result: [{ TradeNo: '1700000000123', Note: 'a=b&c d' }],
        Emoji: '🌹',
      };
      const enc = encryptInfo(inner, KEY, IV);
      expect(enc).toMatch(/^[0-9a-f]+$/);
      expect(decryptInfo(enc, KEY, IV)).toEqual({
        MerID: 'S01',
        Timestamp: '1700000000',
        ProdDesc: '玫瑰精華液 30ml & 面膜 ×2 (限量)',
        Result: { '0': { TradeNo: '1700000000123', Note: 'a=b&c d' } },
        Emoji: '🌹',
      });
      expect(decryptQuery(encryptQuery('x=1', KEY, IV), KEY, IV)).toBe('x=1');
    });

    it('refuses a wrong key, a flipped byte, non-hex and missing separators', () => {
      const enc = encryptInfo({ MerID: 'S01' }, KEY, IV);
      expect(() => decryptInfo(enc, 'x'.repeat(32), IV)).toThrow(PayuniCryptoError);
      const text = Buffer.from(enc, 'hex').toString('utf8');
      const flipped = Buffer.from((text[0] === 'A' ? 'B' : 'A') + text.slice(1), 'utf8').toString('hex');
      expect(() => decryptInfo(flipped, KEY, IV)).toThrow(PayuniCryptoError);
      expect(() => decryptInfo('zz', KEY, IV)).toThrow(PayuniCryptoError);
      expect(() => decryptInfo(Buffer.from('abc').toString('hex'), KEY, IV)).toThrow(/separator/);
    });

    it('validates key and IV lengths', () => {
      expect(() => encryptInfo({ a: '1' }, 'short', IV)).toThrow(/HashKey must be 32 bytes/);
      expect(() => encryptInfo({ a: '1' }, KEY, 'short')).toThrow(/HashIV must be 16 bytes/);
    });

    it('compares hashes in constant time, case-insensitively', () => {
      const h = hashInfo('abc', KEY, IV);
      expect(hashMatches(h, h)).toBe(true);
      expect(hashMatches(h.toLowerCase(), h)).toBe(true);
      expect(hashMatches(h.slice(1), h)).toBe(false);
      expect(hashMatches(undefined, h)).toBe(false);
      expect(hashMatches(h.replace(/.$/, h.endsWith('0') ? '1' : '0'), h)).toBe(false);
    });
  });
});
