/**
 * The demo catalogue: product types and products of 「肌研舍 Skinshop」.
 * Prices are integer NT$ (original ≥ discount); a quantity of 0 is a sold-out variant.
 */

export type ProductShape = 'tube' | 'pump' | 'bottle' | 'dropper' | 'jar' | 'sachet' | 'box';

export interface DemoProductType {
  id: number;
  type_name: string;
  shape: ProductShape;
  /** Short usage steps for the detail page. */
  usage: string[];
}

export const DEMO_PRODUCT_TYPES: DemoProductType[] = [
  { id: 1, type_name: '潔顏卸妝', shape: 'tube', usage: ['取適量於掌心，加少許清水搓揉起泡。', '以指腹在全臉輕柔畫圓按摩約 30 秒。', '以溫水徹底沖淨，早晚各使用一次。'] },
  { id: 2, type_name: '化妝水', shape: 'bottle', usage: ['潔顏後取適量於掌心或化妝棉。', '由內而外輕拍全臉至吸收。', '乾燥部位可重複疊擦 2～3 次。'] },
  { id: 3, type_name: '精華液', shape: 'dropper', usage: ['化妝水後取 2～3 滴於掌心。', '以按壓方式均勻推開至全臉。', '待吸收後再接續乳液或乳霜。'] },
  { id: 4, type_name: '乳液乳霜', shape: 'jar', usage: ['取約珍珠大小的份量。', '點於額頭、雙頰、鼻尖與下巴後均勻推開。', '由下往上輕柔按摩至完全吸收。'] },
  { id: 5, type_name: '面膜', shape: 'sachet', usage: ['潔顏並使用化妝水後，將面膜服貼於臉部。', '靜置 15～20 分鐘，避免超過 25 分鐘。', '取下後輕拍剩餘精華至吸收，每週 2～3 次。'] },
  { id: 6, type_name: '防曬隔離', shape: 'tube', usage: ['保養程序最後一步、上妝前使用。', '取約一元硬幣大小均勻塗抹於臉部與頸部。', '長時間戶外活動請每 2～3 小時補擦。'] },
  { id: 7, type_name: '身體保養', shape: 'pump', usage: ['沐浴後趁肌膚微濕時使用。', '取適量均勻塗抹於全身。', '手肘、膝蓋等乾燥部位可加強按摩。'] },
  { id: 8, type_name: '禮盒組合', shape: 'box', usage: ['依組合內各品項說明依序使用。', '開封後請於 12 個月內使用完畢。', '適合送禮或旅行攜帶。'] },
];

/** [variant name, original price, discount price, quantity (omitted → stocked)]. */
export type DemoVariant = [string, number, number, number?];

