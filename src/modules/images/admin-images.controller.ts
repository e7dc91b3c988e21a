import { Controller, Delete, Get, HttpStatus, Param, ParseIntPipe, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { ImageDeleteAnswer, ImageListAnswer, ImageUploadAnswer } from '../../common/api/images';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { IMAGE_MAX_FILES } from './image-processing';
import { IMAGE_MSG } from './image-texts';
import { ImagesService } from './images.service';
import { IMAGE_UPLOAD_LIMITS, readUpload, type UploadAnswers } from './upload-storage';

/** The multipart reader's refusals (a cut request past 64 MB, too many files, a malformed body …) in our words. */
const UPLOAD_ANSWERS: UploadAnswers = {
  tooLarge: [HttpStatus.PAYLOAD_TOO_LARGE, IMAGE_MSG.tooLarge],
  tooMany: [HttpStatus.BAD_REQUEST, IMAGE_MSG.tooMany(IMAGE_MAX_FILES)],
  failed: [HttpStatus.BAD_REQUEST, IMAGE_MSG.uploadFailed],
};

/** The image library (spec 3 §5): owners and editors. */
@Controller('admin/images')
@AdminRoles('owner', 'editor')
export class AdminImagesController {
  constructor(private readonly images: ImagesService) {}

  @Get()
  async list(@Query() query: Record<string, unknown>): Promise<ImageListAnswer> {
    return { success: true, ...(await this.images.list(query)) };
  }

  @Post('upload')
  async upload(@Req() req: FastifyRequest, @CurrentAdmin() admin: SessionAdmin): Promise<ImageUploadAnswer> {
    const form = await readUpload(req, IMAGE_UPLOAD_LIMITS, UPLOAD_ANSWERS);
    const out = await this.images.upload(form.files, form.fields.folder, admin);
    return { success: true, message: IMAGE_MSG.uploaded(out.items.length), ...out };
  }

  @Delete(':id')
  async remove(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: SessionAdmin): Promise<ImageDeleteAnswer> {
    await this.images.remove(id, admin);
    return { success: true, message: IMAGE_MSG.deleted };
  }
}
