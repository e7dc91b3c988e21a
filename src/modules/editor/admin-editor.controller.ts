import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AiRewriteAnswer, LoadHtmlAnswer, SaveHtmlAnswer } from '../../common/api/admin-editor';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { AiRewriteService } from './ai-rewrite.service';
import { AiRewriteDto, EditTargetQuery, SaveHtmlDto } from './dto/editor.dto';
import { EditorService } from './editor.service';

/** The `/editor` screen (spec 3 §4, §7): load and save a product's or a page's HTML, and the AI rewrite. Owners and editors. */
@ApiTags('admin: editor')
@Controller('admin')
@AdminRoles('owner', 'editor')
export class AdminEditorController {
  constructor(
    private readonly editor: EditorService,
    private readonly ai: AiRewriteService,
  ) {}

  @Get('loadhtml')
  @ApiOperation({ summary: "A product's detail HTML or an HTML page's, as stored (sanitized)" })
  load(@Query() q: EditTargetQuery): Promise<LoadHtmlAnswer> {
    return this.editor.load(q);
  }

  @Post('savehtml')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save the HTML (sanitized on save; public reads refreshed; audited)' })
  save(@CurrentAdmin() admin: SessionAdmin, @Body() dto: SaveHtmlDto): Promise<SaveHtmlAnswer> {
    return this.editor.save(admin, dto, dto.html);
  }

  @Post('ai/rewrite')
  @HttpCode(200)
  @ApiOperation({ summary: 'AI rewrite through the server (per-admin daily quota; the answer sanitized)' })
  rewrite(@CurrentAdmin() admin: SessionAdmin, @Body() dto: AiRewriteDto): Promise<AiRewriteAnswer> {
    return this.ai.rewrite(admin, dto.content, dto.mode ?? 'optimize');
  }
}
