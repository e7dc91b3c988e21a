import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback, FastifyPluginOptions, FastifyReply, FastifyRequest } from 'fastify';

type Done = (err?: Error) => void;
type SendDone = (err: Error | null, payload?: unknown) => void;
type AnyHook = (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply, ...rest: unknown[]) => unknown;
/** The request hooks a scoped plugin may add; any other hook is refused at registration (it would run unscoped). */
const SCOPED_HOOKS = new Set(['onRequest', 'preValidation', 'preHandler', 'onResponse', 'onSend']);

/**
 * Registers a plugin written for the root instance (`fastify-plugin` style: its decorators and
 * hooks apply to every route) so that its hooks run only for the requests `applies` selects. The
 * others pass straight on, without a promise or a call into the plugin: Nest registers every route
 * on the root instance, so Fastify's own encapsulation can't limit a plugin to a few routes.
 *
 * - A decorator that an earlier registration made already is kept (a plugin registered twice,
 *   e.g. @fastify/session for the member's and the back office's sessions, shares `request.session`).
 * - Hooks written either way (callback or async) keep working: an async one's promise is waited for.
 */
export function registerScoped<O extends FastifyPluginOptions>(
  fastify: FastifyInstance,
  plugin: FastifyPluginCallback<O> | FastifyPluginAsync<O>,
  options: O,
  applies: (req: FastifyRequest) => boolean,
): Promise<void> {
  const scoped = Object.create(fastify) as FastifyInstance;
  Object.assign(scoped, {
    decorate(name: string, value: unknown) {
      if (!fastify.hasDecorator(name)) fastify.decorate(name, value);
      return scoped;
    },
    decorateRequest(name: string, value: unknown) {
      if (!fastify.hasRequestDecorator(name)) fastify.decorateRequest(name, value as never);
      return scoped;
    },
    decorateReply(name: string, value: unknown) {
      if (!fastify.hasReplyDecorator(name)) fastify.decorateReply(name, value as never);
      return scoped;
    },
    addHook(name: string, hook: AnyHook) {
      if (!SCOPED_HOOKS.has(name)) throw new Error(`a scoped plugin added a ${name} hook, which can't be limited to some requests`);
      if (name === 'onSend') {
        // (req, reply, payload, done) or async (req, reply, payload) → payload
        fastify.addHook('onSend', function (req, reply, payload, done: SendDone) {
          if (!applies(req)) return done(null, payload);
          if (hook.length >= 4) return void hook.call(this, req, reply, payload, done);
          (hook.call(this, req, reply, payload) as Promise<unknown>).then((p) => done(null, p === undefined ? payload : p), (err: Error) => done(err));
        });
      } else {
        fastify.addHook(name as 'onRequest', function (req, reply, done: Done) {
          if (!applies(req)) return done();
          if (hook.length >= 3) return void hook.call(this, req, reply, done);
          (hook.call(this, req, reply) as Promise<unknown>).then(() => done(), (err: Error) => done(err));
        });
      }
      return scoped;
    },
  });
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => (err ? reject(err) : resolve());
    const result = (plugin as (i: FastifyInstance, o: O, d: typeof done) => unknown)(scoped, options, done);
    if (result && typeof (result as Promise<void>).then === 'function') (result as Promise<void>).then(() => resolve(), reject);
  });
}
