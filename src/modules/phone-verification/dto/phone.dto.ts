import { Allow, IsIn, IsOptional } from 'class-validator';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';

/**
 * `POST /api/phone/sendcode` (spec 1 §7, spec 2 §7). The phone's messages depend on `type`
 * (registration "！", forgot "。", phone change its own), so the service checks the phone.
 */
export class SendCodeDto {
  @IsOptional()
  @IsIn(['register', 'forgot', 'change'], { message: GENERIC_BAD_REQUEST })
  type: 'register' | 'forgot' | 'change' = 'register';

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
  @IsOptional()
  @IsIn(['register', 'forgot'], { message: GENERIC_BAD_REQUEST })
  type: 'register' | 'forgot' = 'register';

  @Allow()
  phone?: unknown;

  @Allow()
  code?: unknown;
}
