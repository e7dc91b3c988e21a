import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { JobsListAnswer, JobsOverviewAnswer } from '../../common/api/admin';
import type { Envelope } from '../../common/api/envelope';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { JobRefDto, JobsListQuery } from './admin-jobs.dto';
import { AdminJobsService } from './admin-jobs.service';

/** The operators' job view (issue 11): owners and staff. */
@ApiTags('admin: jobs')
@Controller('admin/jobs')
@AdminRoles('owner', 'staff')
export class AdminJobsController {
  constructor(private readonly jobs: AdminJobsService) {}

  @Get()
  @ApiOperation({ summary: 'Jobs per state for every queue; the driver; Bull Board URL when on BullMQ' })
  overview(): Promise<JobsOverviewAnswer> {
    return this.jobs.overview();
  }

  @Get('list')
  @ApiOperation({ summary: "A queue's jobs in one state, newest first (payloads redacted)" })
  list(@Query() q: JobsListQuery): Promise<JobsListAnswer> {
    return this.jobs.list(q.queue, q.state, q.limit);
  }

  @Post('retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Retry a failed job with fresh attempts; audited' })
  retry(@CurrentAdmin() admin: SessionAdmin, @Body() dto: JobRefDto): Promise<Envelope<object>> {
    return this.jobs.retry(admin, dto.queue, dto.jobId);
  }

  @Post('remove')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove a job that is not running; audited' })
  remove(@CurrentAdmin() admin: SessionAdmin, @Body() dto: JobRefDto): Promise<Envelope<object>> {
    return this.jobs.remove(admin, dto.queue, dto.jobId);
  }
}
