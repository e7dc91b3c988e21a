import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AllowancesAnswer } from '../../common/api/invoice-allowances';
import { AdminRoles } from '../../common/auth/admin-auth';
import { ok } from '../../common/http/envelope';
import { AllowancesQueryDto } from './dto/allowances-query.dto';
import { InvoiceAllowancesService } from './invoice-allowances.service';

/** The allowances of an order for the admin order detail (number, amount, status, consent time). */
@ApiTags('admin: orders')
@Controller('admin')
@AdminRoles('owner', 'staff')
export class AdminInvoiceAllowancesController {
  constructor(private readonly allowances: InvoiceAllowancesService) {}

  @Get('invoiceAllowances')
  @ApiOperation({ summary: "An order's e-invoice allowances (折讓), oldest first" })
  async list(@Query() dto: AllowancesQueryDto): Promise<AllowancesAnswer> {
    return ok({ allowances: await this.allowances.listForOrder(dto.order_id) });
  }
}
