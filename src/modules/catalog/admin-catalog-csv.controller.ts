import { Controller, Get, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProductCsvImportAnswer } from '../../common/api/admin-catalog-csv';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { CSV_LIMITS, CSV_MSG } from '../../common/validation/admin-catalog-csv';
import { readUpload, type UploadAnswers, type UploadLimits } from '../images/upload-storage';
import { AdminCatalogCsvService } from './admin-catalog-csv.service';

/** One file in `file` (a file over 2 MB cuts the request), dryRun and a few fields beside it. */
const CSV_UPLOAD: UploadLimits = { fileField: 'file', files: 1, fields: 5, fieldSize: 1024, parts: 6, fileSize: CSV_LIMITS.bytes, keepBytes: CSV_LIMITS.bytes };

/** The multipart reader's refusals (over 2 MB; extra files or fields; a malformed body) in our words. */
const CSV_ANSWERS: UploadAnswers = {
  tooLarge: [HttpStatus.PAYLOAD_TOO_LARGE, CSV_MSG.tooLarge],
  tooMany: [HttpStatus.BAD_REQUEST, CSV_MSG.uploadFailed],
  failed: [HttpStatus.BAD_REQUEST, CSV_MSG.uploadFailed],
};

/** Product CSV export / import (issue 12 "beyond the spec"): owners and editors. */
@ApiTags('admin: catalogue')
@Controller('admin/products')
@AdminRoles('owner', 'editor')
export class AdminCatalogCsvController {
  constructor(private readonly csv: AdminCatalogCsvService) {}

  @Get('export.csv')
  @ApiOperation({ summary: 'Every product as CSV (UTF-8 with BOM, one row per variant)' })
  async exportCsv(@Res() reply: FastifyReply): Promise<void> {
    const file = await this.csv.exportCsv();
    reply.header('Cache-Control', 'no-store');
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="${file.filename}"`);
    reply.code(200).send(file.body);
  }

  @Post('import')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Import products from CSV: dryRun=1 previews (row errors, planned changes), dryRun=0 writes all or nothing' })
  async importCsv(@Req() req: FastifyRequest, @CurrentAdmin() admin: SessionAdmin): Promise<ProductCsvImportAnswer> {
    const form = await readUpload(req, CSV_UPLOAD, CSV_ANSWERS);
    const dryRun = form.fields.dryRun === undefined ? true : !['0', 'false'].includes(String(form.fields.dryRun));
    return this.csv.import(admin, form.files[0]?.buffer, dryRun);
  }
}
