import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuditLogsAnswer } from '../../common/api/admin';
import { AdminRoles } from '../../common/auth/admin-auth';
import { ok } from '../../common/http/envelope';
import { AuditTrail } from './audit-trail.service';
import { AuditLogsQuery } from './dto/audit.dto';

@ApiTags('admin')
@Controller('admin')
@AdminRoles('owner')
export class AdminAuditController {
  constructor(private readonly audit: AuditTrail) {}

  @Get('auditLogs')
  @ApiOperation({ summary: 'The audit trail of admin writes, newest first (owner); filters entity, entity_id, admin_id' })
  async list(@Query() q: AuditLogsQuery): Promise<AuditLogsAnswer> {
    return ok(await this.audit.list({ limit: q.limit ?? 50, offset: q.offset ?? 0, entity: q.entity, entityId: q.entity_id, adminId: q.admin_id }));
  }
}
