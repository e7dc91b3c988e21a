import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentMethod } from './entities/payment-method.entity';
import { Setting } from './entities/setting.entity';
import { ShippingMethod } from './entities/shipping-method.entity';
import { SettingsCacheSubscriber } from './settings-cache.subscriber';
import { SettingsService } from './settings.service';
import { AdminNotificationsController } from './admin-notifications.controller';
import { StaffAlertsProcessor } from './staff-alerts.processor';
import { StaffAlerts } from './staff-alerts.service';
import { StaffAlertsSubscriber } from './staff-alerts.subscriber';
import { NotificationSetting } from './entities/notification-setting.entity';
import { ShopSettingsController } from './shop-settings.controller';
import { AdminSettingsController } from './admin-settings.controller';
import { AdminSettingsService } from './admin-settings.service';

@Module({
  imports: [TypeOrmModule.forFeature([ShippingMethod, PaymentMethod, Setting, NotificationSetting])],
  controllers: [ShopSettingsController, AdminNotificationsController, AdminSettingsController],
  providers: [SettingsService, AdminSettingsService, SettingsCacheSubscriber, StaffAlertsProcessor, StaffAlerts, StaffAlertsSubscriber],
  exports: [SettingsService, StaffAlerts],
})
export class SettingsModule {}
