import { Module } from '@nestjs/common';
import { AiModule } from '../../integrations/ai/ai.module';
import { SettingsModule } from '../settings/settings.module';
import { AdminEditorController } from './admin-editor.controller';
import { AiRewriteService } from './ai-rewrite.service';
import { EditorService } from './editor.service';

/** The HTML editor and its AI rewrite (issue 12). */
@Module({
  imports: [AiModule, SettingsModule],
  controllers: [AdminEditorController],
  providers: [EditorService, AiRewriteService],
})
export class EditorModule {}
