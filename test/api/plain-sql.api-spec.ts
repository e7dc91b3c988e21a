import { DataSource, In, IsNull } from 'typeorm';
import { plainFind, plainFindOne, plainInsert, plainUpdate } from '../../src/database/plain-sql';
import { MemberCartItem } from '../../src/modules/member-cart/entities/member-cart-item.entity';
import { OutboxMessage } from '../../src/jobs/outbox/outbox-message.entity';
import { Session } from '../../src/modules/auth/entities/session.entity';
import { Product } from '../../src/modules/catalog/entities/product.entity';
import { ProductVariant } from '../../src/modules/catalog/entities/product-variant.entity';
import { Address } from '../../src/modules/users/entities/address.entity';
import { User } from '../../src/modules/users/entities/user.entity';
import { UserConfig } from '../../src/modules/users/entities/user-config.entity';
import { createTestApp, TestApp } from '../helpers/test-app';
import { shopper, variants, type Shopper } from './checkout-fixtures';
import { codOrder } from './points-fixtures';

jest.setTimeout(120_000);

/**
 * src/database/plain-sql.ts: the hot reads in plain SQL return what TypeORM's find() returns — the
 * same rows, columns and JS types (dates, numbers, nullable columns) — and its inserts and updates
 * write what TypeORM's would (JSON, defaults, IGNORE, RETURNING, the update date), on this run's
 * database (SQLite or MariaDB).
 */
