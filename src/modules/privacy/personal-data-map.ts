import type { EntityManager } from 'typeorm';

/**
 * THE personal-data map (個資法 art. 3; spec 4 §4 Personal data; issue 22 §4): every table that holds
 * something about a member, what 下載我的資料 exports from it and what 刪除帳號 does to it, with why.
 * Export and deletion both walk this one list, so a table added here is exported and erased alike.
 * Tables of other modules are reached by name (read, and written only for the erasure), here and
 * nowhere else in this module.
 *
 * Kept on purpose (and why):
 * - orders with their items, adjustments and refunds: the invoice and tax records (稅捐稽徵法 / 商業會計法
 *   retention). Name, phone, e-mail, address, store, carrier barcodes are blanked ('已刪除' for the
 *   names); totals, invoice numbers and a B2B buyer's tax_id / company_name stay (the invoice law needs
 *   them, and they name a company, not the member). orders.user_id is set NULL: no order points back to
 *   a person. Done refunds keep the amount and bank code; the account is cut to its last 4 digits and
 *   the holder's name blanked.
 * - points_ledger: the 購物金 liability's accounting trail (amounts, orders, system notes), under the
 *   former member id only; the remaining balance is forfeited with one closing entry (the ledger still
 *   sums to 0) and member_points is deleted.
 * - reviews: kept under 「已刪除的會員」 (the rating summaries and other shoppers rely on them; no name,
 *   contact or link to the account is left: user_id is a former id).
 * - consent_records: the proof that past marketing had consent (former id, purpose, time, source only).
 * - return_requests: part of an order's refund record (former id, reason, status).
 * - privacy_requests: the staff log itself (masked phone).
 * - promotion_uses / promotion_member_uses: coupon use counts (limits, the promotion report), former id.
 * Everything else about the member is deleted, then the users row.
 */

/** What a map entry exports: a list of rows, or one row (null when none). */
export type ExportedValue = Array<Record<string, unknown>> | Record<string, unknown> | null;

export interface MemberFacts {
  userId: number;
  phone: string | null;
  /** The member's LINE user ids (users.line_user_id and LINE identities). */
  lineUserIds: string[];
}

export interface ErasureContext extends MemberFacts {
  now: Date;
}

export interface PersonalDataEntry {
  /** The key of the export's JSON. */
  key: string;
  /** The tables this entry covers (documentation and the map's test). */
  tables: string[];
  /** Rows of the member, as exported (never secrets: hashes, codes, tokens, session ids). */
  export?: (m: EntityManager, member: MemberFacts) => Promise<ExportedValue>;
  /** What deletion does (in the deletion's transaction), before the users row goes. */
  erase: (m: EntityManager, ctx: ErasureContext) => Promise<void>;
}

export const DELETED_NAME = '已刪除';
export const DELETED_REVIEWER = '已刪除的會員';

/** Dates as ISO text (MariaDB answers Date objects, SQLite UTC text). */
export function normalise(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (v instanceof Date) out[k] = v.toISOString();
    else if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(v)) out[k] = new Date(`${v.replace(' ', 'T')}Z`).toISOString();
    else out[k] = v;
  }
  return out;
}

/** `1098765432101234567` → `10…4567` (as the profile shows social ids). */
export function maskSubject(id: string | null | undefined): string | null {
  if (!id) return null;
  return id.length <= 6 ? '…' + id.slice(-2) : `${id.slice(0, 2)}…${id.slice(-4)}`;
}

/** `0912345678` → `0912***678` (the staff log's hint). */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return phone.length <= 7 ? `${phone.slice(0, 2)}***` : `${phone.slice(0, 4)}***${phone.slice(-3)}`;
}

const rows = async (m: EntityManager, sql: string, params: unknown[]): Promise<Array<Record<string, unknown>>> =>
  ((await m.query(sql, params)) as Array<Record<string, unknown>>).map(normalise);
