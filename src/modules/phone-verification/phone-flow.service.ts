import { HttpStatus, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { MSG } from '../../common/validation/messages';
import { normalizeTaiwanMobile, TAIWAN_MOBILE } from '../../common/validation/taiwan';
import type { SessionData } from '../../common/auth/session.types';
import { UsersService } from '../users/users.service';
import { PhoneCodeService, PhonePurpose } from './phone-code.service';

export const CODE_SENT = '驗證碼已發送';
export const CODE_VERIFIED = '驗證成功';

interface PhoneMessages {
  required: string;
  invalid: string;
}

const PHONE_MESSAGES: Record<PhonePurpose, PhoneMessages> = {
  register: { required: MSG.phoneRequired, invalid: MSG.phoneInvalid },
  forgot: { required: MSG.forgotPhoneRequired, invalid: MSG.phoneInvalid },
  change: { required: MSG.newPhoneRequired, invalid: MSG.newPhoneInvalid },
  delete: { required: MSG.phoneRequired, invalid: MSG.phoneInvalid },
};

/** The Taiwan mobile number in `raw` (normalised), or the flow's own message. */
export function checkPhone(raw: unknown, purpose: PhonePurpose): string {
  const m = PHONE_MESSAGES[purpose];
  if (typeof raw !== 'string' || raw.trim() === '') throw new AppError(m.required);
  const phone = normalizeTaiwanMobile(raw);
  if (!TAIWAN_MOBILE.test(phone)) throw new AppError(m.invalid);
  return phone;
}

/**
 * What `POST /api/phone/sendcode` without a `type` asks for. Spec 2 §7 has the logged-in member's
 * profile ask for the phone-change code with `{ phone }` alone; spec 1 §7 has registration send
 * `type: 'register'` (and forgot password its own route, or `type: 'forgot'`). So: no type from a
 * logged-in member = phone change; from a visitor = registration (as before). An explicit type
 * always wins — the shop's own client keeps sending `type: 'change'`.
 */
export function purposeOf(type: PhonePurpose | undefined, userId: number | undefined): PhonePurpose {
  return type ?? (userId === undefined ? 'register' : 'change');
}

export interface RequestContext {
  session: Partial<SessionData>;
  userId?: number;
  ip: string;
}

/**
 * The phone-code steps of registration, forgot password and phone change (spec 1 §4, spec 2 §4).
 * A verified registration / forgot code becomes a grant in this browser's session, used up by
 * the next step; a phone-change request is remembered in the session that asked for it.
 */
@Injectable()
export class PhoneFlowService {
  constructor(
    private readonly codes: PhoneCodeService,
    private readonly users: UsersService,
  ) {}

  /** Step 1 of each flow; `type` undefined = the no-type rule of purposeOf. */
  async sendCode(type: PhonePurpose | undefined, raw: unknown, ctx: RequestContext): Promise<{ message: string; outtime: number }> {
    const purpose = purposeOf(type, ctx.userId);
    if (purpose === 'change') return this.sendChangeCode(raw, ctx);
    const phone = checkPhone(raw, purpose);
    if (purpose === 'register') {
      const taken = await this.users.isPhoneTaken(phone);
      const { outtime } = await this.codes.send(phone, 'register', ctx.ip, taken ? 'registered-notice' : 'code', MSG.sendFailed);
      return { message: CODE_SENT, outtime };
    }
    const member = await this.users.findPasswordMemberByPhone(phone);
    const { outtime } = await this.codes.send(phone, 'forgot', ctx.ip, member ? 'code' : 'silent', MSG.forgotSendFailed);
    return { message: CODE_SENT, outtime };
  }

  async verify(purpose: 'register' | 'forgot', rawPhone: unknown, rawCode: unknown, session: Partial<SessionData>): Promise<string> {
    const forgot = purpose === 'forgot';
    const phone = checkPhone(rawPhone, purpose);
    // A string only: a JSON number would lose a code's leading zeros (012345 → 12345).
    const code = typeof rawCode === 'string' ? rawCode.trim() : '';
    if (!code) throw new AppError(forgot ? MSG.forgotCodeRequired : MSG.codeRequired);
    const messages = forgot ? { gone: MSG.forgotVerifyFailed, wrong: MSG.forgotVerifyFailed } : { gone: MSG.codeNotFound, wrong: MSG.verifyFailed };
    const codeId = await this.codes.verify(phone, purpose, code, messages);
    session.phoneGrants = { ...session.phoneGrants, [purpose]: { codeId, phone } };
    return CODE_VERIFIED;
  }

  /** Whether this session holds a verified code for `phone` (a cheap check before hashing a password). */
  hasGrant(purpose: 'register' | 'forgot', phone: string, session: Partial<SessionData>): boolean {
    return session.phoneGrants?.[purpose]?.phone === phone;
  }

  /**
   * Uses up this session's verified code for `phone` (registration, reset password).
   * False when there is none, it is for another number, it expired or it was used.
   */
  async takeGrant(purpose: 'register' | 'forgot', phone: string, session: Partial<SessionData>): Promise<boolean> {
    const grant = session.phoneGrants?.[purpose];
    if (!grant || grant.phone !== phone) return false;
    const used = await this.codes.consumeGrant(grant.codeId, phone, purpose);
    const rest = { ...session.phoneGrants };
    delete rest[purpose];
    session.phoneGrants = rest;
    return used;
  }

  private async sendChangeCode(raw: unknown, ctx: RequestContext): Promise<{ message: string; outtime: number }> {
    if (ctx.userId === undefined) throw new AppError(MSG.loginRequired, HttpStatus.UNAUTHORIZED);
    const phone = checkPhone(raw, 'change');
    const me = await this.users.findById(ctx.userId);
    if (!me) throw new AppError(MSG.loginRequired, HttpStatus.UNAUTHORIZED);
    if (me.phone === phone) throw new AppError(MSG.phoneSameAsCurrent);
    const { outtime } = await this.codes.send(phone, 'change', ctx.ip, 'code', MSG.sendFailed);
    ctx.session.phoneChange = { phone };
    return { message: CODE_SENT, outtime };
  }

  /**
   * 刪除帳號 of a member without a password (issue 22 §4): a code to the member's own phone, with the
   * same limits as every code (cooldown, daily per number and IP, hashed, attempts).
   */
  async sendDeleteCode(phone: string, ip: string, failMessage: string): Promise<{ outtime: number }> {
    return this.codes.send(phone, 'delete', ip, 'code', failMessage);
  }

  /** Checks and uses up the latest delete code of `phone`; a wrong, used or expired code throws `wrong`. */
  async verifyDeleteCode(phone: string, code: string, wrong: string): Promise<void> {
    await this.codes.verify(phone, 'delete', code, { gone: wrong, wrong });
  }

  /** Phone change, step 2 (spec 2 §4): the code sent to the new number, asked for by this session. */
  async changePhone(userId: number, phone: string, code: string, session: Partial<SessionData>): Promise<void> {
    const me = await this.users.findById(userId);
    if (!me) throw new AppError(MSG.loginRequired, HttpStatus.UNAUTHORIZED);
    if (me.phone === phone) throw new AppError(MSG.phoneSameAsCurrent);
    if (session.phoneChange?.phone !== phone) throw new AppError(MSG.codeNotFound);
    await this.codes.verify(phone, 'change', code, { gone: MSG.codeNotFound, wrong: MSG.profileVerifyFailed });
    delete session.phoneChange;
    if (await this.users.isPhoneTaken(phone, userId)) throw new AppError(MSG.phoneTakenByOther, HttpStatus.CONFLICT);
    await this.users.updatePhone(userId, phone);
  }
}
