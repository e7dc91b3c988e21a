import type { ClaimPhrase, ClaimWarning } from '@api/compliance';
import { findClaims } from '@rules/cosmetics-rules';
import { Alert, App } from 'antd';
import { useAppDispatch } from '../../app/hooks';
import { complianceApi, useAdminClaimPhrasesQuery } from '../api/complianceApi';
import './claimsCheck.css';

/** The form labels of the fields the claims check names (a field the map lacks shows its key). */
export type ClaimLabels = Readonly<Record<string, string>>;

/** Texts of the claims check (spec 4 §4: staff see each phrase and why before saving, and may save anyway). */
export const CLAIMS_TEXT = {
  confirmTitle: '內容含有可能違規的宣傳詞語',
  confirmIntro: '化粧品不得宣稱醫療效能，也不得誇大或保證效果（化粧品衛生安全管理法）。以下詞語可能違規：',
  saveAnyway: '仍要儲存',
  goBack: '返回修改',
  savedWith: '已儲存，但',
  claimsFound: '內容含有可能違規的詞語：',
  aiWarnings: 'AI 文字含有可能違規的詞語，請修改後再儲存：',
} as const;

/** The label of a warning's field: `cosmetics.usage` and `usage` both find the label of `usage`. */
export function claimFieldLabel(field: string, labels: ClaimLabels): string {
  return labels[field] ?? labels[field.replace(/^cosmetics\./, '')] ?? labels[`cosmetics.${field}`] ?? field;
}

/** The `warnings` of a save or rewrite answer (ClaimWarning[]), whatever else it carries; [] when none. */
export function warningsOf(answer: unknown): ClaimWarning[] {
  const list = answer && typeof answer === 'object' && 'warnings' in answer ? (answer as { warnings?: unknown }).warnings : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (w): w is ClaimWarning =>
      !!w && typeof w === 'object' && typeof (w as ClaimWarning).phrase === 'string' && typeof (w as ClaimWarning).reason === 'string' && typeof (w as ClaimWarning).field === 'string',
  );
}

/** 「治療」（商品描述）、「保證」（SEO 描述）: the phrases found, each with its field. */
export function claimsSummary(warnings: readonly ClaimWarning[], labels: ClaimLabels): string {
  return warnings.map((w) => `「${w.phrase}」（${claimFieldLabel(w.field, labels)}）`).join('、');
}

/**
 * What a save's warnings tell staff, in one line: a warning without a phrase is a note of its own
 * (尚未填寫化粧品登錄編號 for a listed product), then the phrases found with their fields.
 */
export function savedWarningsText(warnings: readonly ClaimWarning[], labels: ClaimLabels): string {
  const notes = warnings.filter((w) => !w.phrase).map((w) => w.reason);
  const found = warnings.filter((w) => w.phrase);
  const parts = [...new Set(notes), ...(found.length > 0 ? [`${CLAIMS_TEXT.claimsFound}${claimsSummary(found, labels)}`] : [])];
  return `${CLAIMS_TEXT.savedWith}${parts.join('；')}`;
}

/** Each phrase found: the phrase, the field it is in and why it may break the law. */
export function ClaimWarningsList({ warnings, labels }: { warnings: readonly ClaimWarning[]; labels: ClaimLabels }) {
  return (
    <ul className="ss-claims-list" aria-label="可能違規的詞語">
      {warnings.map((w) => (
        <li key={`${w.field}:${w.phrase}:${w.reason}`} className="ss-claims-item">
          {w.phrase && <strong className="ss-claims-phrase">「{w.phrase}」</strong>}
          <span className="ss-claims-field">{claimFieldLabel(w.field, labels)}</span>
          <span className="ss-claims-reason">{w.reason}</span>
        </li>
      ))}
    </ul>
  );
}

/** The AI rewrite's warnings, beside its text until staff accept or change it. */
export function ClaimWarningsAlert({ warnings, labels, title = CLAIMS_TEXT.aiWarnings, testId }: { warnings: readonly ClaimWarning[]; labels: ClaimLabels; title?: string; testId?: string }) {
  if (warnings.length === 0) return null;
  return <Alert type="warning" showIcon title={title} description={<ClaimWarningsList warnings={warnings} labels={labels} />} className="ss-claims-alert" data-testid={testId} />;
}

/**
 * The claims check of a staff form (spec 4 §4, issue 22 §5): the phrase list from the server
 * (cached), `confirmSave` runs findClaims on the fields about to be saved and, when any phrase is
 * found, asks 仍要儲存 / 返回修改 (true = save). Without a list (not loaded, refused) nothing is
 * asked: the server checks the save again and answers `warnings`, which `showSaved` shows.
 */
export function useClaimsCheck(labels: ClaimLabels) {
  const { modal, message } = App.useApp();
  const dispatch = useAppDispatch();
  const { data } = useAdminClaimPhrasesQuery();

  const phrases = async (): Promise<readonly ClaimPhrase[]> => {
    if (data?.success) return data.phrases;
    try {
      const answer = await dispatch(complianceApi.endpoints.adminClaimPhrases.initiate(undefined, { subscribe: false })).unwrap();
      return answer.success ? answer.phrases : [];
    } catch {
      return [];
    }
  };

  /** Asks before saving texts with phrases of the list; true when there are none or staff save anyway. */
  const confirmSave = async (fields: Record<string, string | null | undefined>): Promise<boolean> => {
    const found = findClaims(fields, await phrases());
    if (found.length === 0) return true;
    return new Promise<boolean>((resolve) => {
      modal.confirm({
        title: CLAIMS_TEXT.confirmTitle,
        width: 560,
        content: (
          <div data-testid="claims-confirm">
            <p className="ss-claims-intro">{CLAIMS_TEXT.confirmIntro}</p>
            <ClaimWarningsList warnings={found} labels={labels} />
          </div>
        ),
        okText: CLAIMS_TEXT.saveAnyway,
        cancelText: CLAIMS_TEXT.goBack,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  };

  /** The server's warnings after a save (non-blocking); nothing when it found none. */
  const showSaved = (answer: unknown) => {
    const warnings = warningsOf(answer);
    if (warnings.length > 0) void message.warning({ content: savedWarningsText(warnings, labels), duration: 8 });
  };

  return { confirmSave, showSaved };
}
