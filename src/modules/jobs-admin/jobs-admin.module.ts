import { Module } from '@nestjs/common';
import { AdminJobsController } from './admin-jobs.controller';
import { AdminJobsService } from './admin-jobs.service';

/**
 * The operators' job view (issue 11): `/api/admin/jobs…` for both drivers. With Redis, Bull Board
 * is mounted too (`mountAdminQueues`, from configureHttp) at /admin/queues behind the admin session.
 */
@Module({
  controllers: [AdminJobsController],
  providers: [AdminJobsService],
})
export class JobsAdminModule {}
