import request from 'supertest';
import { startEvery8dSimulator, startMitakeSimulator, SmsSimulator } from '../../src/integrations/sms/simulators/sms-simulators';
import { JobDriver } from '../../src/jobs/job-queue';
import { BrowserSession, isolatedEnv, randomPhone } from '../../src/modules/auth/testing/browser-session';
import { createTestApp, FAST_RETRIES, TestApp } from '../helpers/test-app';

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(60_000);

/** The real SMS drivers, chosen by SMS_DRIVER, deliver codes to a local server speaking each provider's protocol. */
describe.each([
  ['mitake', startMitakeSimulator, (url: string) => ({ SMS_DRIVER: 'mitake', MITAKE_API_URL: url, MITAKE_USERNAME: 'sim', MITAKE_PASSWORD: 'sim' })],
  ['every8d', startEvery8dSimulator, (url: string) => ({ SMS_DRIVER: 'every8d', EVERY8D_API_URL: url, EVERY8D_UID: 'sim', EVERY8D_PWD: 'sim' })],
] as const)('SMS_DRIVER=%s', (_name, startSimulator, envFor) => {
  let t: TestApp;
  let sim: SmsSimulator;

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(isolatedEnv({ ...envFor(sim.apiUrl), ...FAST_RETRIES }));
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('sends the registration code through the provider and the code verifies', async () => {
    const b = new BrowserSession(request.agent(t.http));
    const phone = randomPhone();
    expect((await b.post('/api/phone/sendcode', { type: 'register', phone })).status).toBe(200);
    await t.app.get(JobDriver, { strict: false }).whenIdle(10_000);
    const sms = sim.received.find((m) => m.to === phone);
    expect(sms?.body).toMatch(/註冊驗證碼：\d{6}/);
    const code = /(\d{6})/.exec(sms?.body ?? '')?.[1];
    expect((await b.post('/api/phone/verifycode', { phone, code })).body).toEqual({ success: true, message: '驗證成功' });
  });

  it('retries when the provider is busy', async () => {
    const b = new BrowserSession(request.agent(t.http));
    const phone = randomPhone();
    sim.failNext('busy');
    expect((await b.post('/api/phone/sendcode', { type: 'register', phone })).status).toBe(200);
    await t.app.get(JobDriver, { strict: false }).whenIdle(15_000);
    expect(sim.received.filter((m) => m.to === phone)).toHaveLength(1);
  });
});
