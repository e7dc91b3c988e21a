import Fastify, { type FastifyInstance, type FastifyPluginCallback, type FastifyRequest } from 'fastify';
import { registerScoped } from './scoped-plugin';

describe('registerScoped', () => {
  let f: FastifyInstance;
  const seen: string[] = [];

  /** A root-style plugin: a request decorator, a callback onRequest hook, an async onResponse and an async onSend. */
  const plugin: FastifyPluginCallback<{ tag: string }> = (instance, opts, done) => {
    instance.decorateRequest('tagged', opts.tag);
    instance.addHook('onRequest', (req, _reply, next) => {
      seen.push(`${opts.tag} onRequest ${req.url}`);
      next();
    });
    instance.addHook('onSend', async (_req, _reply, payload) => `${String(payload)}+${opts.tag}`);
    instance.addHook('onResponse', async (req) => {
      seen.push(`${opts.tag} onResponse ${req.url}`);
    });
    done();
  };

  beforeAll(async () => {
    f = Fastify();
    const under = (prefix: string) => (req: FastifyRequest) => req.url.startsWith(prefix);
    await registerScoped(f, plugin, { tag: 'a' }, under('/a'));
    await registerScoped(f, plugin, { tag: 'b' }, under('/b'));
    for (const p of ['/a', '/b', '/c']) f.get(p, (req) => (req as FastifyRequest & { tagged: string }).tagged);
    await f.ready();
  });
  afterAll(() => f.close());

  it('runs each registration’s hooks (callback or async) only for the requests it selects', async () => {
    seen.length = 0;
    expect((await f.inject('/a')).body).toBe('a+a');
    expect((await f.inject('/b')).body).toBe('a+b'); // the decorator is the first registration's
    expect((await f.inject('/c')).body).toBe('a');
    expect(seen).toEqual(['a onRequest /a', 'a onResponse /a', 'b onRequest /b', 'b onResponse /b']);
  });

  it('refuses a hook it cannot limit to some requests', async () => {
    const g = Fastify();
    const onRoute: FastifyPluginCallback = (instance, _opts, done) => {
      instance.addHook('onRoute', () => undefined);
      done();
    };
    await expect(registerScoped(g, onRoute, {}, () => true)).rejects.toThrow(/onRoute hook/);
    await g.close();
  });

  it('rejects when the plugin fails', async () => {
    const g = Fastify();
    const failing: FastifyPluginCallback = (_instance, _opts, done) => done(new Error('no store'));
    await expect(registerScoped(g, failing, {}, () => true)).rejects.toThrow('no store');
    await g.close();
  });
});
