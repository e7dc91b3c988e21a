import { Body, Controller, Get, Headers, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminMemberPointsAnswer, AdminTiersAnswer } from '../../common/api/rewards';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { PointsPageQuery } from './dto/points-page.dto';
import { PointsService } from './points.service';
import { TiersAdmin } from './tiers-admin.service';

const bodyOf = (b: unknown): Record<string, unknown> => (b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {});

/** A member's 購物金 in the back office (spec 4 §6: owner and staff; editors not). */
@ApiTags('admin: rewards')
@Controller('admin/members/:id/points')
@AdminRoles('owner', 'staff')
export class AdminMemberPointsController {
  constructor(private readonly points: PointsService) {}

  @Get()
  @ApiOperation({ summary: "A member's balance, pending, tier and history (page, limit 20) with who adjusted" })
  get(@Param('id', ParseIntPipe) id: number, @Query() q: PointsPageQuery): Promise<AdminMemberPointsAnswer> {
    return this.points.adminPoints(id, q.page, q.limit);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: '調整購物金: amount (non-zero integer), reason (2–100); never below 0; audited' })
  adjust(@CurrentAdmin() admin: SessionAdmin, @Param('id', ParseIntPipe) id: number, @Body() body: Record<string, unknown>, @Headers('idempotency-key') key: string | undefined): Promise<AdminMemberPointsAnswer> {
    const b = bodyOf(body);
    return this.points.adjust(admin, id, { amount: b.amount, reason: b.reason }, typeof key === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(key) ? key : undefined);
  }
}

/** 會員等級 and the points rules (spec 4 §6: owner only). */
@ApiTags('admin: rewards')
@Controller('admin/tiers')
@AdminRoles('owner')
export class AdminTiersController {
  constructor(private readonly tiers: TiersAdmin) {}

  @Get()
  @ApiOperation({ summary: 'The tiers (by threshold) and the points rules (env defaults where not set)' })
  get(): Promise<AdminTiersAnswer> {
    return this.tiers.get();
  }

  @Put()
  @ApiOperation({ summary: 'Replace the tiers and the rules: every rule at once (400 請檢查表單欄位 with errors[]); audited' })
  put(@CurrentAdmin() admin: SessionAdmin, @Body() body: Record<string, unknown>): Promise<AdminTiersAnswer> {
    return this.tiers.save(admin, bodyOf(body));
  }
}
