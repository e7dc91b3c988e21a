import { DataSource } from 'typeorm';
import { Transactions } from '../../src/common/transactions/transactions';
import { OutOfStockError, StockLine, StockService, VariantUnavailableError } from '../../src/modules/catalog/stock.service';
import { expectOrderAddsUp } from '../helpers/order-invariants';
import { createTestApp, TestApp } from '../helpers/test-app';
import { feeFor, homeCod, shippingMethod, shopper, stockOf, submit, variants } from './checkout-fixtures';

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('stock reservations under concurrency (many buyers, little stock)', () => {
  let t: TestApp;
  let ds: DataSource;
  let stock: StockService;
  let tx: Transactions;
  /** Two variants of one product and one of another (the product rows are locked too). */
  let a: number, b: number, c: number;
  let p: number, q: number;

  const quantities = async () => {
    const rows: { id: number; quantity: number }[] = await ds.query('SELECT id, quantity FROM product_variants WHERE id IN (?, ?, ?)', [a, b, c]);
    return new Map(rows.map((r) => [Number(r.id), Number(r.quantity)]));
  };
  const sold = async () => {
    const rows: { id: number; sold_quantity: number }[] = await ds.query('SELECT id, sold_quantity FROM products WHERE id IN (?, ?)', [p, q]);
    return new Map(rows.map((r) => [Number(r.id), Number(r.sold_quantity)]));
  };
  const setStock = (n: number) => ds.query('UPDATE product_variants SET quantity = ? WHERE id IN (?, ?, ?)', [n, a, b, c]);

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    stock = t.app.get(StockService);
    tx = t.app.get(Transactions);
    const multi: { product_id: number }[] = await ds.query(
      `SELECT v.product_id FROM product_variants v JOIN products p ON p.id = v.product_id
       WHERE p.is_active = 1 AND v.is_active = 1 GROUP BY v.product_id HAVING COUNT(*) >= 2 ORDER BY v.product_id`,
    );
    p = Number(multi[0].product_id);
    q = Number(multi[1].product_id);
    const vp: { id: number }[] = await ds.query('SELECT id FROM product_variants WHERE product_id = ? AND is_active = 1 ORDER BY id', [p]);
    const vq: { id: number }[] = await ds.query('SELECT id FROM product_variants WHERE product_id = ? AND is_active = 1 ORDER BY id', [q]);
    [a, b, c] = [Number(vp[0].id), Number(vp[1].id), Number(vq[0].id)];
  });
  afterAll(async () => t?.close());

  it('never sells more than the stock, all or nothing per reservation, and release restores exactly', async () => {
    await setStock(10);
    const soldBefore = await sold();
    const random = rng(20261124);
    const ids = [a, b, c];
    // 40 buyers asking for ~90 units of 30: 1–3 units of one variant, or of two or three
    // (sometimes the same variant twice), listed in any order.
    const baskets: StockLine[][] = Array.from({ length: 40 }, () => {
      const n = 1 + Math.floor(random() * 3);
      return Array.from({ length: n }, () => ({ variantId: ids[Math.floor(random() * 3)], quantity: 1 + Math.floor(random() * 3) }));
    });

    const outcomes = await Promise.all(
      baskets.map(async (lines) => {
        try {
          await tx.run(() => stock.reserveStock(lines));
          return { lines, ok: true as const };
        } catch (err) {
          if (err instanceof OutOfStockError) return { lines, ok: false as const, err };
          throw err; // a deadlock or anything else fails the test
        }
      }),
    );

    const won = outcomes.filter((o) => o.ok);
    const lost = outcomes.filter((o) => !o.ok);
    expect(won.length).toBeGreaterThan(0);
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.some((o) => new Set(o.lines.map((l) => l.variantId)).size > 1)).toBe(true); // multi-item rollbacks happened

    const taken = new Map(ids.map((id) => [id, 0]));
    for (const o of won) for (const l of o.lines) taken.set(l.variantId, taken.get(l.variantId)! + l.quantity);
    const after = await quantities();
    for (const id of ids) {
      expect(after.get(id)).toBeGreaterThanOrEqual(0);
      expect(taken.get(id)).toBeLessThanOrEqual(10);
      // Exactly what the winners took left the shelf: losers (multi-item too) left nothing behind.
      expect(after.get(id)).toBe(10 - taken.get(id)!);
    }
    // A reservation sells nothing yet: 已售出 counts paid orders (docs/decisions/0057-real-social-proof.md).
    expect(await sold()).toEqual(soldBefore);
    // Every loser was told what is left of a variant it asked for, never more than it wanted.
    for (const o of lost) {
      const e = o.err!;
      expect(o.lines.some((l) => l.variantId === e.variantId)).toBe(true);
      const asked = o.lines.filter((l) => l.variantId === e.variantId).reduce((s, l) => s + l.quantity, 0);
      expect(e.available).toBeLessThan(asked);
      expect(e.message).toMatch(/^庫存不足：「.+」(僅剩 \d+ 件|已售完)$/);
    }

    // Releasing every winner, concurrently, restores the shelf exactly; the sold counts never moved.
    await Promise.all(won.map((o) => tx.run(() => stock.releaseStock(o.lines))));
    expect(await quantities()).toEqual(new Map(ids.map((id) => [id, 10])));
    expect(await sold()).toEqual(soldBefore);
  });

  it('sells the last units to exactly one of many buyers asking for them at once', async () => {
    await setStock(3);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => tx.run(() => stock.reserveStock([{ variantId: a, quantity: 3 }]))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(OutOfStockError);
    expect((await quantities()).get(a)).toBe(0);
  });

  it('rolls back an earlier line when a later one is short, and the caller’s other writes with it', async () => {
    await setStock(5);
    await ds.query('UPDATE product_variants SET quantity = 1 WHERE id = ?', [c]);
    const soldBefore = await sold();
    const err = await tx
      .run(async () => {
        // Another module's row in the same transaction (checkout: the order rows).
        await tx.manager.query('INSERT INTO content_versions (v_key, v_value) VALUES (?, ?)', ['stockRaceProbe', 'x']);
        await stock.reserveStock([{ variantId: a, quantity: 2 }]);
        await stock.reserveStock([
          { variantId: b, quantity: 1 },
          { variantId: c, quantity: 2 },
        ]);
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutOfStockError);
    expect(err).toMatchObject({ variantId: c, productId: q, available: 1 });
    expect((err as OutOfStockError).getResponse()).toMatchObject({ success: false, variant_id: c, product_id: q, available: 1 });
    expect((err as OutOfStockError).getStatus()).toBe(409);
    expect(await quantities()).toEqual(new Map([[a, 5], [b, 5], [c, 1]]));
    expect(await sold()).toEqual(soldBefore);
    expect(await ds.query('SELECT v_key FROM content_versions WHERE v_key = ?', ['stockRaceProbe'])).toEqual([]);
  });

  it('adds up lines of the same variant and checks quantities', async () => {
    await setStock(5);
    await expect(
      stock.reserveStock([
        { variantId: a, quantity: 3 },
        { variantId: a, quantity: 3 },
      ]),
    ).rejects.toMatchObject({ available: 5 });
    await stock.reserveStock([
      { variantId: a, quantity: 2 },
      { variantId: a, quantity: 3 },
    ]);
    expect((await quantities()).get(a)).toBe(0);
    await stock.releaseStock([{ variantId: a, quantity: 5 }]);

    for (const quantity of [0, -1, 100, 1.5, Number.NaN]) {
      await expect(stock.reserveStock([{ variantId: a, quantity }])).rejects.toMatchObject({ message: '購買數量須為 1 到 99 件' });
    }
    await expect(stock.reserveStock([{ variantId: 99_999_999, quantity: 1 }])).rejects.toMatchObject({ message: '找不到商品' });
    expect((await quantities()).get(a)).toBe(5);
  });

  it('members buying the last units at once through the real checkout: never oversold, and every order made adds up on the stored order (issue 19 §3)', async () => {
    const [v] = await variants(t.app, 1, 4);
    expect([p, q]).not.toContain(v.productId);
    const home = await shippingMethod(t.app, 4);
    const total = v.price * 2 + feeFor(home, v.price * 2);
    const buyers = [];
    for (let i = 0; i < 8; i++) buyers.push(await shopper(t));
    for (const s of buyers) await s.b.csrfToken();
    const answers = await Promise.all(buyers.map((s, i) => submit(s, homeCod(s, [{ v, quantity: 2 }], total), `stock-race-${i}`)));
    const made = answers.filter((r) => r.status === 200);
    expect(made).toHaveLength(2);
    for (const r of answers) expect([200, 409]).toContain(r.status);
    expect(await stockOf(t.app, v.variantId)).toBe(0);
    for (const r of made) expect((await expectOrderAddsUp(t.app, r.body.resData.order_id as number)).order.total_amount).toBe(total);
  });

  it('refuses switched-off variants and delisted products, and still takes their returns', async () => {
    await setStock(5);
    await ds.query('UPDATE product_variants SET is_active = 0 WHERE id = ?', [b]);
    await expect(stock.reserveStock([{ variantId: b, quantity: 1 }])).rejects.toBeInstanceOf(VariantUnavailableError);
    await ds.query('UPDATE product_variants SET is_active = 1 WHERE id = ?', [b]);

    await ds.query('UPDATE products SET is_active = 0 WHERE id = ?', [q]);
    const err = await stock.reserveStock([{ variantId: c, quantity: 1 }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VariantUnavailableError);
    expect((err as Error).message).toMatch(/^「.+」已下架，無法購買$/);
    await stock.releaseStock([{ variantId: c, quantity: 2 }]);
    expect((await quantities()).get(c)).toBe(7);
    await ds.query('UPDATE products SET is_active = 1 WHERE id = ?', [q]);
  });
});
