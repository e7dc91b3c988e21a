import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AdminCouponCodesAnswer, AdminGenerateCodesAnswer } from '../../common/api/promotions';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { AdminPromotionCodesQuery, GenerateCodesDto } from './admin-promotions.dto';
import { PromotionCodesService } from './promotion-codes.service';

/** A promotion's unique codes (spec 4 §6: owners and staff; editors never see codes). */
@ApiTags('admin: promotions')
@Controller('admin/promotions')
@AdminRoles('owner', 'staff')
export class AdminPromotionCodesController {
  constructor(private readonly codes: PromotionCodesService) {}

  @Post(':id/codes')
  @HttpCode(200)
  @ApiOperation({ summary: 'Generate 1–10,000 unique codes (optional prefix A–Z 0–9 -) for a coupon_mode unique promotion; audited' })
  generate(@CurrentAdmin() admin: SessionAdmin, @Param('id', ParseIntPipe) id: number, @Body() dto: GenerateCodesDto): Promise<AdminGenerateCodesAnswer> {
    return this.codes.generate(admin, id, dto.count, dto.prefix ?? '');
  }

  @Get(':id/codes')
  @ApiOperation({ summary: "A promotion's codes in the order made, with the order that used each; page 20" })
  list(@Param('id', ParseIntPipe) id: number, @Query() q: AdminPromotionCodesQuery): Promise<AdminCouponCodesAnswer> {
    return this.codes.list(id, q.limit, q.offset);
  }

  @Get(':id/codes.csv')
  @ApiOperation({ summary: 'Every code as CSV (UTF-8 with BOM): code, used, order, used_at' })
  async csv(@Param('id', ParseIntPipe) id: number, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.codes.csv(id);
    reply.header('Cache-Control', 'no-store');
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="${file.filename}"`);
    reply.code(200).send(file.body);
  }
}
