import { exportJWK, generateKeyPair, type KeyLike, SignJWT } from 'jose';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The person who "logs in" at the simulated provider next. */
export interface SimUser {
  sub: string;
  name: string;
  email?: string;
}

type Provider = 'google' | 'facebook' | 'line';

interface Grant {
  provider: Provider;
  clientId: string;
  redirectUri: string;
  user: SimUser;
  nonce?: string;
  used: boolean;
}

export interface OAuthProviderOptions {
  google: { clientId: string; clientSecret: string };
  facebook: { appId: string; appSecret: string; graphVersion: string };
  line: { channelId: string; channelSecret: string };
}

/**
 * A local OAuth 2.0 / OpenID Connect provider speaking the three protocols the shop uses, for
 * tests and offline development: authorize (auto-consent, or `deny`) → code → token endpoint
 * (checks client credentials, redirect_uri and single-use codes) → Google userinfo, Facebook
 * Graph `/me`, or a LINE ID token signed HS256 with the channel secret or ES256 with a key
 * published at its JWKS endpoint (jose).
 */
export class LocalOAuthProvider {
  private server?: Server;
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, Grant>();
  private next: Partial<Record<Provider, SimUser>> = {};
  private denyNext = false;
  private badNonceNext = false;
  private lineAlg: 'HS256' | 'ES256' = 'HS256';
  private es256?: { privateKey: KeyLike; jwk: Record<string, unknown> };
  /** LINE users who are friends of the linked Official Account (issue 22: bot_prompt, friendship status). */
  private readonly lineFriends = new Set<string>();
  private befriend = true;
  private onBefriend?: (sub: string) => Promise<unknown>;
  url = '';

  constructor(private readonly options: OAuthProviderOptions) {}

