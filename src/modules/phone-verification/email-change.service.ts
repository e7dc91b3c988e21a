import { HttpStatus, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { MSG } from '../../common/validation/messages';
import { normalizeEmail } from '../../common/validation/taiwan';
import { ProfileView } from '../users/profile.view';
import { UsersService } from '../users/users.service';
import { EmailCodeService } from './email-code.service';

export const EMAIL_CODE_SENT = '驗證碼已寄出，請至信箱收信';

/** E-mail change in two steps (spec 2 §4): a code to the new address, then the address with its code. */
@Injectable()
export class EmailChangeService {
  constructor(
    private readonly users: UsersService,
    private readonly codes: EmailCodeService,
  ) {}

  async sendCode(userId: number, email: string, ip: string): Promise<{ message: string; outtime: number }> {
    await this.assertNew(userId, email);
    const { outtime } = await this.codes.send(userId, email, ip);
    return { message: EMAIL_CODE_SENT, outtime };
  }

  async change(userId: number, email: string, code: string): Promise<ProfileView> {
    await this.assertNew(userId, email);
    await this.codes.verify(userId, email, code);
    await this.users.updateEmail(userId, email);
    return this.users.getProfile(userId);
  }

  private async assertNew(userId: number, email: string): Promise<void> {
    const me = await this.users.findById(userId);
    if (!me) throw new AppError(MSG.loginRequired, HttpStatus.UNAUTHORIZED);
    if (me.email && normalizeEmail(me.email) === email) throw new AppError(MSG.emailSameAsCurrent);
  }
}
