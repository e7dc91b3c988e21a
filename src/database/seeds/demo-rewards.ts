import { EntityManager } from 'typeorm';
import { MemberPoints } from '../../modules/rewards/entities/member-points.entity';
import { MemberTier } from '../../modules/rewards/entities/member-tier.entity';
import { PointsEntry, type PointsKind } from '../../modules/rewards/entities/points-entry.entity';
import { DEFAULT_TIERS, expiresAtFor } from '../../modules/rewards/rewards-rules';
import { UserConfig } from '../../modules/users/entities/user-config.entity';
import { User } from '../../modules/users/entities/user.entity';
import { insertRows } from './seed-utils';

/** The demo members' password (they log in with their phone). */
export const DEMO_MEMBER_PASSWORD = 'demo1234';
/**
 * Its argon2id hash (the PasswordHasher's parameters), computed once: a public demo password needs
 * no fresh salt, and the seed stays fast (no hashing at start-up).
 */
export const DEMO_MEMBER_HASH = '$argon2id$v=19$m=19456,p=1,t=2$CCQXgvVNnJ8QFMMt+rQoEg$JUfWVgisW53+/46kwFAK+BdxQeHAOT/SJQW2vQRXwqI';

/**
 * A public password must not open accounts on a production shop (NODE_ENV=production): there the demo
 * members keep their points for staff to look at but cannot log in.
 */
export const demoPasswordHash = (): string | null => (process.env.NODE_ENV === 'production' ? null : DEMO_MEMBER_HASH);

/** Demo members with 購物金, so /points shows something on a fresh `npm start` (log in 0911000001 / demo1234). */
const MEMBERS = [
  { phone: '0911000001', username: '王小美', email: 'demo.member1@example.com', birthday: '1992-03-18' },
  { phone: '0911000002', username: '林雅婷', email: 'demo.member2@example.com', birthday: '1988-11-02' },
  { phone: '0911000003', username: '陳怡君', email: 'demo.member3@example.com', birthday: '1995-07-09' },
];

const DAY = 86_400_000;
type Line = { kind: PointsKind; amount: number; daysAgo: number; note: string };
const LEDGERS: Line[][] = [
  [
    { kind: 'welcome', amount: 50, daysAgo: 200, note: '新會員禮' },
    { kind: 'adjust', amount: 300, daysAgo: 150, note: '開幕活動加碼' },
    { kind: 'review', amount: 50, daysAgo: 90, note: '附照片評價回饋' },
    { kind: 'adjust', amount: -80, daysAgo: 60, note: '客服調整' },
    { kind: 'birthday', amount: 100, daysAgo: 30, note: '生日禮' },
    { kind: 'review', amount: 20, daysAgo: 5, note: '評價回饋' },
  ],
  [
    { kind: 'welcome', amount: 50, daysAgo: 120, note: '新會員禮' },
    { kind: 'review', amount: 20, daysAgo: 40, note: '評價回饋' },
    { kind: 'birthday', amount: 100, daysAgo: 10, note: '生日禮' },
  ],
  [{ kind: 'adjust', amount: 500, daysAgo: 340, note: '舊會員點數轉入' }],
];

/**
 * The default tiers (when none) and three demo members with a few kinds of 購物金 entries, their
 * cached balance equal to the ledger (the same rule as PointsLedger). Members already there (by
 * phone) are left alone.
 */
export async function seedDemoRewards(m: EntityManager, now = new Date()): Promise<number> {
  if ((await m.count(MemberTier)) === 0) await insertRows(m, MemberTier, DEFAULT_TIERS.map((t, i) => ({ id: i + 1, ...t })));
  let seeded = 0;
  for (const [i, member] of MEMBERS.entries()) {
    if ((await m.count(User, { where: { account: member.phone } })) > 0) continue;
    const user = await m.save(m.create(User, { account: member.phone, phone: member.phone, password_hash: demoPasswordHash(), username: member.username, email: member.email, gender: '', birthday: member.birthday }));
    await m.insert(UserConfig, { user_id: user.id });
    let balance = 0;
    const rows = LEDGERS[i].map((l, k) => {
      const at = new Date(now.getTime() - l.daysAgo * DAY);
      balance += l.amount;
      return {
        user_id: user.id,
        kind: l.kind,
        amount: l.amount,
        balance_after: balance,
        order_id: null,
        source_key: `demo:${user.id}:${k}`,
        note: l.note,
        created_by: null,
        created_at: at,
        available_at: at,
        expires_at: l.amount > 0 ? expiresAtFor(at, 12) : null,
      };
    });
    await insertRows(m, PointsEntry, rows);
    await m.insert(MemberPoints, { user_id: user.id, balance, pending: 0, tier_id: 1, spend_12m: [6800, 2500, 0][i] });
    seeded += 1;
  }
  return seeded;
}
