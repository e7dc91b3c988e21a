import {
  BadRequestException,
  Catch,
  Controller,
  Delete,
  Get,
  HttpStatus,
  Param,
  ParseIntPipe,
  PayloadTooLargeException,
  Post,
  Query,
  Req,
  UploadedFiles,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import type { ImageDeleteAnswer, ImageListAnswer, ImageUploadAnswer } from '../../common/api/images';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { IMAGE_MAX_FILES } from './image-processing';
import { IMAGE_MSG } from './image-texts';
import { ImagesService, type UploadedPart } from './images.service';
import { UPLOAD_OPTIONS } from './upload-storage';

/**
 * multer's own refusals (raised by FilesInterceptor as BadRequestException / PayloadTooLargeException
 * with English texts: too many files, a cut request, a 64 MB+ file …) in our words. Our AppErrors are
 * not of these classes and reach the global filter unchanged.
 */
@Catch(BadRequestException, PayloadTooLargeException)
class MulterErrorFilter implements ExceptionFilter {
  catch(err: BadRequestException | PayloadTooLargeException, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const body = err.getResponse() as { message?: unknown } | string;
    const text = String(typeof body === 'string' ? body : body.message ?? '');
    if (err instanceof PayloadTooLargeException) res.status(HttpStatus.PAYLOAD_TOO_LARGE).json({ success: false, message: IMAGE_MSG.tooLarge });
    else if (/too many files|unexpected.*field/i.test(text)) res.status(HttpStatus.BAD_REQUEST).json({ success: false, message: IMAGE_MSG.tooMany(IMAGE_MAX_FILES) });
    else res.status(HttpStatus.BAD_REQUEST).json({ success: false, message: IMAGE_MSG.uploadFailed });
  }
}

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
  @UseFilters(MulterErrorFilter)
  @UseInterceptors(FilesInterceptor('files', IMAGE_MAX_FILES + 1, UPLOAD_OPTIONS))
  async upload(
    @UploadedFiles() files: UploadedPart[] | undefined,
    @Req() req: Request,
    @CurrentAdmin() admin: SessionAdmin,
  ): Promise<ImageUploadAnswer> {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const out = await this.images.upload(files ?? [], body.folder, admin);
    return { success: true, message: IMAGE_MSG.uploaded(out.items.length), ...out };
  }

  @Delete(':id')
  async remove(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: SessionAdmin): Promise<ImageDeleteAnswer> {
    await this.images.remove(id, admin);
    return { success: true, message: IMAGE_MSG.deleted };
  }
}
