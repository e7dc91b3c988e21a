import {
  BadRequestException,
  Catch,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  PayloadTooLargeException,
  Post,
  Req,
  Res,
  UploadedFile,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { ProductCsvImportAnswer } from '../../common/api/admin-catalog-csv';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { CSV_LIMITS, CSV_MSG } from '../../common/validation/admin-catalog-csv';
import { AdminCatalogCsvService } from './admin-catalog-csv.service';

/** multer's own refusals (a file over 2 MB cuts the request; extra files or fields) in our words. */
@Catch(BadRequestException, PayloadTooLargeException)
class CsvUploadErrorFilter implements ExceptionFilter {
  catch(err: BadRequestException | PayloadTooLargeException, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (err instanceof PayloadTooLargeException) res.status(HttpStatus.PAYLOAD_TOO_LARGE).json({ success: false, message: CSV_MSG.tooLarge });
    else res.status(HttpStatus.BAD_REQUEST).json({ success: false, message: CSV_MSG.uploadFailed });
  }
}

/** The part multer hands over (memory storage). */
interface CsvPart {
  buffer?: Buffer;
  size: number;
}

/** Product CSV export / import (issue 12 "beyond the spec"): owners and editors. */
@ApiTags('admin: catalogue')
@Controller('admin/products')
@AdminRoles('owner', 'editor')
export class AdminCatalogCsvController {
  constructor(private readonly csv: AdminCatalogCsvService) {}

  @Get('export.csv')
  @ApiOperation({ summary: 'Every product as CSV (UTF-8 with BOM, one row per variant)' })
  async exportCsv(@Res() res: Response): Promise<void> {
    const file = await this.csv.exportCsv();
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    res.status(200).send(file.body);
  }

  @Post('import')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Import products from CSV: dryRun=1 previews (row errors, planned changes), dryRun=0 writes all or nothing' })
  @UseFilters(CsvUploadErrorFilter)
  @UseInterceptors(FileInterceptor('file', { limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6, fileSize: CSV_LIMITS.bytes } }))
  importCsv(@UploadedFile() file: CsvPart | undefined, @Req() req: Request, @CurrentAdmin() admin: SessionAdmin): Promise<ProductCsvImportAnswer> {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const dryRun = body.dryRun === undefined ? true : !['0', 'false'].includes(String(body.dryRun));
    return this.csv.import(admin, file?.buffer, dryRun);
  }
}
