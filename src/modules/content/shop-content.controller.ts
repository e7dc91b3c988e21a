import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { VersionsDto } from './dto/versions.dto';
import { StartupService } from './startup.service';

@ApiTags('shop: content')
@Controller('load')
export class ShopContentController {
  constructor(private readonly startup: StartupService) {}

  @Post('versions')
  @HttpCode(200)
  @ApiOperation({ summary: 'Start-up: cart/settings/poster versions, public settings and poster titles' })
  versions(@Body() dto: VersionsDto) {
    return this.startup.versionsCheck(dto);
  }
}
