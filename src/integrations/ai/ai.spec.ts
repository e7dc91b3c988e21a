import { providersConfigOf } from '../../config/provider-config';
import { validateEnv } from '../../config/env.schema';
import { LoopbackServer, listenOnLoopback } from '../simulators/listen';
import { AiClient } from './ai-client';
import { DEFAULT_AI_DAILY_QUOTA, DEFAULT_AI_MODEL, SIMULATOR_AI_KEY } from './ai-config';
import { AiError } from './ai-rewriter';
import { AiSimulator, createAiSimulator } from './simulators/ai-simulator';

const KEY = 'sk-test-0123456789abcdefghijklmnopqrstuv';

describe('AiClient against the OpenAI-compatible simulator (real HTTP on 127.0.0.1)', () => {
  let sim: AiSimulator;
  let server: LoopbackServer;
  let client: AiClient;
  beforeAll(async () => {
    sim = createAiSimulator({ apiKey: KEY });
    server = await listenOnLoopback(sim);
    client = new AiClient({ apiUrl: server.url + '/', apiKey: KEY, model: 'gpt-4o-mini' });
  });
  afterAll(() => server.close());
  beforeEach(() => sim.reset());

  it('sends model, system and user messages, temperature and max_tokens; reads the first choice', async () => {
    const out = await client.complete({ system: '規則', user: '<p>精華</p><img src="/media/a.webp">' });
    expect(out).toBe('<section><p>精華</p><img loading="lazy" src="/media/a.webp"><p>（AI 優化）</p></section>');
    expect(sim.calls).toEqual([
      { model: 'gpt-4o-mini', system: '規則', user: '<p>精華</p><img src="/media/a.webp">', temperature: 0.7, maxTokens: 4096, authorization: `Bearer ${KEY}` },
    ]);
  });

  it('reports refusals and an unreachable host without the key', async () => {
    const wrong = new AiClient({ apiUrl: server.url, apiKey: 'sk-wrong-key-9999999999', model: 'm' });
    const e1 = (await wrong.complete({ system: 's', user: 'u' }).catch((e: unknown) => e)) as AiError;
    expect(e1).toBeInstanceOf(AiError);
    expect(e1.status).toBe(401);
    expect(e1.message).not.toContain('sk-wrong-key');

    sim.failNext(500, `boom ${KEY}`);
    const e2 = (await client.complete({ system: 's', user: 'u' }).catch((e: unknown) => e)) as AiError;
    expect(e2).toMatchObject({ name: 'AiError', status: 500 });
    expect(e2.message).toContain('boom ***');
    expect(e2.message).not.toContain(KEY);

    const down = new AiClient({ apiUrl: 'http://127.0.0.1:1', apiKey: KEY, model: 'm', timeoutMs: 2000 });
    const e3 = (await down.complete({ system: 's', user: 'u' }).catch((e: unknown) => e)) as AiError;
    expect(e3).toMatchObject({ name: 'AiError', status: null });
    expect(e3.message).not.toContain(KEY);
  });
});

describe('AI settings from the environment', () => {
  it('defaults to the simulator, gpt-4o-mini and 50 a day; AI_API_KEY is required with AI_API_URL', () => {
    expect(providersConfigOf(validateEnv({})).ai).toEqual({
      driver: 'simulator',
      apiUrl: null,
      apiKey: SIMULATOR_AI_KEY,
      model: DEFAULT_AI_MODEL,
      dailyQuota: DEFAULT_AI_DAILY_QUOTA,
      timeoutMs: 60_000,
    });
    const real = providersConfigOf(validateEnv({ AI_API_URL: 'https://api.openai.com/v1/', AI_API_KEY: KEY, AI_MODEL: 'gpt-4o', AI_DAILY_QUOTA: '7' })).ai;
    expect(real).toMatchObject({ driver: 'openai', apiUrl: 'https://api.openai.com/v1', apiKey: KEY, model: 'gpt-4o', dailyQuota: 7 });
    expect(() => validateEnv({ AI_API_URL: 'https://api.openai.com/v1' })).toThrow(/AI_API_KEY/);
    expect(() => validateEnv({ AI_DAILY_QUOTA: '0' })).toThrow(/AI_DAILY_QUOTA/);
  });
});
