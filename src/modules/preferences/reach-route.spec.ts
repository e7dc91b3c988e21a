import { marketingRouteOf, orderNewsRouteOf, type ReachFacts } from './reach-route';
import { readUnsubscribeToken, unsubscribeKey, unsubscribeToken } from './unsubscribe-token';

const base: ReachFacts = {
  active: true,
  email: 'ming@example.com',
  phone: '0912345678',
  notifyChannel: 'sms',
  marketingEmail: false,
  marketingLine: false,
  lineFriendId: null,
};
const LINE = 'U' + 'c'.repeat(32);

describe('order news route (issue 22 decisions)', () => {
  it("'sms' (the default) → SMS; no phone → nothing", () => {
    expect(orderNewsRouteOf(base)).toEqual({ channel: 'sms', phone: '0912345678' });
    expect(orderNewsRouteOf({ ...base, phone: ' ' })).toBeNull();
  });

  it("'line' → LINE with the SMS to fall back on, while a friend; else SMS", () => {
    expect(orderNewsRouteOf({ ...base, notifyChannel: 'line', lineFriendId: LINE })).toEqual({ channel: 'line', lineUserId: LINE, fallbackPhone: '0912345678' });
    expect(orderNewsRouteOf({ ...base, notifyChannel: 'line', lineFriendId: null })).toEqual({ channel: 'sms', phone: '0912345678' });
  });

  it("'email' → the order's e-mail is the news; an order without e-mail → SMS", () => {
    const f = { ...base, notifyChannel: 'email' as const };
    expect(orderNewsRouteOf(f, 'order@example.com')).toEqual({ channel: 'email', to: 'order@example.com' });
    expect(orderNewsRouteOf(f, '')).toEqual({ channel: 'sms', phone: '0912345678' });
    expect(orderNewsRouteOf(f)).toEqual({ channel: 'email', to: 'ming@example.com' });
  });

  it('an inactive or blocked member gets nothing', () => {
    expect(orderNewsRouteOf({ ...base, active: false })).toBeNull();
    expect(marketingRouteOf({ ...base, active: false, marketingEmail: true })).toBeNull();
  });
});

describe('marketing route: consent only, never SMS', () => {
  it('LINE with marketing_line and a friend, else e-mail with marketing_email and an address, else nothing', () => {
    expect(marketingRouteOf(base)).toBeNull();
    expect(marketingRouteOf({ ...base, marketingLine: true, lineFriendId: LINE, marketingEmail: true })).toEqual({ channel: 'line', lineUserId: LINE, fallbackPhone: null });
    expect(marketingRouteOf({ ...base, marketingLine: true, lineFriendId: null, marketingEmail: true })).toEqual({ channel: 'email', to: 'ming@example.com' });
    expect(marketingRouteOf({ ...base, marketingLine: true, lineFriendId: null })).toBeNull();
    expect(marketingRouteOf({ ...base, marketingEmail: true, email: null })).toBeNull();
  });
});

describe('unsubscribe token', () => {
  const key = unsubscribeKey('a-session-secret-of-enough-length');
  it('names the member and the list, signed, the same every time', () => {
    const t = unsubscribeToken(key, 42, 'email');
    expect(t).toMatch(/^42\.e\.[A-Za-z0-9_-]{32}$/);
    expect(unsubscribeToken(key, 42, 'email')).toBe(t);
    expect(readUnsubscribeToken(key, t)).toEqual({ userId: 42, channel: 'email' });
    expect(readUnsubscribeToken(key, unsubscribeToken(key, 7, 'line'))).toEqual({ userId: 7, channel: 'line' });
  });

  it('refuses another member, list or key, and malformed tokens', () => {
    const t = unsubscribeToken(key, 42, 'email');
    expect(readUnsubscribeToken(key, t.replace(/^42/, '43'))).toBeNull();
    expect(readUnsubscribeToken(key, t.replace('.e.', '.l.'))).toBeNull();
    expect(readUnsubscribeToken(unsubscribeKey('another-session-secret-0000'), t)).toBeNull();
    for (const bad of ['', 'x', '0.e.' + 'a'.repeat(32), `42.e.${'a'.repeat(31)}`, 42, null]) expect(readUnsubscribeToken(key, bad)).toBeNull();
  });
});
