import { Module } from '@nestjs/common';
import { AiModule } from '../../integrations/ai/ai.module';
import { CatalogModule } from '../catalog/catalog.module';
import { ClaimsModule } from '../claims/claims.module';
import { ContentModule } from '../content/content.module';
import { SettingsModule } from '../settings/settings.module';
import { AdminEditorController } from './admin-editor.controller';
import { AiRewriteService } from './ai-rewrite.service';
import { EditorService } from './editor.service';

/** The HTML editor and its AI rewrite (issue 12); the HTML itself through the catalogue's and content's services. */
@Module({
  imports: [AiModule, SettingsModule, CatalogModule, ContentModule, ClaimsModule],
  controllers: [AdminEditorController],
  providers: [EditorService, AiRewriteService],
})
export class EditorModule {}
