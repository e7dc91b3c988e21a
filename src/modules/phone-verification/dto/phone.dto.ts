import { Allow, IsIn } from 'class-validator';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';
import { IfPresent } from '../../../common/validation/decorators';

/**
 * `POST /api/phone/sendcode` (spec 1 §7, spec 2 §7). The phone's messages depend on `type`
 * (registration "！", forgot "。", phone change its own), so the service checks the phone.
 * Without a type: phone change for a logged-in member (spec 2 §7 sends only `phone`), registration
 * for a visitor (see PhoneFlowService.purposeOf). `type: null` or any other value is refused.
 */
export class SendCodeDto {
  @IfPresent()
  @IsIn(['register', 'forgot', 'change'], { message: GENERIC_BAD_REQUEST })
  type?: 'register' | 'forgot' | 'change';

  @Allow()
  phone?: unknown;
}

/** `POST /api/phone/forgot-sendcode` (spec 1 §7). */
export class ForgotSendCodeDto {
  @Allow()
  phone?: unknown;
}

/** `POST /api/phone/verifycode`: registration (no type) or `type: 'forgot'` (spec 1 §7). */
export class VerifyCodeDto {
  @IfPresent()
  @IsIn(['register', 'forgot'], { message: GENERIC_BAD_REQUEST })
  type: 'register' | 'forgot' = 'register';

  @Allow()
  phone?: unknown;

  @Allow()
  code?: unknown;
}
