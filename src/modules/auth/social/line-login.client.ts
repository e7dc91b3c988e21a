import { createRemoteJWKSet, JWTVerifyGetKey, jwtVerify } from 'jose';
import type { LineConfig } from '../../../config/auth-config';
import type { SocialLoginProfile } from './social-profile';

/**
 * LINE Login v2.1 (OAuth 2.0 + OpenID Connect) without the stale passport packages:
 * authorize URL, code exchange, and ID token verification with jose (HS256 with the channel
 * secret, as LINE signs web-login tokens, or ES256 from LINE's JWKS), issuer, audience,
 * expiry and nonce checked.
 */
export class LineLoginClient {
  private readonly secret: Uint8Array;
  private readonly keys: JWTVerifyGetKey;

  constructor(private readonly config: LineConfig) {
    this.secret = new TextEncoder().encode(config.channelSecret);
    const jwks = createRemoteJWKSet(new URL(config.jwksUrl));
    this.keys = (header, token) => (header.alg === 'HS256' ? this.secret : jwks(header, token));
  }

  authorizeUrl(redirectUri: string, state: string, nonce: string): string {
    const u = new URL(this.config.authUrl);
    u.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.channelId,
      redirect_uri: redirectUri,
      state,
      scope: 'openid profile',
      nonce,
    }).toString();
    return u.toString();
  }

  async profileFromCode(code: string, redirectUri: string, nonce: string | undefined): Promise<SocialLoginProfile> {
    const res = await fetch(this.config.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: this.config.channelId,
        client_secret: this.config.channelSecret,
      }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`LINE token endpoint answered HTTP ${res.status}`);
    const body = (await res.json()) as { id_token?: unknown };
    if (typeof body.id_token !== 'string') throw new Error('LINE answered no id_token');
    const { payload } = await jwtVerify(body.id_token, this.keys, {
      issuer: this.config.issuer,
      audience: this.config.channelId,
      algorithms: ['HS256', 'ES256'],
    });
    if (!nonce || payload.nonce !== nonce) throw new Error('LINE id_token nonce mismatch');
    if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('LINE id_token without sub');
    return {
      provider: 'line',
      subject: payload.sub,
      displayName: typeof payload.name === 'string' ? payload.name : '',
      email: typeof payload.email === 'string' ? payload.email : null,
    };
  }
}