const inList = (n: number) => Array.from({ length: n }, () => '?').join(', ');
const del = (m: EntityManager, table: string, column: string, value: unknown) => m.query(`DELETE FROM ${table} WHERE ${column} = ?`, [value]);

/** Orders whose state means the parcel or the payment is still under way (deletion waits for them). */
export const OPEN_ORDER_STATUSES = ['pending', 'paid', 'processing', 'shipped'] as const;
/** Refunds staff still owe (a transfer to make, an unknown gateway outcome). */
export const OPEN_REFUND_STATUSES = ['pending', 'manual'] as const;

export const PERSONAL_DATA_MAP: readonly PersonalDataEntry[] = [
  {
    key: 'profile',
    tables: ['users', 'user_configs'],
    export: async (m, { userId }) => {
      const [u] = await rows(
        m,
        `SELECT id AS user_id, account, email, phone, username, gender, birthday, is_active, blocked_at, blocked_reason, last_login_at, created_at, updated_at,
                CASE WHEN password_hash IS NULL THEN 0 ELSE 1 END AS has_password
         FROM users WHERE id = ?`,
        [userId],
      );
      if (!u) return null;
      const [config] = await rows(
        m,
        'SELECT default_shipping, default_mobile_barcode, default_citizen_barcode, default_company_name, default_tax_id FROM user_configs WHERE user_id = ?',
        [userId],
      );
      return { ...u, has_password: Number(u.has_password) === 1, checkout_defaults: config ?? null };
    },
    // The users row itself goes last (PrivacyService); its config now.
    erase: async (m, { userId }) => {
      await del(m, 'user_configs', 'user_id', userId);
    },
  },
  {
    key: 'addresses',
    tables: ['addresses'],
    export: (m, { userId }) =>
      rows(m, 'SELECT shipping_type, city, district, zip, street, store_id, store_name, store_addr, is_default, created_at FROM addresses WHERE user_id = ? ORDER BY sort_order, id', [userId]),
    erase: async (m, { userId }) => {
      await del(m, 'addresses', 'user_id', userId);
    },
  },
  {
    key: 'identities',
    tables: ['user_identities', 'line_friends'],
    export: async (m, { userId }) => {
      const list = await rows(m, 'SELECT provider, subject, email, display_name, created_at, last_login_at FROM user_identities WHERE user_id = ? ORDER BY id', [userId]);
      const [legacy] = await rows(m, 'SELECT facebook_id, google_id, line_user_id FROM users WHERE id = ?', [userId]);
      const out: Array<Record<string, unknown>> = list.map((i) => ({ ...i, subject: maskSubject(typeof i.subject === 'string' ? i.subject : null) }));
      for (const provider of ['facebook', 'google', 'line'] as const) {
        const id = legacy?.[provider === 'line' ? 'line_user_id' : `${provider}_id`];
        if (typeof id === 'string' && id && !list.some((i) => i.provider === provider && i.subject === id)) out.push({ provider, subject: maskSubject(id) });
      }
      return out;
    },
    erase: async (m, { userId, lineUserIds }) => {
      await del(m, 'user_identities', 'user_id', userId);
      if (lineUserIds.length) await m.query(`DELETE FROM line_friends WHERE line_user_id IN (${inList(lineUserIds.length)})`, lineUserIds);
    },
  },
  {
    key: 'preferences',
    tables: ['member_preferences'],
    export: async (m, { userId }) => {
      const [p] = await rows(m, 'SELECT notify_channel, marketing_email, marketing_line, marketing_email_at, marketing_line_at, updated_at FROM member_preferences WHERE user_id = ?', [userId]);
      return p ?? null;
    },
    erase: async (m, { userId }) => {
      await del(m, 'member_preferences', 'user_id', userId);
    },
  },
  {
    key: 'consents',
    tables: ['consent_records'],
    export: (m, { userId }) => rows(m, 'SELECT purpose, granted, value, source, created_at FROM consent_records WHERE user_id = ? ORDER BY id', [userId]),
    erase: async () => undefined, // kept: proof of consent (former id only)
  },
  {
    key: 'orders',
    tables: ['orders', 'order_items', 'order_adjustments', 'refunds'],
    export: async (m, { userId }) => {
      const orders = await rows(
        m,
        `SELECT id, mer_trade_no, created_at, status_name, payment, payment_status, shipping, delivery_time_slot,
                buy_name, buy_phone, buy_email, name, phone, zip, city, district, street, store_id, store_name, store_addr,
                invoice_type, carrier_type, mobile_barcode, citizen_barcode, company_name, tax_id, donate_code, invoice_no,
                subtotal, discount_total, points_used, shipping_fee, total_amount, refunded_amount, return_status,
                paid_at, cancelled_at, delivered_at, completed_at
         FROM orders WHERE user_id = ? ORDER BY id`,
        [userId],
      );
      if (orders.length === 0) return [];
      const ids = orders.map((o) => Number(o.id));
      const items = await rows(m, `SELECT order_id, product_id, title, variant_name, price, quantity, discount, amount, line_kind FROM order_items WHERE order_id IN (${inList(ids.length)}) ORDER BY id`, ids);
      const adjustments = await rows(m, `SELECT order_id, kind, label, amount, created_at FROM order_adjustments WHERE order_id IN (${inList(ids.length)}) ORDER BY id`, ids);
      const of = (list: Array<Record<string, unknown>>, id: number) => list.filter((r) => Number(r.order_id) === id).map(({ order_id: _o, ...r }) => r);
      return orders.map(({ id, ...o }) => ({ ...o, items: of(items, Number(id)), adjustments: of(adjustments, Number(id)) }));
    },
    erase: async (m, { userId }) => {
      const ids = ((await m.query('SELECT id FROM orders WHERE user_id = ?', [userId])) as { id: number | string }[]).map((r) => Number(r.id));
      if (ids.length) {
        // Refund transfers: the account cut to its last 4 digits, the holder's name blanked.
        const refunds = (await m.query(`SELECT id, bank_account FROM refunds WHERE order_id IN (${inList(ids.length)}) AND (bank_account <> '' OR bank_name <> '')`, ids)) as { id: number | string; bank_account: string }[];
        for (const r of refunds) {
          const account = r.bank_account ? `****${r.bank_account.slice(-4)}` : '';
          await m.query('UPDATE refunds SET bank_account = ?, bank_name = ? WHERE id = ?', [account, DELETED_NAME, Number(r.id)]);
        }
      }
      await m.query(
        `UPDATE orders SET user_id = NULL, buy_name = ?, buy_phone = '', buy_email = '', name = ?, phone = '', zip = '', city = '', district = '', street = '',
                store_id = '', store_name = '', store_addr = '', mobile_barcode = '', citizen_barcode = '', idempotency_key = NULL
         WHERE user_id = ?`,
        [DELETED_NAME, DELETED_NAME, userId],
      );
    },
  },
  {
    key: 'points',
    tables: ['member_points', 'points_ledger'],
    export: async (m, { userId }) => {
      const [account] = await rows(m, 'SELECT balance, pending FROM member_points WHERE user_id = ?', [userId]);
      const entries = await rows(m, 'SELECT kind, amount, balance_after, order_id, note, created_at, available_at, expires_at FROM points_ledger WHERE user_id = ? ORDER BY id', [userId]);
      return { balance: Number(account?.balance ?? 0), pending: Number(account?.pending ?? 0), entries };
    },
    erase: async (m, { userId, now }) => {
      const [account] = (await m.query('SELECT balance FROM member_points WHERE user_id = ?', [userId])) as { balance: number | string }[];
      const balance = Number(account?.balance ?? 0);
      if (balance > 0) {
        await m
          .createQueryBuilder()
          .insert()
          .into('points_ledger')
          .values({ user_id: userId, kind: 'adjust', amount: -balance, balance_after: 0, order_id: null, source_key: `delete:${userId}`, note: '帳號刪除，餘額失效', created_by: null, available_at: now, expires_at: null })
          .execute();
      }
      await del(m, 'member_points', 'user_id', userId);
    },
  },
  {
    key: 'reviews',
    tables: ['reviews'],
    export: (m, { userId }) =>
      rows(m, 'SELECT product_id, variant_name, rating, content, photos, display_name, is_visible, reply, replied_at, created_at FROM reviews WHERE user_id = ? ORDER BY id', [userId]),
    erase: async (m, { userId }) => {
      await m.query('UPDATE reviews SET display_name = ? WHERE user_id = ?', [DELETED_REVIEWER, userId]);
    },
  },
  {
    key: 'wishlist',
    tables: ['wishlist_items'],
    export: (m, { userId }) => rows(m, 'SELECT product_id, created_at FROM wishlist_items WHERE user_id = ? ORDER BY id', [userId]),
    erase: async (m, { userId }) => {
      await del(m, 'wishlist_items', 'user_id', userId);
    },
  },
  {
    key: 'restock_requests',
    tables: ['restock_requests'],
    export: (m, { userId }) => rows(m, 'SELECT product_id, variant_id, channel, created_at, notified_at, cancelled_at FROM restock_requests WHERE user_id = ? ORDER BY id', [userId]),
    erase: async (m, { userId }) => {
      await del(m, 'restock_requests', 'user_id', userId);
    },
  },
  {
    key: 'cart',
    tables: ['member_carts', 'member_cart_items'],
    export: async (m, { userId }) => {
      const [cart] = await rows(m, 'SELECT touched_at, reminded_at FROM member_carts WHERE user_id = ?', [userId]);
      const items = await rows(m, 'SELECT product_id, variant_id, quantity, updated_at FROM member_cart_items WHERE user_id = ? AND quantity > 0 ORDER BY id', [userId]);
      return { ...(cart ?? { touched_at: null, reminded_at: null }), items };
    },
    erase: async (m, { userId }) => {
      await del(m, 'member_cart_items', 'user_id', userId);
      await del(m, 'member_carts', 'user_id', userId);
    },
  },
  {
    key: 'returns',
    tables: ['return_requests'],
    export: (m, { userId }) =>
      rows(m, 'SELECT r.reason, r.status, r.created_at, o.mer_trade_no FROM return_requests r LEFT JOIN orders o ON o.id = r.order_id WHERE r.user_id = ? ORDER BY r.id', [userId]),
    erase: async () => undefined, // kept with the order's refund record (former id)
  },
  {
    key: 'contact_messages',
    tables: ['contact_messages'],
    export: (m, { userId }) => rows(m, 'SELECT name, email, phone, message, created_at FROM contact_messages WHERE user_id = ? ORDER BY id', [userId]),
    erase: async (m, { userId }) => {
      await del(m, 'contact_messages', 'user_id', userId);
    },
  },
  {
    key: 'privacy_requests',
    tables: ['privacy_requests'],
    export: (m, { userId }) => rows(m, 'SELECT kind, confirmed_by, created_at FROM privacy_requests WHERE user_id = ? ORDER BY id', [userId]),
    erase: async () => undefined, // the staff log (masked phone)
  },
  {
    // Coupon uses (per-member limits, the promotion report): part of the orders' record, former id only.
    key: 'promotion_uses',
    tables: ['promotion_uses', 'promotion_member_uses'],
    erase: async () => undefined,
  },
  {
    // Sessions: ended through the session store (Redis or the table) right after the deletion commits.
    key: 'sessions',
    tables: ['sessions'],
    erase: async () => undefined,
  },
  {
    // Staff notes about the member and one-time codes: not exported (internal notes; secrets), deleted.
    key: 'internal',
    tables: ['member_notes', 'email_codes', 'phone_codes'],
    erase: async (m, { userId, phone }) => {
      await del(m, 'member_notes', 'user_id', userId);
      await del(m, 'email_codes', 'user_id', userId);
      if (phone) await del(m, 'phone_codes', 'phone', phone);
    },
  },
];