export interface DemoProduct {
  type: number;
  title: string;
  description: string;
  unit: string;
  /** 主要成分 */
  ing: string;
  /** 適用膚質 */
  skin: string;
  variants: DemoVariant[];
  /** n new, h hot, m manager-recommended, x delisted, s sold out. */
  flags?: string;
  /** Extra video media (YouTube / Facebook URL). */
  video?: string;
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  // 1 潔顏卸妝
  { type: 1, title: '胺基酸溫和潔顏慕斯', description: '綿密泡沫溫和洗淨，洗後不緊繃', unit: '瓶', ing: '胺基酸界面活性劑、甘油、洋甘菊萃取', skin: '所有膚質，敏感肌適用', variants: [['150ml', 680, 520], ['300ml', 1080, 860]], flags: 'hm', video: 'https://www.youtube.com/watch?v=Hq2xR7pLw0s' },
  { type: 1, title: '玻尿酸保濕洗面乳', description: '弱酸性配方，洗淨同時鎖住水分', unit: '條', ing: '玻尿酸鈉、甘油、月桂醯肌胺酸鈉', skin: '乾性、混合性肌膚', variants: [['100g', 450, 360]] },
  { type: 1, title: '白泥淨化潔顏霜', description: '高嶺土吸附油脂，改善毛孔粗大', unit: '條', ing: '高嶺土、膨潤土、茶樹精油', skin: '油性、混合性肌膚', variants: [['120g', 520, 420], ['兩入組', 980, 780]] },
  { type: 1, title: '植萃卸妝潔顏油', description: '輕盈油感快速乳化，濃妝一次卸淨', unit: '瓶', ing: '荷荷芭油、葵花籽油、維生素E', skin: '所有膚質', variants: [['200ml', 880, 690], ['400ml', 1480, 1180]], flags: 'h' },
  { type: 1, title: '深層清潔卸妝水', description: '免沖洗微胞配方，敏感肌也適用', unit: '瓶', ing: '微胞水、泛醇、黃瓜萃取', skin: '所有膚質，敏感肌適用', variants: [['250ml', 560, 450], ['500ml', 890, 720, 0]] },
  { type: 1, title: '溫和去角質凝膠', description: '果酸與木瓜酵素，代謝老廢角質', unit: '條', ing: '木瓜酵素、乳酸、蘆薈萃取', skin: '一般、油性肌膚', variants: [['80ml', 620, 490]], flags: 'n' },
  // 2 化妝水
  { type: 2, title: '玻尿酸保濕化妝水', description: '三重玻尿酸層層補水，水潤透亮', unit: '瓶', ing: '三重分子玻尿酸、泛醇、海藻糖', skin: '所有膚質', variants: [['150ml', 880, 680], ['300ml', 1480, 1160]], flags: 'hm', video: 'https://www.facebook.com/skinshop.tw/videos/1839274650193847/' },
  { type: 2, title: '積雪草舒緩化妝水', description: '舒緩泛紅不適，穩定敏弱肌膚', unit: '瓶', ing: '積雪草萃取、尿囊素、甘草酸二鉀', skin: '敏感性、泛紅肌膚', variants: [['200ml', 780, 620]] },
  { type: 2, title: '菸鹼醯胺亮白化妝水', description: '均勻膚色，淡化暗沉與痘疤', unit: '瓶', ing: '菸鹼醯胺 5%、熊果素、甘草萃取', skin: '暗沉、膚色不均肌膚', variants: [['150ml', 920, 730], ['三入組', 2580, 1980]], flags: 'n' },
  { type: 2, title: '綠茶控油平衡化妝水', description: '調理油水平衡，收斂粗大毛孔', unit: '瓶', ing: '綠茶萃取、金縷梅、鋅 PCA', skin: '油性、混合性肌膚', variants: [['200ml', 650, 520]] },
  { type: 2, title: '玫瑰純露保濕噴霧', description: '保加利亞玫瑰純露，隨時補水提神', unit: '瓶', ing: '大馬士革玫瑰純露、甘油、玻尿酸鈉', skin: '所有膚質', variants: [['100ml', 580, 460], ['200ml', 890, 720]] },
  { type: 2, title: '米萃精華水', description: '發酵米萃取，打造細緻透亮膚質', unit: '瓶', ing: '米發酵濾液、菸鹼醯胺、腺苷', skin: '所有膚質', variants: [['150ml', 990, 790], ['300ml', 1680, 1350]], flags: 's' },
  // 3 精華液
  { type: 3, title: '維他命C亮白精華液', description: '高濃度穩定型維C，提亮暗沉膚色', unit: '瓶', ing: '抗壞血酸葡糖苷 10%、維生素E、阿魏酸', skin: '暗沉、膚色不均肌膚', variants: [['30ml', 1580, 1280], ['50ml', 2280, 1880]], flags: 'hm', video: 'https://youtu.be/T4vKc9mBq2E' },
  { type: 3, title: 'A醇抗老修護精華', description: '微膠囊A醇，改善細紋與鬆弛', unit: '瓶', ing: '微膠囊視黃醇 0.3%、角鯊烷、神經醯胺', skin: '熟齡、細紋肌膚（夜間使用）', variants: [['30ml', 1880, 1480]], flags: 'n' },
  { type: 3, title: '神經醯胺修護精華', description: '修護肌膚屏障，強化保濕防禦力', unit: '瓶', ing: '神經醯胺 NP/AP/EOP、膽固醇、脂肪酸', skin: '乾燥、屏障受損肌膚', variants: [['30ml', 1380, 1080], ['50ml', 1980, 1580], ['100ml', 3280, 2580]], flags: 'm' },
  { type: 3, title: '胜肽緊緻精華液', description: '多重胜肽複合，提升肌膚彈性', unit: '瓶', ing: '棕櫚醯五胜肽-4、乙醯基六胜肽-8、玻尿酸', skin: '熟齡、缺乏彈性肌膚', variants: [['30ml', 2180, 1780]] },
  { type: 3, title: '杏仁酸煥膚精華', description: '溫和代謝角質，改善粉刺與毛孔', unit: '瓶', ing: '杏仁酸 8%、水楊酸、積雪草萃取', skin: '油性、粉刺肌膚', variants: [['30ml', 1280, 990], ['50ml', 1780, 1390, 0]] },
  { type: 3, title: '玻尿酸保濕原液', description: '高中低分子玻尿酸，深層補水', unit: '瓶', ing: '高中低分子玻尿酸、β-葡聚醣', skin: '所有膚質', variants: [['15ml', 780, 620], ['30ml', 1280, 990], ['三入組', 3480, 2680]], flags: 'h', video: 'https://www.youtube.com/watch?v=R8dWn3ZfKq4' },
  { type: 3, title: '傳明酸淡斑精華', description: '淡化斑點痘印，均勻膚色不暗沉', unit: '瓶', ing: '傳明酸 3%、菸鹼醯胺、甘草萃取', skin: '斑點、痘印肌膚', variants: [['30ml', 1680, 1320]] },
  { type: 3, title: '藍銅胜肽精華（舊包裝）', description: '促進修護，打造彈潤光澤', unit: '瓶', ing: '藍銅胜肽、玻尿酸、泛醇', skin: '所有膚質', variants: [['30ml', 2480, 1980]], flags: 'x' },
  // 4 乳液乳霜
  { type: 4, title: '神經醯胺保濕乳霜', description: '長效鎖水修護，乾燥肌的救星', unit: '罐', ing: '神經醯胺、乳油木果脂、角鯊烷', skin: '乾性、極乾性肌膚', variants: [['50ml', 1280, 990], ['100ml', 1980, 1580]], flags: 'hm' },
  { type: 4, title: '燕麥舒敏保濕乳液', description: '舒緩乾癢泛紅，清爽不黏膩', unit: '瓶', ing: '膠態燕麥、紅沒藥醇、甘油', skin: '敏感性肌膚', variants: [['120ml', 880, 690]] },
  { type: 4, title: '角鯊烷修護晚霜', description: '夜間密集修護，醒來肌膚柔嫩', unit: '罐', ing: '植物角鯊烷、菸鹼醯胺、胜肽', skin: '乾性、熟齡肌膚', variants: [['50ml', 1680, 1320]], flags: 'n' },
  { type: 4, title: '清爽控油保濕凝露', description: '水感凝露質地，油肌也愛用', unit: '罐', ing: '玻尿酸鈉、綠茶萃取、鋅 PCA', skin: '油性、混合性肌膚', variants: [['50ml', 780, 620], ['100ml', 1280, 990]] },
  { type: 4, title: '咖啡因緊緻眼霜', description: '咖啡因與胜肽，改善浮腫細紋', unit: '條', ing: '咖啡因、乙醯基六胜肽-8、維生素K', skin: '眼周浮腫、細紋', variants: [['15ml', 1480, 1180]] },
  { type: 4, title: '積雪草修護霜', description: '修護痘後肌膚，舒緩泛紅不適', unit: '罐', ing: '積雪草萃取、積雪草苷、泛醇', skin: '敏感性、痘痘肌膚', variants: [['50ml', 1180, 920], ['兩入組', 2180, 1680]], flags: 'm' },
  { type: 4, title: '全效抗老乳霜', description: '多重胜肽配方，全面提升緊緻度', unit: '罐', ing: '多重胜肽、視黃醇棕櫚酸酯、神經醯胺', skin: '熟齡肌膚', variants: [['50ml', 2880, 2380]], flags: 's' },
  // 5 面膜
  { type: 5, title: '玻尿酸保濕面膜', description: '一片補足一日水分，急救乾燥', unit: '盒', ing: '玻尿酸鈉、甘油、蘆薈萃取', skin: '所有膚質', variants: [['5片裝', 450, 360], ['10片裝', 850, 650]], flags: 'h' },
  { type: 5, title: '積雪草舒緩面膜', description: '舒緩日曬後泛紅，穩定膚況', unit: '盒', ing: '積雪草萃取、馬齒莧萃取、尿囊素', skin: '敏感性、曬後肌膚', variants: [['5片裝', 480, 380]] },
  { type: 5, title: '竹炭淨化泥膜', description: '吸附毛孔髒污，改善粉刺黑頭', unit: '罐', ing: '竹炭粉、高嶺土、茶樹精油', skin: '油性、粉刺肌膚', variants: [['100g', 680, 540]] },
  { type: 5, title: '維他命C亮白面膜', description: '提亮暗沉，打造透亮光采', unit: '盒', ing: '維生素C衍生物、菸鹼醯胺、熊果素', skin: '暗沉肌膚', variants: [['5片裝', 520, 420], ['10片裝', 980, 780, 0]], flags: 'n' },
  { type: 5, title: '睡眠修護凍膜', description: '免沖洗晚安面膜，隔天水潤彈嫩', unit: '罐', ing: '海藻糖、神經醯胺、薰衣草萃取', skin: '乾性、缺水肌膚', variants: [['80ml', 880, 690]] },
  { type: 5, title: '蠶絲緊緻面膜', description: '蠶絲膜布服貼，提拉緊緻', unit: '片', ing: '蠶絲蛋白、胜肽、膠原蛋白', skin: '熟齡、缺乏彈性肌膚', variants: [['單片', 120, 99], ['10片裝', 1080, 880]] },
  // 6 防曬隔離
  { type: 6, title: '輕透水感防曬乳 SPF50+', description: '清爽不黏膩，日常通勤防護', unit: '條', ing: '新型化學濾劑、玻尿酸、維生素E', skin: '所有膚質', variants: [['50ml', 780, 620], ['兩入組', 1480, 1180]], flags: 'hm' },
  { type: 6, title: '物理性溫和防曬霜', description: '純物理防曬，敏感肌也安心', unit: '條', ing: '氧化鋅、二氧化鈦、積雪草萃取', skin: '敏感性肌膚', variants: [['40ml', 880, 690]] },
  { type: 6, title: '潤色防曬隔離乳', description: '防曬兼修飾膚色，自然好氣色', unit: '條', ing: '氧化鋅、礦物粉體、菸鹼醯胺', skin: '所有膚質', variants: [['30ml', 850, 680]], flags: 'n' },
  { type: 6, title: '戶外防水防曬噴霧', description: '防水防汗，戶外運動好幫手', unit: '瓶', ing: '防水成膜劑、維生素E、蘆薈萃取', skin: '所有膚質（身體適用）', variants: [['150ml', 680, 540]] },
  { type: 6, title: '兒童溫和防曬乳', description: '低敏配方，寶貝全家都能用', unit: '條', ing: '氧化鋅、燕麥萃取、乳油木果脂', skin: '嬰幼兒、敏感性肌膚', variants: [['60ml', 650, 520]] },
  // 7 身體保養
  { type: 7, title: '乳油木果身體乳', description: '滋潤乾燥肌膚，淡雅花香', unit: '瓶', ing: '乳油木果脂、甜杏仁油、維生素E', skin: '乾燥肌膚', variants: [['250ml', 680, 520], ['500ml', 1080, 860]] },
  { type: 7, title: '果酸煥膚身體乳', description: '改善粗糙雞皮，肌膚細滑', unit: '瓶', ing: '乳酸 10%、尿素、甘油', skin: '粗糙、毛孔角化肌膚', variants: [['200ml', 780, 620]], flags: 'h' },
  { type: 7, title: '玫瑰精油沐浴露', description: '綿密泡沫，沐浴後留香淡雅', unit: '瓶', ing: '大馬士革玫瑰精油、胺基酸界面活性劑', skin: '所有膚質', variants: [['500ml', 580, 460]] },
  { type: 7, title: '護手霜三入組', description: '隨身滋潤，手部柔嫩不乾裂', unit: '組', ing: '乳油木果脂、尿素、甘油', skin: '乾燥手部肌膚', variants: [['三入組', 680, 520]], flags: 'n' },
  { type: 7, title: '胺基酸頭皮淨化洗髮精', description: '淨化頭皮油脂，髮根蓬鬆清爽', unit: '瓶', ing: '胺基酸界面活性劑、茶樹精油、薄荷醇', skin: '油性頭皮', variants: [['400ml', 620, 490], ['補充包', 520, 390]] },
  // 8 禮盒組合
  { type: 8, title: '保濕入門三件組', description: '潔顏、化妝水、乳霜一次到位', unit: '組', ing: '胺基酸潔顏慕斯、玻尿酸化妝水、神經醯胺乳霜', skin: '所有膚質', variants: [['標準組', 2480, 1880], ['旅行組', 980, 780]], flags: 'm' },
  { type: 8, title: '亮白煥膚禮盒', description: '維C精華與亮白面膜超值組合', unit: '盒', ing: '維他命C精華液 30ml、亮白面膜 5 片', skin: '暗沉肌膚', variants: [['禮盒', 3280, 2480]], flags: 'h' },
  { type: 8, title: '敏感肌修護組', description: '積雪草系列舒緩修護組合', unit: '組', ing: '積雪草化妝水、積雪草修護霜、舒緩面膜', skin: '敏感性肌膚', variants: [['標準組', 2680, 1980]] },
  { type: 8, title: '旅行輕巧組', description: '隨身瓶裝，出國旅行好攜帶', unit: '組', ing: '潔顏慕斯、化妝水、乳液、防曬各 30ml', skin: '所有膚質', variants: [['旅行組', 890, 690], ['兩組入', 1680, 1290, 0], ['三組入', 2380, 1860]], flags: 'n' },
];
