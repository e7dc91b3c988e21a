import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { LocalDiskStorage } from '../../integrations/storage/local-disk-storage';
import { MediaStorage } from '../../integrations/storage/media-storage';
import { S3Storage } from '../../integrations/storage/s3-storage';
import { AdminImagesController } from './admin-images.controller';
import { ImagesService } from './images.service';

/**
 * The back office's image library; files through the MediaStorage driver: the local disk under
 * MEDIA_DIR (served at /media, default) or an S3-compatible bucket (MEDIA_STORAGE=s3).
 */
@Module({
  imports: [DiscoveryModule],
  controllers: [AdminImagesController],
  providers: [
    ImagesService,
    {
      provide: MediaStorage,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): MediaStorage =>
        config.storage.driver === 's3' ? new S3Storage(config.storage) : new LocalDiskStorage(config.mediaDir),
    },
  ],
  exports: [ImagesService],
})
export class ImagesModule {}
