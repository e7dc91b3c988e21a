import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { AdminHomeService } from './admin-home.service';
import {
  BannerDto,
  CertificateDto,
  DeleteHomeItemDto,
  EndorsementDto,
  TestimonialDto,
  UpdateBannerDto,
  UpdateCertificateDto,
  UpdateEndorsementDto,
  UpdateTestimonialDto,
} from './dto/admin-home.dto';

/** Home content screen (spec 3 §7 home content): owners and editors; every write audited, homeVersion bumped. */
@ApiTags('admin: home content')
@Controller('admin')
@AdminRoles('owner', 'editor')
export class AdminHomeController {
  constructor(private readonly home: AdminHomeService) {}

  @Get('loadHomeData')
  @ApiOperation({ summary: 'The four home sections, active or not, in display order' })
  loadHomeData() {
    return this.home.load();
  }

  @Post('createCarouselBanner')
  @HttpCode(200)
  createCarouselBanner(@CurrentAdmin() admin: SessionAdmin, @Body() dto: BannerDto) {
    return this.home.create(admin, 'banner', { ...dto });
  }

  @Post('updateCarouselBanner')
  @HttpCode(200)
  updateCarouselBanner(@CurrentAdmin() admin: SessionAdmin, @Body() dto: UpdateBannerDto) {
    return this.home.update(admin, 'banner', dto.id, { ...dto });
  }

  @Post('deleteCarouselBanner')
  @HttpCode(200)
  deleteCarouselBanner(@CurrentAdmin() admin: SessionAdmin, @Body() dto: DeleteHomeItemDto) {
    return this.home.remove(admin, 'banner', dto.id);
  }

  @Post('createBeauticianEndorsement')
  @HttpCode(200)
  createBeauticianEndorsement(@CurrentAdmin() admin: SessionAdmin, @Body() dto: EndorsementDto) {
    return this.home.create(admin, 'endorsement', { ...dto });
  }

  @Post('updateBeauticianEndorsement')
  @HttpCode(200)
  updateBeauticianEndorsement(@CurrentAdmin() admin: SessionAdmin, @Body() dto: UpdateEndorsementDto) {
    return this.home.update(admin, 'endorsement', dto.id, { ...dto });
  }

  @Post('deleteBeauticianEndorsement')
  @HttpCode(200)
  deleteBeauticianEndorsement(@CurrentAdmin() admin: SessionAdmin, @Body() dto: DeleteHomeItemDto) {
    return this.home.remove(admin, 'endorsement', dto.id);
  }

  @Post('createUserTestimonial')
  @HttpCode(200)
  createUserTestimonial(@CurrentAdmin() admin: SessionAdmin, @Body() dto: TestimonialDto) {
    return this.home.create(admin, 'testimonial', { ...dto });
  }

  @Post('updateUserTestimonial')
  @HttpCode(200)
  updateUserTestimonial(@CurrentAdmin() admin: SessionAdmin, @Body() dto: UpdateTestimonialDto) {
    return this.home.update(admin, 'testimonial', dto.id, { ...dto });
  }

  @Post('deleteUserTestimonial')
  @HttpCode(200)
  deleteUserTestimonial(@CurrentAdmin() admin: SessionAdmin, @Body() dto: DeleteHomeItemDto) {
    return this.home.remove(admin, 'testimonial', dto.id);
  }

  @Post('createCertificate')
  @HttpCode(200)
  createCertificate(@CurrentAdmin() admin: SessionAdmin, @Body() dto: CertificateDto) {
    return this.home.create(admin, 'certificate', { ...dto });
  }

  @Post('updateCertificate')
  @HttpCode(200)
  updateCertificate(@CurrentAdmin() admin: SessionAdmin, @Body() dto: UpdateCertificateDto) {
    return this.home.update(admin, 'certificate', dto.id, { ...dto });
  }

  @Post('deleteCertificate')
  @HttpCode(200)
  deleteCertificate(@CurrentAdmin() admin: SessionAdmin, @Body() dto: DeleteHomeItemDto) {
    return this.home.remove(admin, 'certificate', dto.id);
  }
}
