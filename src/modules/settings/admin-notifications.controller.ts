import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsString, Matches } from 'class-validator';
import type { NotificationSettingView, NotificationSettingsAnswer } from '../../common/api/admin';
import type { Envelope } from '../../common/api/envelope';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { ADMIN_MSG } from '../../common/validation/admin';
import { NOTIFICATION_FIELDS, StaffAlerts } from './staff-alerts.service';

/** true/false, 1/0 and '1'/'0' as 1/0 (a switch); anything else is left for the check to refuse. */
const ToFlag = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === true || value === 1 || value === '1') return 1;
    if (value === false || value === 0 || value === '0') return 0;
    return value;
  });

/** `POST /api/admin/updateNotificationSetting {setting_type, field, value}` (spec 3 §7). */
export class UpdateNotificationSettingDto {
  @Matches(/^[a-z_]{1,50}$/, { message: ADMIN_MSG.notificationsUpdateFailed })
  @IsString({ message: ADMIN_MSG.notificationsUpdateFailed })
  setting_type: string;

  @IsIn([...NOTIFICATION_FIELDS], { message: ADMIN_MSG.notificationsUpdateFailed })
  field: (typeof NOTIFICATION_FIELDS)[number];

  @ToFlag()
  @IsIn([0, 1], { message: ADMIN_MSG.notificationsUpdateFailed })
  value: 0 | 1;
}

/** Staff alerts' switches (spec 3 §7 notifications): owners and staff read them, owners change them. */
@ApiTags('admin: notifications')
@Controller('admin')
@AdminRoles('owner', 'staff')
export class AdminNotificationsController {
  constructor(private readonly alerts: StaffAlerts) {}

  @Get('loadNotificationsSettings')
  @ApiOperation({ summary: 'Every staff alert with its Telegram switch' })
  loadNotificationsSettings(): Promise<NotificationSettingsAnswer> {
    return this.alerts.list();
  }

  @Post('updateNotificationSetting')
  @HttpCode(200)
  @AdminRoles('owner')
  @ApiOperation({ summary: "Switch one alert's Telegram on or off (owner); audited" })
  updateNotificationSetting(
    @CurrentAdmin() admin: SessionAdmin,
    @Body() dto: UpdateNotificationSettingDto,
  ): Promise<Envelope<{ notificationsSetting: NotificationSettingView }>> {
    return this.alerts.update(admin, dto.setting_type, dto.field, dto.value);
  }
}
