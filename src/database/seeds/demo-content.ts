/**
 * Home-page content, page images and skincare posters of the demo shop, with the SVG
 * files they point at.
 */
import { bannerSvg, certificateSvg, DEMO_MEDIA_URL, portraitSvg, sceneSvg } from './demo-images';

export interface ContentRows {
  banners: Record<string, unknown>[];
  endorsements: Record<string, unknown>[];
  testimonials: Record<string, unknown>[];
  certificates: Record<string, unknown>[];
  htmlImages: Record<string, unknown>[];
  posters: Record<string, unknown>[];
}

const img = (name: string) => `${DEMO_MEDIA_URL}/${name}`;

const BANNERS: [string, string, string][] = [
  ['玻尿酸保濕系列', '三重玻尿酸，一整天水潤不乾燥', '/products'],
  ['維他命C亮白精華', '新品上市 限時 8 折優惠', '/product/13'],
  ['防曬季開跑', '全館防曬滿 NT$1,500 再折 NT$150', '/products'],
];

const BEAUTICIANS: [string, string][] = [
  ['林芷萱 美容師', '敏感肌客人最常回購的修護系列'],
  ['陳怡君 美容師', '成分單純，療程後保養我最放心'],
  ['黃雅婷 芳療師', '玫瑰純露是我每天的補水小物'],
  ['張佩珊 美容師', '維C精華讓客人膚色明顯提亮'],
  ['吳思穎 美容師', '清爽不黏膩，油肌也能放心擦'],
  ['李宜蓁 美容講師', '入門三件組是保養新手的首選'],
];

const TESTIMONIALS: [string, string, number][] = [
  ['Amber・台北', '換季時臉很容易泛紅，用了積雪草化妝水一週後明顯穩定很多，味道也很清爽。', 5],
  ['小葳・新竹', '神經醯胺乳霜很滋潤但不厚重，冬天晚上擦完隔天起床臉還是軟軟的。', 5],
  ['Jason・台中', '男生也適用！控油化妝水擦完不會油光滿面，毛孔看起來有比較細。', 4],
  ['佳琪・高雄', '防曬乳真的很清爽，完全沒有假白，補妝時直接疊擦也不會搓泥。', 5],
  ['Momo・桃園', '維C精華用完一瓶，朋友說我氣色變好了，已經回購第二瓶。', 5],
  ['若晴・台南', '客服很有耐心地幫我推薦適合敏感肌的產品，出貨也很快，隔天就收到。', 5],
  ['Ivy・宜蘭', '睡眠凍膜是熬夜救星，早上起床上妝特別服貼。', 4],
  ['品妤・新北', '卸妝油乳化很快，睫毛膏也能輕鬆卸乾淨，洗完不會緊繃。', 5],
];

const CERTIFICATES: [string, string, string][] = [
  ['GMP 優良製造', '化粧品工廠 GMP 認證', '全系列產品皆於 GMP 認證工廠生產，製程嚴格把關。'],
  ['ISO 22716', '化粧品優良製造規範', '符合國際化粧品優良製造規範，品質穩定一致。'],
  ['皮膚貼布測試', '第三方人體功效測試', '通過人體皮膚貼布測試，低刺激性，敏感肌也安心。'],
  ['SGS 檢驗合格', '重金屬與微生物檢驗', '定期送驗重金屬、微生物與防腐劑，安全有保障。'],
];