  async start(): Promise<this> {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    this.es256 = { privateKey, jwk: { ...(await exportJWK(publicKey)), kid: 'sim-es256', alg: 'ES256', use: 'sig' } };
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: Error) => send(res, 500, { error: 'server_error', error_description: err.message }));
    });
    await new Promise<void>((resolve) => (this.server as Server).listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Env overrides that point the shop at this provider. */
  env(): Record<string, string> {
    const o = this.options;
    return {
      GOOGLE_CLIENT_ID: o.google.clientId,
      GOOGLE_CLIENT_SECRET: o.google.clientSecret,
      GOOGLE_AUTH_URL: `${this.url}/google/authorize`,
      GOOGLE_TOKEN_URL: `${this.url}/google/token`,
      GOOGLE_USERINFO_URL: `${this.url}/google/userinfo`,
      FACEBOOK_APP_ID: o.facebook.appId,
      FACEBOOK_APP_SECRET: o.facebook.appSecret,
      FACEBOOK_GRAPH_VERSION: o.facebook.graphVersion,
      FACEBOOK_AUTH_URL: `${this.url}/facebook/${o.facebook.graphVersion}/dialog/oauth`,
      FACEBOOK_TOKEN_URL: `${this.url}/facebook/${o.facebook.graphVersion}/oauth/access_token`,
      FACEBOOK_PROFILE_URL: `${this.url}/facebook/${o.facebook.graphVersion}/me`,
      LINE_CHANNEL_ID: o.line.channelId,
      LINE_CHANNEL_SECRET: o.line.channelSecret,
      LINE_AUTH_URL: `${this.url}/line/oauth2/v2.1/authorize`,
      LINE_TOKEN_URL: `${this.url}/line/oauth2/v2.1/token`,
      LINE_JWKS_URL: `${this.url}/line/oauth2/v2.1/certs`,
    };
  }

  /** Who consents at the next authorize request of `provider`. */
  nextUser(provider: Provider, user: SimUser): void {
    this.next[provider] = user;
  }

  /** The next authorize request answers `error=access_denied` (the person cancelled). */
  denyOnce(): void {
    this.denyNext = true;
  }

  /** How LINE signs ID tokens: HS256 with the channel secret (web login) or ES256 with a key from its JWKS. */
  signLineWith(alg: 'HS256' | 'ES256'): void {
    this.lineAlg = alg;
  }

  /**
   * Whether the person ticks "add the Official Account as a friend" on LINE's consent screen when
   * the authorize URL carries `bot_prompt` (default yes): the callback then gets
   * `friendship_status_changed=true` and the friendship status API answers `friendFlag: true`.
   */
  befriendOnConsent(on: boolean): void {
    this.befriend = on;
  }

  /** Called when someone befriends the Official Account at login, e.g. the Messaging API simulator's `follow` (LINE sends the shop a follow webhook too). */
  connectMessaging(onBefriend: (sub: string) => Promise<unknown>): void {
    this.onBefriend = onBefriend;
  }

  /**
   * For a shop in another process (browser tests): befriending at login posts the shop's LINE
   * simulator page form (`/sim/line/users`), which sends the shop its signed follow webhook. LINE
   * user ids there are U + 32 hex digits: give `nextUser('line', …)` such a `sub`.
   */
  connectMessagingAt(shopOrigin: string): void {
    this.onBefriend = (sub) =>
      fetch(`${shopOrigin.replace(/\/+$/, '')}/sim/line/users`, { method: 'POST', body: new URLSearchParams({ userId: sub }), redirect: 'manual' }).then((r) => r.arrayBuffer());
  }

  /** Whether a LINE user is a friend of the Official Account here. */
  isLineFriend(sub: string): boolean {
    return this.lineFriends.has(sub);
  }

  /** The next LINE ID token carries another nonce (a replayed or injected token). */
  wrongNonceOnce(): void {
    this.badNonceNext = true;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', this.url);
    const path = u.pathname;
    const fb = this.options.facebook.graphVersion;
    if (req.method === 'GET' && path === '/google/authorize') return this.authorize('google', u, res);
    if (req.method === 'GET' && path === `/facebook/${fb}/dialog/oauth`) return this.authorize('facebook', u, res);
    if (req.method === 'GET' && path === '/line/oauth2/v2.1/authorize') return this.authorize('line', u, res).catch((err: Error) => send(res, 500, { error: err.message }));
    if (req.method === 'POST' && path === '/google/token') return this.token('google', await form(req), res);
    if (req.method === 'POST' && path === `/facebook/${fb}/oauth/access_token`) return this.token('facebook', await form(req), res);
    if (req.method === 'POST' && path === '/line/oauth2/v2.1/token') return this.token('line', await form(req), res);
    if (req.method === 'GET' && path === '/google/userinfo') {
      const g = this.bearer(req, 'google') ?? this.tokens.get(u.searchParams.get('access_token') ?? '');
      if (!g) return send(res, 401, { error: 'invalid_token' });
      return send(res, 200, { sub: g.user.sub, name: g.user.name, email: g.user.email, email_verified: true });
    }
    if (req.method === 'GET' && path === `/facebook/${fb}/me`) {
      const token = u.searchParams.get('access_token') ?? '';
      const g = this.tokens.get(token) ?? this.bearer(req, 'facebook');
      if (!g || g.provider !== 'facebook') return send(res, 400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      const proof = u.searchParams.get('appsecret_proof');
      if (proof !== createHmac('sha256', this.options.facebook.appSecret).update(token).digest('hex')) {
        return send(res, 400, { error: { message: 'Invalid appsecret_proof provided in the API argument', type: 'GraphMethodException', code: 100 } });
      }
      const fields = (u.searchParams.get('fields') ?? 'id,name').split(',');
      const body: Record<string, string> = { id: g.user.sub, name: g.user.name };
      if (fields.includes('email') && g.user.email) body.email = g.user.email;
      return send(res, 200, body);
    }
    if (req.method === 'GET' && path === '/line/friendship/v1/status') {
      const g = this.bearer(req, 'line');
      if (!g) return send(res, 401, { message: 'invalid token' });
      return send(res, 200, { friendFlag: this.lineFriends.has(g.user.sub) });
    }
    if (req.method === 'GET' && path === '/line/oauth2/v2.1/certs') return send(res, 200, { keys: this.es256 ? [this.es256.jwk] : [] });
    send(res, 404, { error: 'not_found' });
  }

  private async authorize(provider: Provider, u: URL, res: ServerResponse): Promise<void> {
    const redirectUri = u.searchParams.get('redirect_uri') ?? '';
    const clientId = u.searchParams.get('client_id') ?? '';
    const state = u.searchParams.get('state') ?? '';
    const back = new URL(redirectUri);
    if (this.denyNext) {
      this.denyNext = false;
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user denied the request');
    } else {
      // A LINE user id is U + 32 hex digits (the Messaging API's userId: the same person there).
      const sub = provider === 'line' ? `U${randomBytes(16).toString('hex')}` : randomBytes(8).toString('hex');
      const user = this.next[provider] ?? { sub, name: 'Sim User' };
      const code = randomBytes(16).toString('hex');
      this.codes.set(code, { provider, clientId, redirectUri, user, nonce: u.searchParams.get('nonce') ?? undefined, used: false });
      back.searchParams.set('code', code);
      const prompt = u.searchParams.get('bot_prompt');
      if (provider === 'line' && (prompt === 'normal' || prompt === 'aggressive') && this.befriend && !this.lineFriends.has(user.sub)) {
        this.lineFriends.add(user.sub);
        await this.onBefriend?.(user.sub);
        back.searchParams.set('friendship_status_changed', 'true');
      } else if (provider === 'line' && prompt) {
        back.searchParams.set('friendship_status_changed', 'false');
      }
    }
    if (state) back.searchParams.set('state', state);
    res.writeHead(302, { Location: back.toString() }).end();
  }

  private async token(provider: Provider, f: URLSearchParams, res: ServerResponse): Promise<void> {
    const grant = this.codes.get(f.get('code') ?? '');
    const [id, secret] = this.credentials(provider);
    if (f.get('client_id') !== id || f.get('client_secret') !== secret) return send(res, 401, { error: 'invalid_client' });
    if (!grant || grant.used || grant.provider !== provider || grant.redirectUri !== f.get('redirect_uri')) {
      return send(res, 400, { error: 'invalid_grant' });
    }
    grant.used = true;
    const accessToken = randomBytes(16).toString('hex');
    this.tokens.set(accessToken, grant);
    const body: Record<string, unknown> = { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 };
    if (provider === 'line') {
      const nonce = this.badNonceNext ? 'another-nonce' : grant.nonce;
      this.badNonceNext = false;
      const jwt = new SignJWT({ name: grant.user.name, ...(nonce ? { nonce } : {}), amr: ['pwd'] })
        .setIssuer('https://access.line.me')
        .setSubject(grant.user.sub)
        .setAudience(id)
        .setIssuedAt()
        .setExpirationTime('1h');
      body.id_token =
        this.lineAlg === 'ES256' && this.es256
          ? await jwt.setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: 'sim-es256' }).sign(this.es256.privateKey)
          : await jwt.setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
      body.scope = 'openid profile';
    }
    send(res, 200, body);
  }

  private credentials(provider: Provider): [string, string] {
    const o = this.options;
    if (provider === 'google') return [o.google.clientId, o.google.clientSecret];
    if (provider === 'facebook') return [o.facebook.appId, o.facebook.appSecret];
    return [o.line.channelId, o.line.channelSecret];
  }

  private bearer(req: IncomingMessage, provider: Provider): Grant | undefined {
    const auth = req.headers.authorization ?? '';
    const g = this.tokens.get(auth.replace(/^Bearer\s+/i, ''));
    return g && g.provider === provider ? g : undefined;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

async function form(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
