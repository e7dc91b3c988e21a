import { AppError } from '../../common/errors/app-error';
import { CSV_LIMITS, CSV_MSG } from '../../common/validation/admin-catalog-csv';
import { COSMETICS_COLUMNS, CSV_COLUMNS, decodeCsv, readCsv } from './admin-catalog-csv.reader';

const HEADER = Object.keys(CSV_COLUMNS).join(',');
const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e.message;
    throw e;
  }
  throw new Error('not refused');
};

describe('product CSV reading', () => {
  it('reads UTF-8 with a BOM, trims cells, skips blank rows, numbers lines from the header (1)', () => {
    const text = `\uFEFF${HEADER}\r\n12, 保濕精華 ,臉部保養,瓶,"第一行\n第二行",https://x.tw/a.webp,/media/a.webp|/media/b.webp,,1,0,0,0,7,30ml,5,"1,200",990\r\n,,,,,,,,,,,,,,,,\r\n12,,,,,,,,,,,,8,50ml,0,1800,1500\r\n`;
    const rows = readCsv(Buffer.from(text, 'utf8'));
    expect(rows).toHaveLength(2);
    expect(rows[0].line).toBe(2);
    expect(rows[0].v).toMatchObject({ product_id: '12', title: '保濕精華', description: '第一行\n第二行', original_price: '1,200', variant_id: '7' });
    // the quoted cell spans lines 2–3, the blank row is line 4
    expect(rows[1].line).toBe(5);
    expect(rows[1].v).toMatchObject({ product_id: '12', title: '', variant_name: '50ml' });
  });

  it('accepts the zh-TW labels as headers, leaves optional columns out, ignores unknown columns', () => {
    const required = (Object.keys(CSV_COLUMNS) as Array<keyof typeof CSV_COLUMNS>).filter(
      (c) => !['is_active', 'is_new', 'is_hot', 'is_manager', ...COSMETICS_COLUMNS].includes(c),
    );
    const head = [...required.map((c) => CSV_COLUMNS[c]), '備註'].join(',');
    const rows = readCsv(Buffer.from(`${head}\n,新品,臉部保養,瓶,描述,https://x.tw/a.webp,https://x.tw/a.webp,,,30ml,1,100,90,隨便寫\n`));
    expect(rows[0].v).toMatchObject({ title: '新品', is_active: '', variant_name: '30ml', discount_price: '90' });
  });

  it('removes the spreadsheet formula guard it adds on export', () => {
    const rows = readCsv(Buffer.from(`${HEADER}\n,'=SUM(A1),c,u,d,https://x.tw/a,https://x.tw/a,,,,,,,'-1ml,1,100,90\n`));
    expect(rows[0].v.title).toBe('=SUM(A1)');
    expect(rows[0].v.variant_name).toBe('-1ml');
  });

  it('decodes Big5 (Excel zh-TW "CSV" save) when the bytes are not UTF-8', () => {
    const big5 = Buffer.from([0xa4, 0xa4, 0xa4, 0xe5]); // 中文
    expect(decodeCsv(big5)).toBe('中文');
    expect(decodeCsv(Buffer.from('\uFEFF中文', 'utf8'))).toBe('中文');
  });

  it('refuses what cannot be imported with a zh-TW message', () => {
    expect(refusal(() => readCsv(Buffer.alloc(CSV_LIMITS.bytes + 1, 0x41)))).toBe(CSV_MSG.tooLarge);
    expect(refusal(() => readCsv(Buffer.from('')))).toBe(CSV_MSG.empty);
    expect(refusal(() => readCsv(Buffer.from(`${HEADER}\n`)))).toBe(CSV_MSG.empty);
    expect(refusal(() => readCsv(Buffer.from('product_id,title\n1,x\n')))).toBe(
      CSV_MSG.missingColumns(['category', 'unit', 'description', 'image_url', 'media_urls', 'seo_description', 'variant_id', 'variant_name', 'quantity', 'original_price', 'discount_price']),
    );
    expect(refusal(() => readCsv(Buffer.from(`${HEADER},title\n`)))).toBe(CSV_MSG.duplicateColumn('title'));
    expect(refusal(() => readCsv(Buffer.from(`${HEADER}\n1,"unclosed\n`)))).toBe(CSV_MSG.unreadable(2));
    const many = `${HEADER}\n${'1,a,,,,,,,,,,,,,,,,,\n'.repeat(CSV_LIMITS.rows + 1)}`;
    expect(refusal(() => readCsv(Buffer.from(many)))).toBe(CSV_MSG.tooManyRows);
    expect(CSV_MSG.tooManyRows).toBe('資料列過多，上限為 2,000 列');
    const atCap = `${HEADER}\n${'1,a,,,,,,,,,,,,,,,,,\n'.repeat(CSV_LIMITS.rows)}`;
    expect(readCsv(Buffer.from(atCap))).toHaveLength(CSV_LIMITS.rows);
  });

  it('stops parsing at the first record past a bound (issue 19 §8): what follows is never read', () => {
    // A broken quote after the cap would be "無法讀取" if the whole file were parsed.
    const broken = '"never closed\n';
    const rows = `${HEADER}\n${'1\n'.repeat(CSV_LIMITS.rows + 1)}${broken}`;
    expect(refusal(() => readCsv(Buffer.from(rows)))).toBe(CSV_MSG.tooManyRows);
    // Rows whose every cell is empty do not count as data rows, but the parse still stops after CSV_LIMITS.records records.
    const blanks = `${HEADER}\n${',\n'.repeat(CSV_LIMITS.records)}${broken}`;
    expect(refusal(() => readCsv(Buffer.from(blanks)))).toBe(CSV_MSG.tooManyRows);
    const wide = `${HEADER}\n${','.repeat(CSV_LIMITS.columns)}x\n${broken}`;
    expect(refusal(() => readCsv(Buffer.from(wide)))).toBe(CSV_MSG.tooManyColumns);
    const long = `${HEADER}\n1,"${'長'.repeat(CSV_LIMITS.recordChars + 1)}"\n`;
    expect(refusal(() => readCsv(Buffer.from(long)))).toBe(CSV_MSG.recordTooLong(2));
    // The attack's file: 1,000,000 short rows in under 2 MB (refused at row 2,001; the API test checks the server).
    const million = Buffer.from(`${HEADER}\n${'1\n'.repeat(1_000_000)}${broken}`);
    expect(million.length).toBeLessThanOrEqual(CSV_LIMITS.bytes);
    expect(refusal(() => readCsv(million))).toBe(CSV_MSG.tooManyRows);
  });
});
