import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { assertOwnUserId, OptionalUserId } from './ownership';

class Body {
  @OptionalUserId()
  user_id?: number;
}

describe('ownership of user_id', () => {
  it('passes when absent or equal to the session member', () => {
    expect(() => assertOwnUserId(undefined, 7)).not.toThrow();
    expect(() => assertOwnUserId(7, 7)).not.toThrow();
  });

  it('refuses another member with 403', () => {
    try {
      assertOwnUserId(8, 7);
      throw new Error('not refused');
    } catch (e) {
      expect((e as { getStatus(): number }).getStatus()).toBe(403);
      expect((e as { getResponse(): unknown }).getResponse()).toEqual({ success: false, message: '無權存取其他會員的資料' });
    }
  });

  it('reads numbers and numeric strings; empty means absent; garbage is refused', () => {
    expect(plainToInstance(Body, { user_id: '12' }).user_id).toBe(12);
    expect(plainToInstance(Body, { user_id: '' }).user_id).toBeUndefined();
    expect(validateSync(plainToInstance(Body, {}))).toEqual([]);
    expect(validateSync(plainToInstance(Body, { user_id: 'abc' }))).toHaveLength(1);
  });
});
