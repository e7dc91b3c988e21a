/**
 * Demo members' delivered and completed orders with their reviews (issue 21 §4), so a fresh
 * `npm start` shows ratings on the product cards and reviews on the product pages. Members are
 * buyers without a password (they cannot log in: demo data, not accounts); their orders are cash on
 * delivery, paid on delivery, each line at its variant's price. Reviews are zh-TW texts chosen by
 * the product's type and the stars, most of them shown, one held for staff (it holds a phone
 * number) and one hidden, and review_summaries is counted from the shown ones, as the app keeps it.
 * Deterministic (a fixed pseudo-random sequence), so every fresh demo looks the same.
 */
import type { EntityManager } from 'typeorm';
import { maskName } from '../../common/validation/review-rules';
import { Order } from '../../modules/orders/entities/order.entity';
import { OrderItem } from '../../modules/orders/entities/order-item.entity';
import { Product } from '../../modules/catalog/entities/product.entity';
import { ProductVariant } from '../../modules/catalog/entities/product-variant.entity';
import { Review } from '../../modules/reviews/entities/review.entity';
import { ReviewSummary } from '../../modules/reviews/entities/review-summary.entity';
import { User } from '../../modules/users/entities/user.entity';

const DAY_MS = 24 * 3600_000;

/** The demo buyers (phones in the 0900 000 xxx range, never a real subscriber's pattern of use). */
export const DEMO_REVIEWERS: readonly { username: string; phone: string; gender: string }[] = [
  { username: '林雅婷', phone: '0900000101', gender: 'female' },
  { username: '陳怡君', phone: '0900000102', gender: 'female' },
  { username: '張家豪', phone: '0900000103', gender: 'male' },
  { username: '李佳穎', phone: '0900000104', gender: 'female' },
  { username: '王淑芬', phone: '0900000105', gender: 'female' },
  { username: '黃志明', phone: '0900000106', gender: 'male' },
  { username: '吳美玲', phone: '0900000107', gender: 'female' },
  { username: '劉冠廷', phone: '0900000108', gender: 'male' },
  { username: '蔡宜蓁', phone: '0900000109', gender: 'female' },
  { username: '許雅雯', phone: '0900000110', gender: 'female' },
  { username: '鄭詩涵', phone: '0900000111', gender: 'female' },
  { username: '周柏翰', phone: '0900000112', gender: 'male' },
];

/** Texts by the product type's id (demo-products: 1 潔顏卸妝 … 8 禮盒組合), good (4–5 stars). */
const GOOD: Record<number, string[]> = {
  1: ['泡沫細緻綿密，洗完不會緊繃，早晚用都很舒服。', '卸妝很乾淨，連防水睫毛膏都卸得掉，眼睛也不會刺痛。', '洗後臉很清爽但不乾澀，敏感肌用了一個月都沒有泛紅。'],
  2: ['質地清爽好吸收，拍完後上妝很服貼，會回購。', '味道很淡很舒服，擦了兩週覺得膚況穩定很多。', '濕敷五分鐘後臉很水潤，乾燥的冬天救星。'],
  3: ['用了一瓶半，毛孔看起來有比較細緻，膚色也均勻一點。', '滴管設計很好控制用量，吸收很快不黏膩。', '晚上擦完隔天起床臉很亮，同事都問我換了什麼保養品。'],
  4: ['保濕度剛好，混合肌夏天用也不會悶痘。', '乳霜很好推開，擦完整晚都很滋潤，早上起來臉不乾。', '質地輕盈但很保濕，冷氣房待一整天也不會脫皮。'],
  5: ['面膜布很服貼，精華液很多，敷完臉很透亮。', '每週敷兩次，臉摸起來很嫩，價格也很實在。', '敷完隔天上妝特別好上，活動前一晚必備。'],
  6: ['防曬很清爽不油膩，不會搓泥，可以直接當妝前乳。', '戶外騎車一整天都沒曬紅，也不會有白白的感覺。', '擦起來很輕薄，卸妝也好卸，夏天天天用。'],
  7: ['身體乳很好推開，洗完澡擦很快吸收，不會黏衣服。', '味道香香的很療癒，小腿的乾癢改善很多。', '按壓瓶很方便，一家人都在用，已經回購第三瓶。'],
  8: ['包裝很精緻，送給媽媽她很喜歡，每一樣都很好用。', '旅行帶著很方便，一組就能完成所有保養步驟。', '禮盒很有質感，送禮大方，內容物也很實用。'],
};
const OKAY = ['使用起來還不錯，但效果要再觀察一陣子。', '質地可以，味道個人覺得稍微重了一點。', '包裝和出貨都很快，效果普通，沒有特別驚艷。'];
const BAD = ['我的皮膚用了有點刺刺的，可能比較不適合敏感肌。', '對我來說太油了，夏天用會悶，之後可能不會回購。'];
const HELD_TEXT = '很好用！想合購的可以打給我 0912-345-678，一起買比較便宜';
const SHOP_REPLY = '感謝您的支持與分享！有任何使用上的問題，歡迎隨時透過客服與我們聯繫。';

