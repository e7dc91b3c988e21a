import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import type { ClaimPhrase, ClaimWarning } from '../../common/api/compliance';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError } from '../../common/errors/app-error';
import { Transactions } from '../../common/transactions/transactions';
import { CATALOG_MSG } from '../../common/validation/admin-catalog';
import { claimPhrasesErrors, DEFAULT_CLAIM_PHRASES, findClaims } from '../../common/validation/cosmetics-rules';
import { AuditTrail } from '../audit/audit-trail.service';
import { SettingsService } from '../settings/settings.service';

/** The settings key of the claims list (JSON ClaimPhrase[], private: never sent to the shop). */
export const CLAIM_PHRASES_KEY = 'CLAIM_PHRASES';
const CLAIM_PHRASES_TITLE = '宣稱用語檢查清單';

export const CLAIMS_MSG = {
  saved: '已儲存',
} as const;

/**
 * The cosmetics claims check (spec 4 §4, issue 22 §5): the phrase list kept in settings
 * (`CLAIM_PHRASES`; the built-in DEFAULT_CLAIM_PHRASES until staff save one), and `check`, which the
 * product, poster and HTML page saves and the AI rewrite run on their texts. A check never refuses:
 * the caller saves and answers the warnings.
 */
@Injectable()
export class ClaimsService {
  private readonly logger = new Logger(ClaimsService.name);

  constructor(
    private readonly tx: Transactions,
    private readonly settings: SettingsService,
    private readonly audit: AuditTrail,
  ) {}

  /** The list in force: the saved one, else the defaults (also when the saved JSON cannot be read). */
  async phrases(): Promise<ClaimPhrase[]> {
    const raw = await this.settings.getLongPrivate(CLAIM_PHRASES_KEY);
    if (raw === null) return DEFAULT_CLAIM_PHRASES.map((p) => ({ ...p }));
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed)) {
        return parsed
          .filter((p): p is ClaimPhrase => !!p && typeof p === 'object' && typeof (p as ClaimPhrase).phrase === 'string' && typeof (p as ClaimPhrase).reason === 'string')
          .map((p) => ({ phrase: p.phrase, reason: p.reason }));
      }
    } catch {
      /* falls through to the defaults */
    }
    this.logger.warn(`${CLAIM_PHRASES_KEY} is not a JSON list; the default phrases are used`);
    return DEFAULT_CLAIM_PHRASES.map((p) => ({ ...p }));
  }

  /** Each listed phrase found in each field's text (HTML tags, spaces, case and full-width forms ignored). */
  async check(fields: Record<string, string | null | undefined>): Promise<ClaimWarning[]> {
    return findClaims(fields, await this.phrases());
  }

  /**
   * `PUT /api/admin/claim-phrases {phrases}`: the whole list, every rule checked at once (400 請檢查表單欄位
   * with `errors`), nothing stored on a refusal; audited with what was added and removed.
   */
  async save(admin: SessionAdmin, input: unknown): Promise<ClaimPhrase[]> {
    const list = readList(input);
    if (list === null) throw new AppError(CATALOG_MSG.checkFields, HttpStatus.BAD_REQUEST, { errors: [{ field: 'phrases', message: CATALOG_MSG.checkFields }] });
    const errors = claimPhrasesErrors(list);
    if (errors.length) throw new AppError(CATALOG_MSG.checkFields, HttpStatus.BAD_REQUEST, { errors });
    await this.tx.run(async () => {
      const before = await this.phrases();
      const was = new Set(before.map((p) => p.phrase));
      const now = new Set(list.map((p) => p.phrase));
      await this.settings.setLongPrivate(CLAIM_PHRASES_KEY, CLAIM_PHRASES_TITLE, JSON.stringify(list));
      await this.audit.record({
        admin,
        action: 'settings.claim-phrases',
        entity: 'setting',
        entityId: CLAIM_PHRASES_KEY,
        before: { count: before.length },
        after: {
          count: list.length,
          added: list.filter((p) => !was.has(p.phrase)).map((p) => p.phrase),
          removed: before.filter((p) => !now.has(p.phrase)).map((p) => p.phrase),
        },
        summary: `修改${CLAIM_PHRASES_TITLE}（${list.length} 個詞語）`,
      });
    });
    return list;
  }
}

/** The body's list, trimmed; null when it is not a list of objects. */
function readList(input: unknown): ClaimPhrase[] | null {
  if (!Array.isArray(input)) return null;
  const out: ClaimPhrase[] = [];
  for (const row of input) {
    if (!row || typeof row !== 'object' || Array.isArray(row)) return null;
    const r = row as Record<string, unknown>;
    out.push({ phrase: typeof r.phrase === 'string' ? r.phrase.trim() : '', reason: typeof r.reason === 'string' ? r.reason.trim() : '' });
  }
  return out;
}
