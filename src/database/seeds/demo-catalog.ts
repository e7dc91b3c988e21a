/**
 * Turns the demo catalogue data into table rows (product types, products, variants,
 * media) and the SVG files the media rows point at.
 */
import { escapeXml, DEMO_MEDIA_URL, productSvg } from './demo-images';
import { DEMO_PRODUCT_TYPES, DEMO_PRODUCTS, DemoProduct, DemoProductType } from './demo-products';

export interface CatalogRows {
  types: Record<string, unknown>[];
  products: Record<string, unknown>[];
  variants: Record<string, unknown>[];
  media: Record<string, unknown>[];
}

const N = DEMO_PRODUCTS.length;
/** A prime above the product count: i ↦ (i·a + b) mod P is a permutation, so every metric is distinct. */
const P = 53;
const spread = (i: number, a: number, b: number) => (i * a + b) % P;

const day = 24 * 60 * 60 * 1000;
/** Fixed reference instant so seeded data is identical on every run. */
const EPOCH = Date.UTC(2025, 0, 15, 2, 0, 0);

function detailHtml(p: DemoProduct, type: DemoProductType): string {
  const usage = type.usage.map((s) => `<li>${escapeXml(s)}</li>`).join('');
  const ing = p.ing
    .split('、')
    .map((s) => `<li><strong>${escapeXml(s)}</strong></li>`)
    .join('');
  return [
    `<h2>${escapeXml(p.title)}</h2>`,
    `<p>${escapeXml(p.description)}。肌研舍研發團隊與皮膚科醫師共同調配，以溫和有效為原則，讓每一天的保養都成為對肌膚的溫柔照顧。</p>`,
    `<h3>核心成分</h3><ul>${ing}</ul>`,
    `<h3>使用方法</h3><ol>${usage}</ol>`,
    `<h3>適用對象</h3><p>${escapeXml(p.skin)}。</p>`,
    `<p><em>通過人體皮膚貼布測試，不含酒精、人工色素與塑化劑。實際效果因個人膚質而異。</em></p>`,
  ].join('\n');
}

function specHtml(p: DemoProduct, type: DemoProductType, index: number): string {
  const rows: [string, string][] = [
    ['品名', p.title],
    ['類別', type.type_name],
    ['規格', p.variants.map((v) => v[0]).join(' / ')],
    ['主要成分', p.ing],
    ['適用膚質', p.skin],
    ['保存期限', '未開封 3 年，開封後 12 個月'],
    ['保存方式', '請置於陰涼乾燥處，避免陽光直射'],
    ['產地', '台灣'],
    ['化粧品產品登錄編號', registrationNo(index)],
    ['製造商', '肌研舍股份有限公司（委託 GMP 認證廠製造）'],
  ];
  const body = rows.map(([k, v]) => `<tr><th>${escapeXml(k)}</th><td>${escapeXml(v)}</td></tr>`).join('');
  return `<h3>商品規格</h3>\n<table>\n<tbody>${body}</tbody>\n</table>\n<p>注意事項：使用時如有紅腫、刺癢等不適，請立即停用並諮詢專業醫師。</p>`;
}

const img = (name: string) => `${DEMO_MEDIA_URL}/${name}`;

/**
 * A demo 化粧品產品登錄編號 (TFDA's 化粧品產品登錄平台 numbers each registered product): the ROC year
 * of registration and a serial, digits only, which REGISTRATION_NO (@rules/cosmetics-rules) accepts.
 * Made up for the demo; a real shop enters the number the platform issued.
 */
function registrationNo(index: number): string {
  return `1130${String(100000 + index * 7919).slice(-6)}`;
}

/** 製造或輸入業者名稱及地址 of the demo products. */
const DEMO_MAKER = '肌研舍股份有限公司　106 臺北市大安區敦化南路二段 76 號 8 樓（委託 GMP 認證化粧品工廠製造）';

/**
 * The cosmetics law's label fields (化粧品衛生安全管理法 §7; issue 22 §5) of a demo product: 全成分
 * in descending order as printed on the box (water first, preservatives last), 容量 from the
 * variants, 使用方法 from its type, 注意事項, 保存期限, 產地, 製造業者.
 */
