import { describe, expect, it } from 'vitest';
import { afterLoginPath, createSocialState, describeFailure, greeting, greetingName, isServerTrouble } from './authRules';

const complete = { username: '王小明', birthday: '1990-05-01', phone: '0912345678', email: 'ming@example.com' };

describe('afterLoginPath (spec 1 §4)', () => {
  it('goes to the saved redirect path first', () => {
    expect(afterLoginPath(complete, '/checkout')).toBe('/checkout');
    expect(afterLoginPath({ ...complete, email: null }, '/orders?page=2')).toBe('/orders?page=2');
  });

  it('goes home with username, birthday, phone and email all set, else to /profile', () => {
    expect(afterLoginPath(complete, '')).toBe('/');
    expect(afterLoginPath({ ...complete, username: '' }, '')).toBe('/profile');
    expect(afterLoginPath({ ...complete, birthday: null }, '')).toBe('/profile');
    expect(afterLoginPath({ ...complete, phone: null }, '')).toBe('/profile');
    expect(afterLoginPath({ ...complete, email: '  ' }, '')).toBe('/profile');
  });

  it('ignores a saved path that leaves the site or loops into the login screens', () => {
    expect(afterLoginPath(complete, '//evil.example/x')).toBe('/');
    expect(afterLoginPath(complete, 'https://evil.example')).toBe('/');
    expect(afterLoginPath(complete, '/login')).toBe('/');
    expect(afterLoginPath(complete, '/loginres')).toBe('/');
    expect(afterLoginPath(complete, '/register?x=1')).toBe('/');
    expect(afterLoginPath(complete, '/fpassword')).toBe('/');
    expect(afterLoginPath(complete, '/login-help')).toBe('/login-help');
  });
});

describe('greeting (spec 1 §2)', () => {
  it('shows the username from its second character on', () => {
    expect(greetingName('王小明')).toBe('小明');
    expect(greetingName('林美')).toBe('美');
  });

  it('cuts to two characters and an ellipsis when the username is longer than three', () => {
    expect(greetingName('歐陽小明')).toBe('陽小…');
    expect(greetingName('Alexander')).toBe('le…');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(greetingName('𠀋小明')).toBe('小明');
    expect(greetingName('王𠀋𠀋𠀋')).toBe('𠀋𠀋…');
  });

  it('greets a member without a username as 會員, and a one-character username whole', () => {
    expect(greetingName('')).toBe('會員');
    expect(greetingName(null)).toBe('會員');
    expect(greetingName('  ')).toBe('會員');
    expect(greetingName('明')).toBe('明');
    expect(greeting('王小明')).toBe('您好，小明');
  });
});

describe('createSocialState (spec 1 §4)', () => {
  it('is 20 random bytes in hex', () => {
    const state = createSocialState();
    expect(state).toMatch(/^[0-9a-f]{40}$/);
    expect(createSocialState()).not.toBe(state);
    expect(createSocialState((b) => b.fill(10))).toBe('0a'.repeat(20));
  });
});

describe('describeFailure', () => {
  it('reads the server message, status and resend cooldown', () => {
    expect(describeFailure({ status: 429, data: { success: false, message: '請於 42 秒後再重新發送驗證碼', outtime: 42 } })).toEqual({
      status: 429,
      message: '請於 42 秒後再重新發送驗證碼',
      outtime: 42,
    });
  });

  it('tells transport and unexplained server errors apart from refusals', () => {
    expect(isServerTrouble(describeFailure({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }))).toBe(true);
    expect(isServerTrouble(describeFailure({ status: 502, data: '<html>' }))).toBe(true);
    expect(isServerTrouble(describeFailure({ status: 400, data: {} }))).toBe(false);
    expect(isServerTrouble(describeFailure({ status: 503, data: { message: '發送失敗' } }))).toBe(false);
  });
});
