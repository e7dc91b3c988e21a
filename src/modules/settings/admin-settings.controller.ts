import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { AdminSettingsService } from './admin-settings.service';
import { UpdatePaymentDto, UpdateSettingDto, UpdateShippingActiveDto, UpdateShippingDto } from './dto/admin-settings.dto';

/** Settings screen (spec 3 §7 settings): owners and editors; every write awaited, audited, published. */
@ApiTags('admin: settings')
@Controller('admin')
@AdminRoles('owner', 'editor')
export class AdminSettingsController {
  constructor(private readonly settings: AdminSettingsService) {}

  @Get('loadsettings')
  @ApiOperation({ summary: 'General (public) settings, payment and shipping methods' })
  loadsettings() {
    return this.settings.load();
  }

  @Post('updatesettings')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change one general setting; audited' })
  updatesettings(@CurrentAdmin() admin: SessionAdmin, @Body() dto: UpdateSettingDto) {
    return this.settings.updateSetting(admin, dto.s_id, dto.s_value);
  }

  @Post('updatepayment')
  @HttpCode(200)
  @ApiOperation({ summary: 'Switch a payment method on or off; audited' })
  updatepayment(@CurrentAdmin() admin: SessionAdmin, @Body() dto: UpdatePaymentDto) {
    return this.settings.updatePayment(admin, dto.payment_method_id, dto.status);
  }

  @Post('updateshipping_active')
  @HttpCode(200)
  @ApiOperation({ summary: 'Switch a shipping method on or off; audited' })
  updateshippingActive(@CurrentAdmin() admin: SessionAdmin, @Body() dto: UpdateShippingActiveDto) {
    return this.settings.updateShippingActive(admin, dto.id, dto.is_active);
  }

  @Post('updateshipping')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save icons, costs, thresholds and switches of the shipping methods; audited' })
  updateshipping(@CurrentAdmin() admin: SessionAdmin, @Body() dto: UpdateShippingDto) {
    return this.settings.updateShipping(admin, dto.shipping_methods);
  }
}
