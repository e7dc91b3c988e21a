import { Body, Controller, Get, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../common/api/envelope';
import type { AdminCheckAnswer, AdminCsrfAnswer, AdminLoginAnswer, AdminLogoutAnswer, TotpSetupAnswer } from '../../common/api/admin';
import { AllowBeforeTotpSetup, AnyAdmin, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { ok } from '../../common/http/envelope';
import { STAFF_MSG } from '../../common/validation/admin';
import { AdminLoginDto, OwnPasswordDto, TotpCodeDto } from './dto/staff.dto';
import { StaffAuthService } from './staff-auth.service';

/** Back-office sign-in (spec 1 §7 / spec 3 §7) and the signed-in admin's two-factor. */
@ApiTags('admin')
@Controller('admin')
export class AdminLoginController {
  constructor(private readonly auth: StaffAuthService) {}

  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Admin login {username, password, rememberMe, otp?}: 401 wrong (needOtp when a code is due), 429 isOut when locked until 24:00 Taipei; rotates the session id, answers csrfToken',
  })
  login(@Body() dto: AdminLoginDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminLoginAnswer> {
    return this.auth.login(req, reply, dto);
  }

  @Get('csrf-token')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "The back office's CSRF token (its own cookies; send as X-CSRF-Token on every admin POST/PUT/DELETE)" })
  csrfToken(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): AdminCsrfAnswer {
    return ok(this.auth.csrfToken(req, reply));
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends the admin session (answers a fresh CSRF token)' })
  logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminLogoutAnswer> {
    return this.auth.logout(req, reply);
  }

  /** Spec 1 lists a GET; the admin cookie is SameSite=Strict, so another site cannot use it to log anyone out. */
  @Get('logout')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Ends the admin session (spec 1: GET; same as POST)' })
  logoutByGet(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminLogoutAnswer> {
    return this.auth.logout(req, reply);
  }

  // Paths match without regard to case (as Express did): this also serves spec 1's `checklogin`.
  @Get('checkLogin')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'isLoggedIn, adminname, role, mustSetupTotp, totpEnabled' })
  checkLogin(@Req() req: FastifyRequest): Promise<AdminCheckAnswer> {
    return this.auth.check(req);
  }

  @Post('password')
  @HttpCode(200)
  @AnyAdmin()
  @ApiOperation({ summary: 'Changes your own password {currentPassword, newPassword}; your other sessions end' })
  async changePassword(@CurrentAdmin() me: SessionAdmin, @Body() dto: OwnPasswordDto, @Req() req: FastifyRequest): Promise<Envelope> {
    await this.auth.changeOwnPassword(me, dto.currentPassword, dto.newPassword, req);
    return ok({}, STAFF_MSG.passwordChanged);
  }

  @Post('totp/setup')
  @HttpCode(200)
  @AnyAdmin()
  @AllowBeforeTotpSetup()
  @ApiOperation({ summary: 'A new two-factor secret for the signed-in admin (QR data URL); on after totp/enable' })
  setupTotp(@CurrentAdmin() me: SessionAdmin): Promise<TotpSetupAnswer> {
    return this.auth.setupTotp(me);
  }

  @Post('totp/enable')
  @HttpCode(200)
  @AnyAdmin()
  @AllowBeforeTotpSetup()
  @ApiOperation({ summary: 'Turns two-factor on with a code from the new secret' })
  async enableTotp(@CurrentAdmin() me: SessionAdmin, @Body() dto: TotpCodeDto, @Req() req: FastifyRequest): Promise<Envelope> {
    await this.auth.enableTotp(me, dto.code, req.ip ?? '');
    return ok({}, STAFF_MSG.totpEnabled);
  }

  @Post('totp/disable')
  @HttpCode(200)
  @AnyAdmin()
  @ApiOperation({ summary: 'Turns two-factor off with a current code (not for owners where it is required)' })
  async disableTotp(@CurrentAdmin() me: SessionAdmin, @Body() dto: TotpCodeDto, @Req() req: FastifyRequest): Promise<Envelope> {
    await this.auth.disableTotp(me, dto.code, req.ip ?? '');
    return ok({}, STAFF_MSG.totpDisabled);
  }
}
