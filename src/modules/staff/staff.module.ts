import { Global, Module } from '@nestjs/common';
import { AdminAccess, AdminGuard } from '../../common/auth/admin-auth';
import { StaffAdminAccess } from './staff-admin-access';
import { AuthModule } from '../auth/auth.module';
import { AdminCsrf } from './admin-csrf';
import { AdminLockout } from './admin-lockout';
import { AdminLoginController } from './admin-login.controller';
import { AdminSessions } from './admin-sessions';
import { AdminStaffController } from './admin-staff.controller';
import { StaffAuthService } from './staff-auth.service';
import { StaffClock } from './staff-clock';
import { StaffTotp } from './staff-totp';
import { StaffService } from './staff.service';

/**
 * Back-office accounts: sign-in (admin session `asid`, lockout, TOTP), staff management, and the
 * access check every admin route uses (`AdminAccess` behind `@AdminRoles`, global).
 */
@Global()
@Module({
  imports: [AuthModule],
  controllers: [AdminLoginController, AdminStaffController],
  providers: [{ provide: AdminAccess, useClass: StaffAdminAccess }, AdminGuard, AdminSessions, AdminCsrf, AdminLockout, StaffClock, StaffTotp, StaffAuthService, StaffService],
  exports: [AdminAccess, AdminGuard, AdminSessions, AdminCsrf, StaffClock],
})
export class StaffModule {}
