import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminDashboardAnswer } from '../../common/api/admin-dashboard';
import { AdminRoles } from '../../common/auth/admin-auth';
import { DashboardService } from './dashboard.service';

/** The back-office home (issue 12, beyond the spec): owners and staff. */
@ApiTags('admin: dashboard')
@Controller('admin')
@AdminRoles('owner', 'staff')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('dashboard')
  @ApiOperation({ summary: "Today's and this month's paid revenue (Taipei days), 30 days of revenue, orders per status, this month's top products, low-stock variants (≤ 5)" })
  get(): Promise<AdminDashboardAnswer> {
    return this.dashboard.dashboard();
  }
}