const POSTERS = [
  {
    title: '換季肌膚泛紅怎麼辦？三步驟找回穩定膚況',
    seo_description: '換季時肌膚容易泛紅、乾癢與脫皮。肌研舍整理溫和清潔、加強保濕與修護屏障三步驟，陪你度過敏感期。',
    layout_type: 'image-left',
    text_animation: 'fade-left',
    image_animation: 'fade-right',
    content: [
      '<h2>換季敏感的原因</h2><p>溫差與濕度變化會讓肌膚屏障功能暫時下降，水分流失加快，外界刺激更容易引起泛紅與刺癢。</p>',
      '<h3>步驟一：溫和清潔</h3><p>選擇胺基酸等溫和潔顏產品，避免過度去角質，洗臉水溫以微溫為宜。</p>',
      '<h3>步驟二：加強保濕</h3><p>化妝水可重複輕拍 2～3 次，再以含有神經醯胺的乳霜鎖住水分。</p>',
      '<h3>步驟三：修護屏障</h3><p>積雪草、泛醇與燕麥等成分能幫助舒緩，暫停使用 A 醇、高濃度酸類等刺激性產品。</p>',
    ].join('\n'),
  },
  {
    title: '防曬係數怎麼看？SPF 與 PA 一次搞懂',
    seo_description: 'SPF 與 PA 分別代表什麼？通勤、戶外與海邊該選哪一種防曬？一篇看懂防曬標示與正確的補擦方式。',
    layout_type: 'image-right',
    text_animation: 'fade-up',
    image_animation: 'zoom-in',
    content: [
      '<h2>SPF：防護 UVB</h2><p>UVB 是造成曬紅、曬傷的主因。日常通勤選擇 SPF30 即足夠，長時間戶外活動建議 SPF50 以上。</p>',
      '<h2>PA：防護 UVA</h2><p>UVA 會深入真皮層，造成曬黑與光老化。PA 後面的「+」越多，防護力越好。</p>',
      '<h3>擦足量才有效</h3><p>臉部約需一元硬幣大小的份量，並記得每 2～3 小時補擦，流汗或游泳後也要重新塗抹。</p>',
    ].join('\n'),
  },
  {
    title: '維他命C精華的正確用法',
    seo_description: '維他命C是熱門的亮白成分，但濃度、劑型與保存方式都會影響效果。教你挑選與使用維C精華的關鍵。',
    layout_type: 'full-width',
    text_animation: '',
    image_animation: 'fade-up',
    content: [
      '<h2>選擇穩定型維C</h2><p>純維C容易氧化，穩定型衍生物如抗壞血酸葡糖苷，對初次使用者更溫和。</p>',
      '<h2>早上或晚上使用？</h2><p>維C具抗氧化力，早上使用並搭配防曬，能加強對抗環境壓力；晚上使用也能幫助淡化暗沉。</p>',
      '<h3>保存小技巧</h3><p>開封後請鎖緊瓶蓋並避光保存，若精華顏色明顯變深，代表已經氧化，建議停止使用。</p>',
    ].join('\n'),
  },
  {
    title: '油肌也需要保濕嗎？控油保養的三個迷思',
    seo_description: '油性肌膚越洗越油？不擦乳液比較清爽？破解控油保養常見迷思，找回水油平衡的健康肌膚。',
    layout_type: 'image-left',
    text_animation: 'fade-right',
    image_animation: 'fade-left',
    content: [
      '<h2>迷思一：油肌不用擦乳液</h2><p>肌膚缺水時會分泌更多油脂來保護自己，選擇清爽的凝露質地，反而能幫助控油。</p>',
      '<h2>迷思二：洗越多次越乾淨</h2><p>過度清潔會破壞皮脂膜，一天洗臉兩次、使用溫和潔顏即可。</p>',
      '<h2>迷思三：吸油面紙越用越好</h2><p>頻繁吸油可能刺激出油，建議輕壓即可，並搭配控油化妝水調理。</p>',
    ].join('\n'),
  },
];

/** Page image slots (loadpageimage): about and contact pages, knowledge pages. */
const PAGE_IMAGES: [string, string, string, string][] = [
  ['關於我們主圖', 'aboutVersion', 'aboutImg000', '品牌理念'],
  ['聯絡我們主圖', 'contactVersion', 'contactImg000', '歡迎與我們聯繫'],
  ['面膜保養知識主圖', 'maskCareVersion', 'maskCareImg000', '面膜保養知識'],
  ['保養小知識主圖', 'skincareTipsVersion', 'skincareTipsImg000', '保養小知識'],
];

export function buildContent(): { rows: ContentRows; files: Map<string, string> } {
  const files = new Map<string, string>();
  const rows: ContentRows = { banners: [], endorsements: [], testimonials: [], certificates: [], htmlImages: [], posters: [] };

  BANNERS.forEach(([title, sub, link], i) => {
    files.set(`banner-${i + 1}.svg`, bannerSvg(1920, 450, i + 1, title, sub));
    files.set(`banner-${i + 1}-m.svg`, bannerSvg(853, 1280, i + 1, title, sub));
    rows.banners.push({
      image_url: img(`banner-${i + 1}.svg`),
      phone_url: img(`banner-${i + 1}-m.svg`),
      ctitle: title,
      description: sub,
      link_url: link,
      sort_order: i + 1,
      is_active: 1,
    });
  });
  BEAUTICIANS.forEach(([name, line], i) => {
    files.set(`beautician-${i + 1}.svg`, portraitSvg(1050, 20 + i, name, line));
    rows.endorsements.push({ image_url: img(`beautician-${i + 1}.svg`), sort_order: i + 1, is_active: 1 });
  });
  TESTIMONIALS.forEach(([name, review, stars], i) => {
    files.set(`testimonial-${i + 1}.svg`, portraitSvg(800, 40 + i, name, '真實顧客心得', stars));
    rows.testimonials.push({ image_url: img(`testimonial-${i + 1}.svg`), review, sort_order: i + 1, is_active: 1 });
  });
  CERTIFICATES.forEach(([title, issuer, description], i) => {
    files.set(`certificate-${i + 1}.svg`, certificateSvg(60 + i, title, issuer));
    rows.certificates.push({ image_url: img(`certificate-${i + 1}.svg`), title, description, sort_order: i + 1, is_active: 1 });
  });
  PAGE_IMAGES.forEach(([title, version_page_type, image_type, caption], i) => {
    files.set(`page-${image_type}.svg`, sceneSvg(1200, 800, 70 + i, caption));
    rows.htmlImages.push({ title, version_page_type, image_type, image_url: img(`page-${image_type}.svg`) });
  });
  POSTERS.forEach((p, i) => {
    files.set(`poster-${i + 1}.svg`, sceneSvg(1200, 900, 80 + i, p.title.split(/[？?]/)[0]));
    rows.posters.push({ ...p, cover_image: img(`poster-${i + 1}.svg`), image_width: 50, is_active: 1 });
  });
  return { rows, files };
}