/** A small fixed pseudo-random sequence (mulberry32). */
function sequence(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoReviewsSummary {
  members: number;
  orders: number;
  reviews: number;
}

/**
 * Seeds the demo buyers, their orders and reviews (in the seed's transaction). Does nothing when a
 * demo buyer exists already (a second run, or a shop that has its own members with those phones).
 */
export async function seedDemoReviews(m: EntityManager, now: Date = new Date()): Promise<DemoReviewsSummary> {
  const none = { members: 0, orders: 0, reviews: 0 };
  if ((await m.count(User, { where: DEMO_REVIEWERS.map((r) => ({ phone: r.phone })) })) > 0) return none;
  const products = await m.find(Product, { where: { is_active: 1 }, order: { id: 'ASC' } });
  const variants = await m.find(ProductVariant, { where: { is_active: 1 }, order: { id: 'ASC' } });
  const byProduct = new Map<number, ProductVariant[]>();
  for (const v of variants) byProduct.set(v.product_id, [...(byProduct.get(v.product_id) ?? []), v]);
  const buyable = products.filter((p) => byProduct.has(p.id));
  if (!buyable.length) return none;
  const rnd = sequence(20261128);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];

  const users: User[] = [];
  for (const r of DEMO_REVIEWERS) {
    users.push(await m.save(User, m.create(User, { account: null, phone: r.phone, username: r.username, gender: r.gender, password_hash: null, is_active: 1, created_at: new Date(now.getTime() - 200 * DAY_MS) })));
  }

  let orders = 0;
  let reviews = 0;
  const shown = new Map<number, Review[]>();
  // Each buyer: 3 orders of 2–3 products; every product gets bought a few times over the members.
  let cursor = 0;
  for (const [u, user] of users.entries()) {
    for (let o = 0; o < 3; o++) {
      const deliveredDaysAgo = 4 + Math.floor(rnd() * 80);
      const delivered = new Date(now.getTime() - deliveredDaysAgo * DAY_MS);
      const created = new Date(delivered.getTime() - 3 * DAY_MS);
      const completed = deliveredDaysAgo > 7 ? new Date(delivered.getTime() + 7 * DAY_MS) : null;
      const lines = Array.from({ length: 2 + (o % 2) }, () => {
        const p = buyable[cursor++ % buyable.length];
        const v = pick(byProduct.get(p.id)!);
        return { p, v, quantity: 1 + Math.floor(rnd() * 2) };
      });
      const subtotal = lines.reduce((n, l) => n + l.v.discount_price * l.quantity, 0);
      const shippingFee = subtotal >= 1000 ? 0 : 60;
      const order = await m.save(
        Order,
        m.create(Order, {
          mer_trade_no: `SSDEMO${String(u + 1).padStart(2, '0')}${String(o + 1).padStart(2, '0')}${String(orders + 1).padStart(4, '0')}`,
          user_id: user.id,
          buy_name: user.username,
          buy_phone: user.phone!,
          name: user.username,
          phone: user.phone!,
          zip: '106',
          city: '臺北市',
          district: '大安區',
          street: '復興南路一段 390 號',
          shipping: 4,
          delivery_time_slot: '04',
          payment: 'cod',
          payment_status: 1,
          status_name: completed ? 'completed' : 'delivered',
          invoice_type: 'personal',
          carrier_type: 'amego',
          subtotal,
          shipping_fee: shippingFee,
          total_amount: subtotal + shippingFee,
          order_status_msg: '',
          paid_at: delivered,
          delivered_at: delivered,
          completed_at: completed,
          created_at: created,
        }),
      );
      orders++;
      for (const l of lines) {
        const item = await m.save(
          OrderItem,
          m.create(OrderItem, {
            order_id: order.id,
            product_id: l.p.id,
            variant_id: l.v.id,
            title: l.p.title,
            variant_name: l.v.variant_name,
            image_url: l.p.image_url,
            price: l.v.discount_price,
            quantity: l.quantity,
            discount: 0,
            amount: l.v.discount_price * l.quantity,
            line_kind: 'item',
            created_at: created,
          }),
        );
        // About four in five lines reviewed; the most recent order's last line is left waiting (/reviews).
        if (rnd() > 0.8 || (o === 2 && l === lines[lines.length - 1])) continue;
        const roll = rnd();
        const rating = roll < 0.55 ? 5 : roll < 0.83 ? 4 : roll < 0.93 ? 3 : roll < 0.97 ? 2 : 1;
        const held = reviews === 7;
        const hidden = reviews === 19;
        const content = held ? HELD_TEXT : rating >= 4 ? pick(GOOD[l.p.product_type ?? 0] ?? GOOD[2]) : rating === 3 ? pick(OKAY) : pick(BAD);
        const at = new Date(delivered.getTime() + (1 + Math.floor(rnd() * 3)) * DAY_MS);
        const replied = !held && (rating <= 3 || reviews % 6 === 0);
        const review = await m.save(
          Review,
          m.create(Review, {
            order_item_id: item.id,
            order_id: order.id,
            product_id: l.p.id,
            variant_id: l.v.id,
            variant_name: l.v.variant_name,
            user_id: user.id,
            rating,
            content,
            photos: [],
            has_photos: 0,
            display_name: maskName(user.username),
            is_visible: hidden ? 0 : 1,
            held: held ? 1 : 0,
            held_reason: held ? '含電話號碼' : '',
            reply: replied ? SHOP_REPLY : null,
            replied_at: replied ? new Date(at.getTime() + DAY_MS) : null,
            created_at: at,
          }),
        );
        reviews++;
        if (!held && !hidden) shown.set(l.p.id, [...(shown.get(l.p.id) ?? []), review]);
      }
    }
  }

  for (const [productId, rows] of shown) {
    const star = (n: number) => rows.filter((r) => r.rating === n).length;
    await m.save(
      ReviewSummary,
      m.create(ReviewSummary, {
        product_id: productId,
        count: rows.length,
        rating_sum: rows.reduce((n, r) => n + r.rating, 0),
        star1: star(1),
        star2: star(2),
        star3: star(3),
        star4: star(4),
        star5: star(5),
        with_photos: rows.filter((r) => r.has_photos).length,
      }),
    );
  }
  return { members: users.length, orders, reviews };
}
