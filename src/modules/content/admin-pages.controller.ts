import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { AdminPagesService } from './admin-pages.service';
import { AdminListDto, UpdateImageUrlDto } from './dto/admin-pages.dto';

/** HTML pages and HTML images screens (spec 3 §7): owners and editors. */
@ApiTags('admin: html pages and images')
@Controller('admin')
@AdminRoles('owner', 'editor')
export class AdminPagesController {
  constructor(private readonly pages: AdminPagesService) {}

  @Post('htmls')
  @HttpCode(200)
  @ApiOperation({ summary: 'HTML pages: title and the first 50 characters of their text (page 30)' })
  htmls(@Body() dto: AdminListDto) {
    return this.pages.pages(dto.limit ?? 30, dto.offset ?? 0, dto.keyword ?? '');
  }

  @Post('htmlimages')
  @HttpCode(200)
  @ApiOperation({ summary: 'Image slots of the content pages (page 30)' })
  htmlimages(@Body() dto: AdminListDto) {
    return this.pages.images(dto.limit ?? 30, dto.offset ?? 0, dto.keyword ?? '');
  }

  @Post('updateImageUrl')
  @HttpCode(200)
  @ApiOperation({ summary: "Change a page image slot's URL; audited, the page's version bumped" })
  updateImageUrl(@CurrentAdmin() admin: SessionAdmin, @Body() dto: UpdateImageUrlDto) {
    return this.pages.updateImageUrl(admin, dto.version_page_type, dto.image_type, dto.image_url);
  }
}
