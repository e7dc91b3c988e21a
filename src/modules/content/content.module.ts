import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../../integrations/mail/mail.module';
import { CatalogModule } from '../catalog/catalog.module';
import { ClaimsModule } from '../claims/claims.module';
import { SettingsModule } from '../settings/settings.module';
import { ContactMailProcessor } from './contact-mail.processor';
import { ContactService } from './contact.service';
import { ContentImageUsage } from './content-image-usage';
import { ContentEventsSubscriber } from './content-events.subscriber';
import { ContentVersionsService } from './content-versions.service';
import { ContentService } from './content.service';
import { ContactMessage } from './entities/contact-message.entity';
import { ContentVersion } from './entities/content-version.entity';
import { HomeBeauticianEndorsement } from './entities/home-beautician-endorsement.entity';
import { HomeCarouselBanner } from './entities/home-carousel-banner.entity';
import { HomeCertificate } from './entities/home-certificate.entity';
import { HomeUserTestimonial } from './entities/home-user-testimonial.entity';
import { HtmlImage } from './entities/html-image.entity';
import { HtmlPage } from './entities/html-page.entity';
import { Poster } from './entities/poster.entity';
import { HomeContentService } from './home-content.service';
import { AdminHomeController } from './admin-home.controller';
import { AdminHomeService } from './admin-home.service';
import { AdminPagesController } from './admin-pages.controller';
import { AdminPagesService } from './admin-pages.service';
import { AdminPostersController } from './admin-posters.controller';
import { AdminPostersService } from './admin-posters.service';
import { PageContentService } from './page-content.service';
import { PageHtmlService } from './page-html.service';
import { ShopContactController } from './shop-contact.controller';
import { ShopContentController } from './shop-content.controller';
import { StartupService } from './startup.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      ContentVersion,
      Poster,
      HomeCarouselBanner,
      HomeBeauticianEndorsement,
      HomeUserTestimonial,
      HomeCertificate,
      HtmlPage,
      HtmlImage,
      ContactMessage,
    ]),
    SettingsModule,
    CatalogModule,
    MailModule,
    ClaimsModule,
  ],
  controllers: [ShopContentController, ShopContactController, AdminHomeController, AdminPagesController, AdminPostersController],
  providers: [
    ContentVersionsService,
    ContentService,
    ContentEventsSubscriber,
    StartupService,
    HomeContentService,
    AdminHomeService,
    AdminPagesService,
    AdminPostersService,
    PageContentService,
    ContactService,
    ContactMailProcessor,
    PageHtmlService,
    ContentImageUsage,
  ],
  exports: [ContentVersionsService, ContentService, PageHtmlService],
})
export class ContentModule {}
