import { createRemoteJWKSet, JWTVerifyGetKey, jwtVerify } from 'jose';
import type { LineConfig } from '../../../config/auth-config';
import type { SocialLoginProfile } from './social-profile';

/**
 * LINE Login v2.1 (OAuth 2.0 + OpenID Connect) without the stale passport packages:
 * authorize URL, code exchange, and ID token verification with jose (HS256 with the channel
 * secret, as LINE signs web-login tokens, or ES256 from LINE's JWKS), issuer, audience,
 * expiry and nonce checked. The authorize URL asks to befriend the shop's Official Account
 * (`bot_prompt=normal`, issue 22); after the code exchange the friendship is read from LINE's
 * friendship status API (same provider as the Messaging API channel), or from the callback's
 * `friendship_status_changed` when that call fails.
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
      bot_prompt: 'normal',
    }).toString();
    return u.toString();
  }

  /** `https://api.line.me/friendship/v1/status` beside the token endpoint (the simulator's too). */
  private get friendshipUrl(): string {
    return this.config.tokenUrl.replace(/\/oauth2\/v2\.1\/token\/?$/, '/friendship/v1/status');
  }

  /** Whether the user is a friend of the channel's linked Official Account; null when LINE did not say. */
  private async friendFlag(accessToken: unknown): Promise<boolean | null> {
    if (typeof accessToken !== 'string' || !accessToken) return null;
    try {
      const res = await fetch(this.friendshipUrl, { headers: { Authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(5_000) });
      if (!res.ok) return null;
      const body = (await res.json()) as { friendFlag?: unknown };
      return typeof body.friendFlag === 'boolean' ? body.friendFlag : null;
    } catch {
      return null;
    }
  }

  async profileFromCode(code: string, redirectUri: string, nonce: string | undefined): Promise<SocialLoginProfile & { friend: boolean | null }> {
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
    const body = (await res.json()) as { id_token?: unknown; access_token?: unknown };
    if (typeof body.id_token !== 'string') throw new Error('LINE answered no id_token');
    const { payload } = await jwtVerify(body.id_token, this.keys, {
      issuer: this.config.issuer,
      audience: this.config.channelId,
      algorithms: ['HS256', 'ES256'],
    });
    if (!nonce || payload.nonce !== nonce) throw new Error('LINE id_token nonce mismatch');
    if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('LINE id_token without sub');
    const friend = await this.friendFlag(body.access_token);
    return {
      friend,
      provider: 'line',
      subject: payload.sub,
      displayName: typeof payload.name === 'string' ? payload.name : '',
      email: typeof payload.email === 'string' ? payload.email : null,
    };
  }
}
