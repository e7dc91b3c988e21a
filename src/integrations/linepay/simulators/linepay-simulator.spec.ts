import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { LinePayClient } from '../linepay-client';
import { createLinePaySimulator } from './linepay-simulator';

/**
 * Mounted as the app will mount it: under a prefix, behind a JSON body parser that keeps the raw
 * body (Nest's `rawBody: true` sets `req.rawBody` the same way) — the signature covers the bytes.
 */
describe('LINE Pay simulator mounted in an app under a prefix', () => {
  let server: Server;
  let base: string;
  const sim = createLinePaySimulator({ channelId: '1656000002', channelSecret: 'mounted-simulator-secret-0002' });

  beforeAll(async () => {
    const app = express();
    app.use(
      express.json({
        verify: (req, _res, buf) => {
          (req as unknown as { rawBody: Buffer }).rawBody = Buffer.from(buf);
        },
      }),
    );
    app.use('/dev/linepay', sim.router);
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dev/linepay`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  it('signs against the API path (prefix excluded) and serves its page under the prefix', async () => {
    const client = new LinePayClient({ apiUrl: base, channelId: '1656000002', channelSecret: 'mounted-simulator-secret-0002' });
    const req = await client.request({
      orderId: 'MOUNTED-1',
      amount: 990,
      currency: 'TWD',
      packages: [{ id: '1', amount: 990, name: '肌膚商城', products: [{ name: '精華液', quantity: 3, price: 330 }] }],
      redirectUrls: { confirmUrl: 'http://127.0.0.1/confirm', cancelUrl: 'http://127.0.0.1/cancel' },
    });
    expect(req.paymentUrl.web).toBe(`${base}/pay/${req.transactionId}`);
    const html = await (await fetch(req.paymentUrl.web)).text();
    expect(html).toContain(`action="/dev/linepay/pay/${req.transactionId}/approve"`);
    const res = await fetch(`${base}/pay/${req.transactionId}/approve`, { method: 'POST', redirect: 'manual' });
    expect(res.headers.get('location')).toBe(`http://127.0.0.1/confirm?transactionId=${req.transactionId}&orderId=MOUNTED-1`);
    expect((await client.confirm(req.transactionId, { amount: 990, currency: 'TWD' })).orderId).toBe('MOUNTED-1');
    expect(sim.redirectFor(req.transactionId, 'cancel')).toBe('http://127.0.0.1/cancel');
  });
});