function cosmeticsFields(p: DemoProduct, type: DemoProductType, index: number): Record<string, string> {
  const actives = p.ing.split('、').map((x) => x.replace(/\s*\d+(\.\d+)?%$/, '').trim());
  const base = type.id === 6 ? ['水', '環狀聚二甲基矽氧烷', ...actives, '丁二醇', '甘油'] : ['水', ...actives, '丁二醇', '甘油', '1,2-己二醇'];
  return {
    registration_no: registrationNo(index),
    ingredients: [...new Set([...base, '尿囊素', '乙基己基甘油', '苯氧乙醇'])].join('、'),
    volume: p.variants.map((v) => v[0]).join(' / '),
    usage: type.usage.join(''),
    warnings: '1. 使用時如有紅腫、刺癢等不適，請立即停用並諮詢皮膚科醫師。2. 請勿使用於傷口、濕疹等異常部位。3. 避免接觸眼睛，不慎入眼請立即以清水沖洗。4. 請置於陰涼乾燥處，避免陽光直射及兒童誤取。',
    shelf_life: '未開封 3 年，開封後 12 個月（製造日期與有效期限標示於包裝）',
    origin: '台灣',
    maker: DEMO_MAKER,
  };
}

/** The catalogue rows plus the image files to write (name → SVG). */
export function buildCatalog(): { rows: CatalogRows; files: Map<string, string> } {
  const files = new Map<string, string>();
  const typeById = new Map(DEMO_PRODUCT_TYPES.map((t) => [t.id, t]));
  const rows: CatalogRows = {
    types: DEMO_PRODUCT_TYPES.map((t) => ({ id: t.id, type_name: t.type_name, is_active: 1, sort_order: t.id })),
    products: [],
    variants: [],
    media: [],
  };

  DEMO_PRODUCTS.forEach((p, i) => {
    const id = i + 1;
    const type = typeById.get(p.type) as DemoProductType;
    const flags = p.flags ?? '';
    const shape = p.title.includes('油') || p.title.includes('卸妝水') ? 'bottle' : type.shape;
    const views = (1 + i) % 3 === 0 ? 1 : 2; // a third of the products show a third picture
    for (let v = 1; v <= 1 + views; v++) files.set(`p${id}-${v}.svg`, productSvg(id, p.title, shape, v as 1 | 2 | 3));
    const created = new Date(EPOCH + spread(i, 17, 3) * 2 * day);

    rows.products.push({
      id,
      product_type: p.type,
      title: p.title,
      description: p.description,
      unit: p.unit,
      image_url: img(`p${id}-1.svg`),
      seo_description: `${p.title}｜${p.description}。肌研舍 Skinshop 台灣專業保養品牌，全館滿 NT$1,000 超商免運。`,
      detail_html: detailHtml(p, type),
      spec_html: specHtml(p, type, i),
      ...cosmeticsFields(p, type, i),
      // The shop counts both (ADR 57): a demo shop starts with none, then its seeded paid orders are counted.
      views_count: 0,
      sold_quantity: 0,
      manager_rank: 5 + spread(i, 29, 7) * 3,
      is_new: flags.includes('n') ? 1 : 0,
      is_hot: flags.includes('h') ? 1 : 0,
      is_manager: flags.includes('m') ? 1 : 0,
      is_active: flags.includes('x') ? 0 : 1,
      created_at: created,
      updated_at: created,
    });

    p.variants.forEach(([name, original, discount, qty], k) => {
      const stocked = 8 + ((id * 13 + k * 29) % 90);
      rows.variants.push({
        product_id: id,
        variant_name: name,
        original_price: original,
        discount_price: discount,
        quantity: flags.includes('s') ? 0 : (qty ?? stocked),
        sort_order: k + 1,
        is_active: 1,
      });
    });

    const urls = [img(`p${id}-1.svg`), img(`p${id}-2.svg`)];
    if (views === 2) urls.push(img(`p${id}-3.svg`));
    if (p.video) urls.splice(1, 0, p.video);
    urls.forEach((media_url, k) => rows.media.push({ product_id: id, media_url, ordering: k + 1, is_active: 1 }));
  });

  return { rows, files };
}

export const DEMO_PRODUCT_COUNT = N;
