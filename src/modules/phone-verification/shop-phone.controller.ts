import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { Envelope } from '../../common/api/envelope';
import type { CodeSentAnswer } from '../../common/api/account';
import '../../common/auth/session.types';
import { ok } from '../../common/http/envelope';
import { ForgotSendCodeDto, SendCodeDto, VerifyCodeDto } from './dto/phone.dto';
import { PhoneFlowService } from './phone-flow.service';

/** SMS codes for registration, forgot password and phone change (spec 1 §7, spec 2 §7). */
@ApiTags('account')
@Controller('phone')
export class ShopPhoneController {
  constructor(private readonly flow: PhoneFlowService) {}

  @Post('sendcode')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Send a 6-digit code (type register | forgot | change; without a type: change for a logged-in member, register for a visitor); answers outtime, the resend cooldown in seconds',
  })
  async sendCode(@Body() dto: SendCodeDto, @Req() req: FastifyRequest): Promise<CodeSentAnswer> {
    const { message, outtime } = await this.flow.sendCode(dto.type, dto.phone, { session: req.session, userId: req.user?.id, ip: req.ip ?? '' });
    return ok({ outtime }, message);
  }

  @Post('forgot-sendcode')
  @HttpCode(200)
  @ApiOperation({ summary: 'Forgot password, step 1: code by SMS (same answer whether or not the number is a member)' })
  async forgotSendCode(@Body() dto: ForgotSendCodeDto, @Req() req: FastifyRequest): Promise<CodeSentAnswer> {
    const { message, outtime } = await this.flow.sendCode('forgot', dto.phone, { session: req.session, ip: req.ip ?? '' });
    return ok({ outtime }, message);
  }

  @Post('verifycode')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check a registration or forgot-password code (5 tries per code, single use)' })
  async verifyCode(@Body() dto: VerifyCodeDto, @Req() req: FastifyRequest): Promise<Envelope> {
    return ok({}, await this.flow.verify(dto.type, dto.phone, dto.code, req.session));
  }
}
