import { DevOutbox } from '../outbox/dev-outbox';
import { Every8dSmsSender, parseEvery8dReply } from './every8d-sms.sender';
import { LogSmsSender } from './log-sms.sender';
import { MitakeSmsSender, parseMitakeReply } from './mitake-sms.sender';
import { SmsError } from './sms-sender';
import { SmsSimulator, startEvery8dSimulator, startMitakeSimulator } from './simulators/sms-simulators';

describe('SMS drivers against local servers speaking each provider protocol', () => {
  describe('Mitake', () => {
    let sim: SmsSimulator;
    beforeAll(async () => (sim = await startMitakeSimulator({ username: 'shop', password: 'pw' })));
    afterAll(async () => sim.close());

    it('sends a UTF-8 message and returns the msgid', async () => {
      const sender = new MitakeSmsSender({ apiUrl: sim.apiUrl, username: 'shop', password: 'pw' });
      const r = await sender.send('0912345678', '【肌研舍】您的驗證碼為 123456，10 分鐘內有效。');
      expect(r.messageId).toMatch(/^\d+$/);
      expect(sim.received.at(-1)).toEqual({ to: '0912345678', body: '【肌研舍】您的驗證碼為 123456，10 分鐘內有效。', messageId: r.messageId });
    });

    it('reports wrong credentials as a permanent error and busy as retryable', async () => {
      const bad = new MitakeSmsSender({ apiUrl: sim.apiUrl, username: 'shop', password: 'nope' });
      await expect(bad.send('0912345678', 'x')).rejects.toMatchObject({ name: 'SmsError', retryable: false });
      const good = new MitakeSmsSender({ apiUrl: sim.apiUrl, username: 'shop', password: 'pw' });
      sim.failNext('busy');
      await expect(good.send('0912345678', 'x')).rejects.toMatchObject({ retryable: true });
      sim.failNext('http500');
      await expect(good.send('0912345678', 'x')).rejects.toMatchObject({ retryable: true });
    });

    it('parses replies', () => {
      expect(parseMitakeReply('[1]\r\nmsgid=42\r\nstatuscode=1\r\nAccountPoint=9\r\n[2]\r\nmsgid=43\r\n')).toEqual({ msgid: '42', statuscode: '1', AccountPoint: '9' });
    });
  });

  describe('Every8d', () => {
    let sim: SmsSimulator;
    beforeAll(async () => (sim = await startEvery8dSimulator({ uid: 'shop', pwd: 'pw' })));
    afterAll(async () => sim.close());

    it('sends and returns the batch id', async () => {
      const sender = new Every8dSmsSender({ apiUrl: sim.apiUrl, uid: 'shop', pwd: 'pw' });
      const r = await sender.send('0987654321', '驗證碼 654321');
      expect(r.messageId).toMatch(/^sim-/);
      expect(sim.received.at(-1)).toMatchObject({ to: '0987654321', body: '驗證碼 654321' });
    });

    it('treats a negative CREDIT as an error', async () => {
      const bad = new Every8dSmsSender({ apiUrl: sim.apiUrl, uid: 'shop', pwd: 'x' });
      await expect(bad.send('0987654321', 'x')).rejects.toBeInstanceOf(SmsError);
      const good = new Every8dSmsSender({ apiUrl: sim.apiUrl, uid: 'shop', pwd: 'pw' });
      sim.failNext('busy');
      await expect(good.send('0987654321', 'x')).rejects.toMatchObject({ retryable: true });
    });

    it('parses replies', () => {
      expect(parseEvery8dReply('79.0,1,1.0,0,abc-123')).toEqual({ credit: 79, sended: 1, cost: 1, unsend: 0, batchId: 'abc-123' });
      expect(parseEvery8dReply('-3,Account error')).toMatchObject({ credit: -3, error: 'Account error' });
    });
  });

  it('log driver writes to the dev outbox', async () => {
    const outbox = new DevOutbox();
    const r = await new LogSmsSender(outbox).send('0912345678', '驗證碼 111111');
    expect(outbox.list('sms')).toEqual([expect.objectContaining({ to: '0912345678', body: '驗證碼 111111' })]);
    expect(r.messageId).toBe('outbox-1');
  });
});
