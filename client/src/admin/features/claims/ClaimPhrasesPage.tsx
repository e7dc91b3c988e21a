import { DeleteOutlined, PlusOutlined, ReloadOutlined, UndoOutlined } from '@ant-design/icons';
import type { ClaimPhrase } from '@api/compliance';
import { DEFAULT_CLAIM_PHRASES, foldForClaims } from '@rules/cosmetics-rules';
import { Alert, App, Button, Empty, Input, Skeleton, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useAdminClaimPhrasesQuery, useSaveAdminClaimPhrasesMutation } from '../../api/complianceApi';
import { useAdminSession } from '../auth/useAdminSession';
import { LoadFailedAlert } from '../../layout/AdminListBar';
import { AdminPage } from '../../layout/AdminPage';
import { messageOf } from '../../lib';
import {
  CLAIM_EDITOR_TEXT,
  CLAIM_PHRASE_MAX,
  CLAIM_REASON_MAX,
  phraseProblems,
  phraseRow,
  phrasesBody,
  phrasesChanged,
  serverProblems,
  type PhraseRow,
  type RowProblems,
} from './claimPhraseForm';
import './claims.css';

/**
 * /admin/claims 廣告違規詞語 (spec 4 §4, issue 22 §5): the phrases the claims check looks for in
 * product texts, posters, HTML pages and the AI rewrite, each with the reason staff see. Owners and
 * staff add, change and remove rows and save the whole list (PUT /api/admin/claim-phrases); every
 * row is checked at once (請輸入詞語 / 請輸入原因 / 詞語重複) and the server's refusals land on their
 * rows. Editors read the list.
 */
