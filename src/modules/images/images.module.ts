import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { LocalDiskStorage } from '../../integrations/storage/local-disk-storage';
import { MediaStorage } from '../../integrations/storage/media-storage';
import { AdminImagesController } from './admin-images.controller';
import { ImagesService } from './images.service';

/** The back office's image library; media on the local disk under MEDIA_DIR (served at /media). */
@Module({
  controllers: [AdminImagesController],
  providers: [
    ImagesService,
    { provide: MediaStorage, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalDiskStorage(config.mediaDir) },
  ],
  exports: [ImagesService],
})
export class ImagesModule {}
