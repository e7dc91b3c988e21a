import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { AiRewriteAnswer } from '../../common/api/admin-editor';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError } from '../../common/errors/app-error';
import { sanitizeRichHtml } from '../../common/html/sanitize-html';
import { taipeiToday } from '../../common/time/taipei-time';
import { Transactions } from '../../common/transactions/transactions';
import { findClaims } from '../../common/validation/cosmetics-rules';
import { AI_CONTENT_MAX_CHARS, EDITOR_MSG, aiQuotaUsedMsg, type AiMode } from '../../common/validation/admin-editor';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AI_REWRITER, AiError, type AiRewriter } from '../../integrations/ai/ai-rewriter';
import { ClaimsService } from '../claims/claims.service';
import { SettingsService } from '../settings/settings.service';
import { aiSystemPrompt, stripCodeFence } from './ai-prompt';
import { AiUsage } from './entities/ai-usage.entity';

/**
 * `POST /api/admin/ai/rewrite`: the editor's AI 優化 through the server only (the key stays here).
 * Each admin has AI_DAILY_QUOTA rewrites per Asia/Taipei day, taken atomically before the call
 * and given back when the provider fails; the answer is sanitized like any admin HTML.
 */
@Injectable()
export class AiRewriteService {
  private readonly logger = new Logger(AiRewriteService.name);

  constructor(
    private readonly tx: Transactions,
    private readonly settings: SettingsService,
    @Inject(AI_REWRITER) private readonly ai: AiRewriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly claims: ClaimsService,
  ) {}

  get quota(): number {
    return this.config.providers.ai.dailyQuota;
  }

  async rewrite(admin: SessionAdmin, content: string | undefined, mode: AiMode = 'optimize', now = new Date()): Promise<AiRewriteAnswer> {
    const text = typeof content === 'string' ? content : '';
    if (sanitizeRichHtml(text).replace(/<[^>]*>|&nbsp;|\s/g, '') === '' && !/<(img|iframe)\b/i.test(text)) {
      throw new AppError(EDITOR_MSG.emptyContent);
    }
    if (text.length > AI_CONTENT_MAX_CHARS) throw new AppError(EDITOR_MSG.tooLong, HttpStatus.PAYLOAD_TOO_LARGE);

    const day = taipeiToday(now);
    const used = await this.take(admin.id, day);
    if (used === null) throw new AppError(aiQuotaUsedMsg(this.quota), HttpStatus.TOO_MANY_REQUESTS, { remaining: 0 });

    const company = await this.settings.get('COMPANY_NAME').catch(() => '');
    const phrases = await this.claims.phrases();
    let answer: string;
    try {
      answer = await this.ai.complete({ system: aiSystemPrompt(mode, company ?? '', phrases), user: text, temperature: 0.7, maxTokens: 4096 });
    } catch (err) {
      await this.giveBack(admin.id, day);
      this.logger.warn(`AI rewrite failed for admin ${admin.id}: ${err instanceof AiError ? err.message : (err as Error).message}`);
      throw new AppError(EDITOR_MSG.aiUnavailable, HttpStatus.BAD_GATEWAY);
    }
    const clean = sanitizeRichHtml(stripCodeFence(answer));
    if (clean.replace(/<[^>]*>|\s/g, '') === '' && !/<(img|iframe)\b/i.test(clean)) {
      await this.giveBack(admin.id, day);
      throw new AppError(EDITOR_MSG.aiUnavailable, HttpStatus.BAD_GATEWAY);
    }
    // The answer checked like any staff text (spec 4 §4): the phrases the model used anyway.
    const warnings = findClaims({ ai: clean }, phrases);
    return { success: true, content: clean, remaining: Math.max(0, this.quota - used), warnings };
  }

  /**
   * Counts one rewrite for (admin, day) unless the quota is used up; the new count, or null. Two
   * single statements, each atomic on its own (no transaction: concurrent INSERT IGNORE + UPDATE
   * in one transaction deadlock on MariaDB's gap locks): the row is made if missing, then the
   * conditional increment is the quota check.
   */
  private async take(adminId: number, day: string): Promise<number | null> {
    const repo = this.tx.repo(AiUsage);
    await repo.createQueryBuilder().insert().into(AiUsage).values({ admin_id: adminId, day, count: 0 }).orIgnore().execute();
    const res = await repo
      .createQueryBuilder()
      .update(AiUsage)
      .set({ count: () => 'count + 1' })
      .where('admin_id = :adminId AND day = :day AND count < :quota', { adminId, day, quota: this.quota })
      .execute();
    if (!res.affected) return null;
    const row = await repo.findOne({ where: { admin_id: adminId, day } });
    return row?.count ?? this.quota;
  }

  private async giveBack(adminId: number, day: string): Promise<void> {
    await this.tx
      .repo(AiUsage)
      .createQueryBuilder()
      .update(AiUsage)
      .set({ count: () => 'count - 1' })
      .where('admin_id = :adminId AND day = :day AND count > 0', { adminId, day })
      .execute();
  }
}