export default function ClaimPhrasesPage() {
  const { message } = App.useApp();
  const session = useAdminSession();
  const canEdit = session.allows('staff');
  const { data, error, isLoading, isFetching, refetch } = useAdminClaimPhrasesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save, saving] = useSaveAdminClaimPhrasesMutation();
  const stored = useMemo<ClaimPhrase[]>(() => (data?.success ? data.phrases : []), [data]);
  const [rows, setRows] = useState<PhraseRow[]>([]);
  const [problems, setProblems] = useState<Map<number, RowProblems>>(new Map());
  const [banner, setBanner] = useState<{ title: string; others: string[] } | null>(null);

  const reset = (list: readonly ClaimPhrase[]) => {
    setRows(list.map((p) => phraseRow(p)));
    setProblems(new Map());
    setBanner(null);
  };
  useEffect(() => reset(stored), [stored]);

  const dirty = phrasesChanged(rows, stored);
  const edit = (i: number, patch: Partial<ClaimPhrase>) => {
    setRows((list) => list.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    // A row's message goes once it is changed; the rest stay until the next save.
    setProblems((p) => {
      if (!p.has(i)) return p;
      const next = new Map(p);
      const row = { ...next.get(i) };
      for (const k of Object.keys(patch) as (keyof RowProblems)[]) delete row[k];
      if (row.phrase || row.reason) next.set(i, row);
      else next.delete(i);
      return next;
    });
  };
  const remove = (i: number) => {
    setRows((list) => list.filter((_, j) => j !== i));
    // Row numbers after it move up by one.
    setProblems((p) => new Map([...p].filter(([j]) => j !== i).map(([j, v]) => [j > i ? j - 1 : j, v])));
  };
  const add = () => {
    setRows((list) => [...list, phraseRow()]);
    // Bring the new row into view and focus its phrase once drawn.
    setTimeout(() => document.getElementById(`claim-phrase-${rows.length}`)?.focus(), 0);
  };
  const addDefaults = () => {
    const have = new Set(rows.map((r) => foldForClaims(r.phrase)));
    const missing = DEFAULT_CLAIM_PHRASES.filter((p) => !have.has(foldForClaims(p.phrase)));
    if (missing.length === 0) {
      void message.info('預設詞語都已在清單中');
      return;
    }
    setRows((list) => [...list, ...missing.map((p) => phraseRow(p))]);
    void message.success(`已加入 ${missing.length} 個預設詞語，儲存後生效`);
  };

  const submit = async () => {
    const body = phrasesBody(rows);
    const found = phraseProblems(body);
    if (found.rows.size > 0 || found.others.length > 0) {
      setProblems(found.rows);
      setBanner({ title: CLAIM_EDITOR_TEXT.checkFields, others: found.others });
      if (found.rows.size > 0) document.getElementById(`claim-phrase-${Math.min(...found.rows.keys())}`)?.scrollIntoView?.({ block: 'center' });
      return;
    }
    setProblems(new Map());
    setBanner(null);
    const refused = (answer: unknown, title: string) => {
      const { rows: byRow, others } = serverProblems(answer);
      setProblems(byRow);
      setBanner({ title, others: others.filter((o) => o !== title) });
    };
    try {
      const answer = await save({ phrases: body }).unwrap();
      if (!answer.success) {
        refused(answer, answer.message || CLAIM_EDITOR_TEXT.saveFailed);
        return;
      }
      void message.success(answer.message || CLAIM_EDITOR_TEXT.saved);
      if (answer.phrases) reset(answer.phrases);
    } catch (err) {
      refused(err, messageOf(err) ?? CLAIM_EDITOR_TEXT.saveFailed);
    }
  };

  const failed = error || (data && !data.success);
  return (
    <AdminPage
      title="廣告違規詞語"
      subtitle="儲存商品、海報、內容頁面與採用 AI 改寫前，會檢查是否含有這些詞語，並列出原因供確認（化粧品不得宣稱醫療效能或誇大效果）。"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching && !isLoading}>
          重新整理
        </Button>
      }
      testId="admin-claims"
    >
      <div className="ss-admin-panel">
        {!canEdit && <Alert type="info" showIcon title={CLAIM_EDITOR_TEXT.readOnly} className="ss-claims-banner" />}
        {failed && <LoadFailedAlert title={messageOf(error ?? data) ?? CLAIM_EDITOR_TEXT.loadFailed} onRetry={() => void refetch()} />}
        {banner && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={banner.title}
            description={banner.others.length > 0 ? banner.others.join('、') : undefined}
            className="ss-claims-banner"
            data-testid="claims-banner"
          />
        )}
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          !failed && (
            <>
              <div className="ss-claims-toolbar">
                <span className="ss-admin-muted">共 {rows.length} 個詞語</span>
                {dirty && <Tag color="orange">尚未儲存</Tag>}
              </div>
              {rows.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="清單是空的：儲存時不會檢查任何詞語" />
              ) : (
                <ol className="ss-claims-rows" aria-label="詞語清單">
                  <li className="ss-claims-row ss-claims-head" aria-hidden>
                    <span>#</span>
                    <span>詞語</span>
                    <span>原因（提示給人員）</span>
                    <span />
                  </li>
                  {rows.map((r, i) => {
                    const p = problems.get(i);
                    return (
                      <li key={r.key} className="ss-claims-row" data-testid={`claim-row-${i}`}>
                        <span className="ss-claims-no">{i + 1}</span>
                        <div className="ss-claims-cell">
                          <Input
                            id={`claim-phrase-${i}`}
                            value={r.phrase}
                            onChange={(e) => edit(i, { phrase: e.target.value })}
                            readOnly={!canEdit}
                            maxLength={CLAIM_PHRASE_MAX}
                            status={p?.phrase ? 'error' : undefined}
                            aria-label={`詞語 ${i + 1}`}
                            aria-invalid={p?.phrase ? true : undefined}
                            aria-describedby={p?.phrase ? `claim-phrase-${i}-error` : undefined}
                          />
                          {p?.phrase && (
                            <div id={`claim-phrase-${i}-error`} className="ss-claims-error">
                              {p.phrase}
                            </div>
                          )}
                        </div>
                        <div className="ss-claims-cell ss-claims-reason-cell">
                          <Input
                            value={r.reason}
                            onChange={(e) => edit(i, { reason: e.target.value })}
                            readOnly={!canEdit}
                            maxLength={CLAIM_REASON_MAX}
                            status={p?.reason ? 'error' : undefined}
                            aria-label={`原因 ${i + 1}`}
                            aria-invalid={p?.reason ? true : undefined}
                            aria-describedby={p?.reason ? `claim-reason-${i}-error` : undefined}
                          />
                          {p?.reason && (
                            <div id={`claim-reason-${i}-error`} className="ss-claims-error">
                              {p.reason}
                            </div>
                          )}
                        </div>
                        {canEdit ? (
                          <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(i)} aria-label={`移除詞語 ${i + 1}`} className="ss-claims-remove" />
                        ) : (
                          <span />
                        )}
                      </li>
                    );
                  })}
                </ol>
              )}
              {canEdit && (
                <div className="ss-claims-actions">
                  <Button icon={<PlusOutlined />} onClick={add}>
                    新增詞語
                  </Button>
                  <Button onClick={addDefaults}>加入預設詞語</Button>
                  <span className="ss-claims-spacer" />
                  <Button icon={<UndoOutlined />} onClick={() => reset(stored)} disabled={!dirty || saving.isLoading}>
                    復原
                  </Button>
                  <Button type="primary" onClick={() => void submit()} loading={saving.isLoading}>
                    儲存清單
                  </Button>
                </div>
              )}
            </>
          )
        )}
      </div>
    </AdminPage>
  );
}
