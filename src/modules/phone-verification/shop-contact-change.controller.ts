import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { CodeSentAnswer, EmailChangedAnswer, PhoneChangedAnswer } from '../../common/api/account';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { MemberGuard } from '../../common/auth/member.guard';
import { assertOwnUserId } from '../../common/auth/ownership';
import type { SessionUser } from '../../common/auth/session-user';
import { ok } from '../../common/http/envelope';
import { UsersService } from '../users/users.service';
import { EmailChangeService } from './email-change.service';
import { SendEmailCodeDto, UpdateEmailDto, UpdatePhoneDto } from './dto/contact-change.dto';
import { PhoneFlowService } from './phone-flow.service';

/** E-mail and phone change of the logged-in member, each confirmed by a code (spec 2 §4, §7). */
@ApiTags('account')
@Controller()
@UseGuards(MemberGuard)
export class ShopContactChangeController {
  constructor(
    private readonly email: EmailChangeService,
    private readonly phone: PhoneFlowService,
    private readonly users: UsersService,
  ) {}

  @Post('email/send-code')
  @HttpCode(200)
  @ApiOperation({ summary: 'E-mail change, step 1: a 6-digit code to the new address' })
  async sendEmailCode(@CurrentUser() me: SessionUser, @Body() dto: SendEmailCodeDto, @Req() req: FastifyRequest): Promise<CodeSentAnswer> {
    const { message, outtime } = await this.email.sendCode(me.id, dto.email, req.ip ?? '');
    return ok({ outtime }, message);
  }

  @Post('user/updateEmail')
  @HttpCode(200)
  @ApiOperation({ summary: 'E-mail change, step 2: the new address and its code' })
  async updateEmail(@CurrentUser() me: SessionUser, @Body() dto: UpdateEmailDto): Promise<EmailChangedAnswer> {
    assertOwnUserId(dto.user_id, me.id);
    const user = await this.email.change(me.id, dto.email, dto.code);
    return ok({ email: user.email, user }, 'Email 已更新');
  }

  @Post('user/updatePhone')
  @HttpCode(200)
  @ApiOperation({ summary: 'Phone change, step 2: the new number and the code sent to it (step 1: /api/phone/sendcode type change)' })
  async updatePhone(@CurrentUser() me: SessionUser, @Body() dto: UpdatePhoneDto, @Req() req: FastifyRequest): Promise<PhoneChangedAnswer> {
    assertOwnUserId(dto.user_id, me.id);
    await this.phone.changePhone(me.id, dto.phone, dto.code, req.session);
    const user = await this.users.getProfile(me.id);
    return ok({ phone: user.phone, user }, '手機號碼已更新');
  }
}
