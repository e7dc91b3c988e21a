import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentMethod } from './entities/payment-method.entity';
import { Setting } from './entities/setting.entity';
import { ShippingMethod } from './entities/shipping-method.entity';
import { SettingsCacheSubscriber } from './settings-cache.subscriber';
import { SettingsService } from './settings.service';
import { StaffAlertsProcessor } from './staff-alerts.processor';
import { NotificationSetting } from './entities/notification-setting.entity';
import { ShopSettingsController } from './shop-settings.controller';

@Module({
  imports: [TypeOrmModule.forFeature([ShippingMethod, PaymentMethod, Setting, NotificationSetting])],
  controllers: [ShopSettingsController],
  providers: [SettingsService, SettingsCacheSubscriber, StaffAlertsProcessor],
  exports: [SettingsService],
})
export class SettingsModule {}
