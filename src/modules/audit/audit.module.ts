import { Global, Module } from '@nestjs/common';
import { AdminAuditController } from './admin-audit.controller';
import { AuditTrail } from './audit-trail.service';

/** The audit trail of admin writes (`AuditTrail`, global) and GET /api/admin/auditLogs (owner). */
@Global()
@Module({
  controllers: [AdminAuditController],
  providers: [AuditTrail],
  exports: [AuditTrail],
})
export class AuditModule {}
