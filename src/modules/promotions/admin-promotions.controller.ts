import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope } from '../../common/api/envelope';
import type { AdminPromotionAnswer, AdminPromotionSaveAnswer, AdminPromotionsAnswer, PromotionReportAnswer } from '../../common/api/promotions';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { AdminPromotionsQuery, PromotionActiveDto } from './admin-promotions.dto';
import { AdminPromotionsService } from './admin-promotions.service';
import { PromotionReportService } from './promotion-report.service';

const bodyOf = (b: unknown): Record<string, unknown> => (b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {});

/** 行銷活動 (spec 4 §6–§7): owners and staff write; editors read the list, a promotion and its report. */
@ApiTags('admin: promotions')
@Controller('admin/promotions')
@AdminRoles('owner', 'staff')
export class AdminPromotionsController {
  constructor(
    private readonly promotions: AdminPromotionsService,
    private readonly reports: PromotionReportService,
  ) {}

  @Get()
  @AdminRoles('owner', 'staff', 'editor')
  @ApiOperation({ summary: 'Promotions, newest first: keyword (name, id, shared code), status upcoming | running | ended | disabled; page 20' })
  list(@CurrentAdmin() admin: SessionAdmin, @Query() q: AdminPromotionsQuery): Promise<AdminPromotionsAnswer> {
    return this.promotions.list(q, admin.role !== 'editor');
  }

  @Get(':id')
  @AdminRoles('owner', 'staff', 'editor')
  @ApiOperation({ summary: 'One promotion as the form edits it (times with the Taipei offset), with its orders and codes counts' })
  detail(@CurrentAdmin() admin: SessionAdmin, @Param('id', ParseIntPipe) id: number): Promise<AdminPromotionAnswer> {
    return this.promotions.detail(id, admin.role !== 'editor');
  }

  @Get(':id/report')
  @AdminRoles('owner', 'staff', 'editor')
  @ApiOperation({ summary: "A promotion's orders, discount total, revenue (paid goods after discounts, less refunds, without shipping), codes used, by Taipei day" })
  report(@Param('id', ParseIntPipe) id: number): Promise<PromotionReportAnswer> {
    return this.reports.report(id);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a promotion: every rule at once (400 請檢查表單欄位 with errors[]); audited' })
  create(@CurrentAdmin() admin: SessionAdmin, @Body() body: Record<string, unknown>): Promise<AdminPromotionSaveAnswer> {
    return this.promotions.save(admin, null, bodyOf(body));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Replace a promotion: every rule at once (400 請檢查表單欄位 with errors[]); audited' })
  update(@CurrentAdmin() admin: SessionAdmin, @Param('id', ParseIntPipe) id: number, @Body() body: Record<string, unknown>): Promise<AdminPromotionSaveAnswer> {
    return this.promotions.save(admin, id, bodyOf(body));
  }

  @Put(':id/isActive')
  @ApiOperation({ summary: 'Enable (1) or disable (0) a promotion; audited' })
  setActive(@CurrentAdmin() admin: SessionAdmin, @Param('id', ParseIntPipe) id: number, @Body() dto: PromotionActiveDto): Promise<Envelope> {
    return this.promotions.setActive(admin, id, dto.is_active);
  }

  @Post(':id/duplicate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Copy a promotion as「… (複製)」: not active, no codes, used 0; audited' })
  duplicate(@CurrentAdmin() admin: SessionAdmin, @Param('id', ParseIntPipe) id: number): Promise<AdminPromotionSaveAnswer> {
    return this.promotions.duplicate(admin, id);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a promotion no order used (else 409 活動已有訂單使用，無法刪除（可停用）), with its codes; audited' })
  remove(@CurrentAdmin() admin: SessionAdmin, @Param('id', ParseIntPipe) id: number): Promise<Envelope> {
    return this.promotions.remove(admin, id);
  }
}