describe('plainFind / plainInsert / plainUpdate: the same rows as TypeORM', () => {
  let t: TestApp;
  let ds: DataSource;
  let s: Shopper;

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    s = await shopper(t);
    // An order leaves an address book and defaults behind.
    const [v] = await variants(t.app, 1, 5);
    await codOrder(s, [{ v, quantity: 1 }]);
  });
  afterAll(() => t.close());

  it('reads a whole row by its key, with every column typed as find() types it', async () => {
    const plain = await plainFindOne(ds.manager, User, { where: { id: s.userId } });
    const orm = await ds.getRepository(User).findOne({ where: { id: s.userId } });
    expect(plain).toBeInstanceOf(User);
    expect(plain).toEqual(orm);
    expect(plain?.created_at).toBeInstanceOf(Date);
  });

  it('reads chosen columns, IN lists, ordering and IS NULL', async () => {
    const products = await ds.getRepository(Product).find({ select: { id: true }, take: 3, order: { id: 'ASC' } });
    const ids = products.map((p) => p.id);
    const select = ['id', 'title', 'image_url', 'is_active', 'product_type'] as const;
    expect(await plainFind(ds.manager, Product, { select, where: { id: ids } })).toEqual(
      await ds.getRepository(Product).find({ select: { id: true, title: true, image_url: true, is_active: true, product_type: true }, where: { id: In(ids) } }),
    );
    const order = [['sort_order', 'ASC'], ['id', 'DESC']] as const;
    expect(await plainFind(ds.manager, ProductVariant, { where: { product_id: ids }, order })).toEqual(
      await ds.getRepository(ProductVariant).find({ where: { product_id: In(ids) }, order: { sort_order: 'ASC', id: 'DESC' } }),
    );
    expect(await plainFind(ds.manager, Address, { where: { user_id: s.userId } })).toEqual(await ds.getRepository(Address).find({ where: { user_id: s.userId } }));
    expect(await plainFindOne(ds.manager, UserConfig, { where: { user_id: s.userId } })).toEqual(await ds.getRepository(UserConfig).findOne({ where: { user_id: s.userId } }));
    // (Sessions live in Redis when the run has one: a row of the table store written here.)
    await ds.getRepository(Session).insert({ id: `plain-sql-${s.userId}`, data: '{}', expires_at: new Date(Date.now() + 60_000), user_id: s.userId, admin_id: null });
    const withoutAdmin = await plainFind(ds.manager, Session, { select: ['id', 'expires_at', 'admin_id'], where: { user_id: s.userId, admin_id: null } });
    expect(withoutAdmin.length).toBeGreaterThan(0);
    expect(withoutAdmin).toEqual(await ds.getRepository(Session).find({ select: { id: true, expires_at: true, admin_id: true }, where: { user_id: s.userId, admin_id: IsNull() } }));
    expect(withoutAdmin[0].expires_at).toBeInstanceOf(Date);
  });

  it('answers nothing for an empty IN list (without asking), and refuses what is not a plain column', async () => {
    expect(await plainFind(ds.manager, Product, { where: { id: [] } })).toEqual([]);
    await expect(plainFind(ds.manager, User, { where: { nope: 1 } as never })).rejects.toThrow('User.nope is not a plain column');
  });

  it('inserts rows as TypeORM persists them: JSON, defaults, several rows, IGNORE of a taken key, RETURNING', async () => {
    const m = ds.manager;
    const payload = { orderId: 7, nested: { list: [1, '二'] } };
    const [first] = await plainInsert(m, OutboxMessage, [{ job_name: 'plain-sql', job_id: `plain-sql-a-${s.userId}`, payload, attempts: null }], { ignore: true, returning: ['id', 'state'] });
    expect(first.id).toEqual(expect.any(Number));
    expect(first.state).toBe('pending'); // the column's default
    const stored = await ds.getRepository(OutboxMessage).findOneByOrFail({ id: first.id });
    expect(stored).toMatchObject({ job_name: 'plain-sql', payload, attempts: null, state: 'pending', dispatch_count: 0 });
    // The same job id again: skipped, nothing returned, nothing changed.
    expect(await plainInsert(m, OutboxMessage, [{ job_name: 'other', job_id: `plain-sql-a-${s.userId}`, payload: {} }], { ignore: true, returning: ['id'] })).toEqual([]);
    expect(await ds.getRepository(OutboxMessage).countBy({ job_id: `plain-sql-a-${s.userId}` })).toBe(1);
    // Several rows at once; a nullable column one row leaves out is NULL there.
    await plainInsert(m, OutboxMessage, [
      { job_name: 'plain-sql', job_id: `plain-sql-b-${s.userId}`, payload: [1], attempts: 3 },
      { job_name: 'plain-sql', job_id: `plain-sql-c-${s.userId}`, payload: 'x' },
    ]);
    const both = await ds.getRepository(OutboxMessage).find({ where: { job_id: In([`plain-sql-b-${s.userId}`, `plain-sql-c-${s.userId}`]) }, order: { job_id: 'ASC' } });
    expect(both.map((r) => [r.payload, r.attempts])).toEqual([[[1], 3], ['x', null]]);
    // A column with a default can't be left out of some rows only.
    await expect(plainInsert(m, OutboxMessage, [{ job_name: 'a', job_id: `plain-sql-d-${s.userId}`, payload: 1, state: 'done' }, { job_name: 'a', job_id: `plain-sql-e-${s.userId}`, payload: 1 }] as never)).rejects.toThrow(
      'every row must give OutboxMessage.state',
    );
  });

  it('updates as TypeORM does: converted values, IN lists, a fixed extra condition, the rows changed; the update date follows', async () => {
    const m = ds.manager;
    const [a, b] = await variants(t.app, 2, 5);
    const repo = ds.getRepository(MemberCartItem);
    const at = new Date(Date.now() - 60_000);
    await repo.insert([
      { user_id: s.userId, product_id: a.productId, variant_id: a.variantId, quantity: 2, updated_at: at },
      { user_id: s.userId, product_id: b.productId, variant_id: b.variantId, quantity: 0, updated_at: at },
    ]);
    const now = new Date();
    // Only the line with a quantity left changes.
    expect(await plainUpdate(m, MemberCartItem, { quantity: 0, updated_at: now }, { user_id: s.userId, variant_id: [a.variantId, b.variantId] }, 'quantity > 0')).toBe(1);
    const rows = await repo.find({ where: { user_id: s.userId, variant_id: In([a.variantId, b.variantId]) }, order: { variant_id: 'ASC' } });
    const byVariant = new Map(rows.map((r) => [r.variant_id, r]));
    expect(byVariant.get(a.variantId)).toMatchObject({ quantity: 0 });
    expect(byVariant.get(a.variantId)!.updated_at.getTime()).toBe(now.getTime());
    expect(byVariant.get(b.variantId)!.updated_at.getTime()).toBe(at.getTime());
    // The entity's update date column is set, as TypeORM's update() sets it.
    const old = new Date('2020-01-01T00:00:00.000Z');
    await ds.getRepository(ProductVariant).update({ id: a.variantId }, { updated_at: old });
    expect(await plainUpdate(m, ProductVariant, { sort_order: 7 }, { id: a.variantId })).toBe(1);
    const variant = await ds.getRepository(ProductVariant).findOneByOrFail({ id: a.variantId });
    expect(variant.sort_order).toBe(7);
    expect(variant.updated_at.getTime()).toBeGreaterThan(old.getTime());
    // An empty IN list changes nothing and asks nothing.
    expect(await plainUpdate(m, MemberCartItem, { quantity: 1 }, { user_id: s.userId, variant_id: [] })).toBe(0);
  });
});
