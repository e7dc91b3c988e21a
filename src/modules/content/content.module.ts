import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingsModule } from '../settings/settings.module';
import { ContentVersionsService } from './content-versions.service';
import { ContentVersion } from './entities/content-version.entity';
import { Poster } from './entities/poster.entity';
import { ShopContentController } from './shop-content.controller';
import { StartupService } from './startup.service';

@Module({
  imports: [TypeOrmModule.forFeature([ContentVersion, Poster]), SettingsModule],
  controllers: [ShopContentController],
  providers: [ContentVersionsService, StartupService],
  exports: [ContentVersionsService],
})
export class ContentModule {}
