import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../common/api/envelope';
import type { LoginAnswer, PasswordChangedAnswer } from '../../common/api/account';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { MemberGuard } from '../../common/auth/member.guard';
import { assertOwnUserId } from '../../common/auth/ownership';
import type { SessionUser } from '../../common/auth/session-user';
import { ok } from '../../common/http/envelope';
import { AccountService, MESSAGES } from './account.service';
import { RegisterDto, ResetPasswordDto, UpdatePasswordDto } from './dto/account.dto';

/** Registration and passwords (spec 1 §4–5, §7). */
@ApiTags('account')
@Controller('user')
export class ShopPasswordController {
  constructor(private readonly accounts: AccountService) {}

  @Post('register')
  @HttpCode(200)
  @ApiOperation({ summary: 'Registration step 2 (after a verified register code for this phone); logs in' })
  async register(@Body() dto: RegisterDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<LoginAnswer> {
    return ok(await this.accounts.register(req, reply, dto.phone, dto.password, dto.marketing_consent === 1), MESSAGES.registered);
  }

  @Post('resetPassword')
  @HttpCode(200)
  @ApiOperation({ summary: 'Forgot password step 3 (after a verified forgot code); ends all sessions of the member' })
  async resetPassword(@Body() dto: ResetPasswordDto, @Req() req: FastifyRequest): Promise<Envelope> {
    await this.accounts.resetPassword(req, dto.phone, dto.newPassword);
    return ok({}, MESSAGES.resetDone);
  }

  @Post('updatePassword')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  @ApiOperation({ summary: 'Change password with the current one; logoutOthers ends the other sessions' })
  async updatePassword(@CurrentUser() me: SessionUser, @Body() dto: UpdatePasswordDto, @Req() req: FastifyRequest): Promise<PasswordChangedAnswer> {
    assertOwnUserId(dto.user_id, me.id);
    return ok(await this.accounts.changePassword(req, me.id, dto), MESSAGES.passwordChanged);
  }
}
