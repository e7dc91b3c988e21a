import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { AdminPostersService } from './admin-posters.service';
import { AdminListDto } from './dto/admin-pages.dto';
import { PosterActiveDto, PosterDto, PosterIdDto, UpdatePosterDto } from './dto/admin-posters.dto';

/** Posters screen (spec 3 §7): owners and editors; every write audited, postersVersion bumped. */
@ApiTags('admin: posters')
@Controller('admin')
@AdminRoles('owner', 'editor')
export class AdminPostersController {
  constructor(private readonly posters: AdminPostersService) {}

  @Post('loadPosters')
  @HttpCode(200)
  @ApiOperation({ summary: 'Posters, newest first (page 20), keyword on title and SEO description' })
  loadPosters(@Body() dto: AdminListDto) {
    return this.posters.list(dto.limit ?? 20, dto.offset ?? 0, dto.keyword ?? '');
  }

  @Post('createPoster')
  @HttpCode(200)
  createPoster(@CurrentAdmin() admin: SessionAdmin, @Body() dto: PosterDto) {
    return this.posters.create(admin, dto);
  }

  @Post('updatePoster')
  @HttpCode(200)
  updatePoster(@CurrentAdmin() admin: SessionAdmin, @Body() dto: UpdatePosterDto) {
    return this.posters.update(admin, dto.id, dto);
  }

  @Post('updatePosterIsActive')
  @HttpCode(200)
  updatePosterIsActive(@CurrentAdmin() admin: SessionAdmin, @Body() dto: PosterActiveDto) {
    return this.posters.setActive(admin, dto.id, dto.is_active);
  }

  @Post('deletePoster')
  @HttpCode(200)
  deletePoster(@CurrentAdmin() admin: SessionAdmin, @Body() dto: PosterIdDto) {
    return this.posters.remove(admin, dto.id);
  }
}
