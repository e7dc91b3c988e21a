import { EyeOutlined, ReloadOutlined, RobotOutlined, SaveOutlined } from '@ant-design/icons';
import type { ClaimWarning } from '@api/compliance';
import { EDIT_TYPES, EDITOR_MSG, type AiMode, type EditType } from '@rules/admin-editor';
import { Alert, App, Button, Result, Segmented, Skeleton, Space, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { adminErrorStatus } from '../admin/api/adminApi';
import { ClaimWarningsAlert, useClaimsCheck, warningsOf } from '../admin/components/claimsCheck';
import { RichTextEditor } from '../admin/components/RichTextEditor';
import { EDITOR_MOBILE_QUERY } from '../admin/components/editorWindow';
import { useAdminTitle } from '../admin/layout/AdminPage';
import { apiErrorMessage } from '../shared/api/baseApi';
import { useAiRewriteMutation, useLoadHtmlQuery, useSaveHtmlMutation, type EditTarget } from './editorApi';
import './editor.css';

/** Spec 3 §9: the rich-text area is 600 px high. */
export const EDITOR_HEIGHT = 600;

/** Spec 3 §4 action modes: 1 補充 AI 內容, 2 手動編輯原文, 3 手動編輯 AI 文字. */
export type ActionMode = 1 | 2 | 3;
/** Spec 3 §4 view modes: the original or the AI text. */
export type ViewMode = 'original' | 'ai';

const ACTION_MODES: { value: ActionMode; label: string; help: string }[] = [
  { value: 1, label: '補充 AI 內容', help: '「AI 優化」會依顯示中的內容補充說明與段落，並整理排版與 SEO。' },
  { value: 2, label: '手動編輯原文', help: '直接編輯原文；「AI 優化」只整理排版與 SEO，不增加內容。' },
  { value: 3, label: '手動編輯 AI 文字', help: '修改 AI 產生的文字，確認後再儲存。' },
];
const VIEW_LABEL: Record<ViewMode, string> = { original: '原文', ai: 'AI 文字' };

const NOT_LOGGED_IN = '請先登入管理後台後再編輯 HTML';
const BAD_QUERY = '網址參數不正確';

/** True on a window 768 px wide or less (follows resizing). */
function useNarrowWindow(): boolean {
  const query = EDITOR_MOBILE_QUERY;
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** The edit target from the query (edittype, product_id, htmlname), or null when it is not usable. */
function readTarget(params: URLSearchParams): EditTarget | null {
  const edittype = params.get('edittype');
  if (!edittype || !(EDIT_TYPES as readonly string[]).includes(edittype)) return null;
  if (edittype === 'product') {
    const id = Number(params.get('product_id'));
    return Number.isInteger(id) && id > 0 ? { edittype: edittype as EditType, product_id: id } : null;
  }
  const htmlname = params.get('htmlname') ?? '';
  return /^[A-Za-z0-9_-]{1,50}$/.test(htmlname) ? { edittype: edittype as EditType, htmlname } : null;
}

/** True when the HTML has no text and no image or embed (nothing for the AI to work on). */
function isBlankHtml(html: string): boolean {
  if (/<(img|iframe|video)\b/i.test(html)) return false;
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/[\s\u00a0]+/g, '') === '';
}

/** The sign-in page, coming back here afterwards. */
function useLoginHref(): string {
  const { pathname, search } = useLocation();
  return `/admin/login?from=${encodeURIComponent(`${pathname}${search}`)}`;
}

/** The page frame: a slim header (brand-free: the window is opened from the back office) and the content. */
function Shell({ subtitle, extra, children }: { subtitle?: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <div className="ss-editor">
      <header className="ss-editor-header">
        <div className="ss-editor-header-inner">
          <div className="ss-editor-heading">
            <h1 className="ss-editor-title">HTML 編輯器</h1>
            {subtitle && <div className="ss-editor-subtitle">{subtitle}</div>}
          </div>
          {extra && <div className="ss-editor-extra">{extra}</div>}
        </div>
      </header>
      <main className="ss-editor-main">{children}</main>
    </div>
  );
}

function LoginNeeded({ message }: { message?: string }) {
  const href = useLoginHref();
  return (
    <Result
      status="403"
      title={NOT_LOGGED_IN}
      subTitle={message && message !== NOT_LOGGED_IN ? message : '登入狀態已失效或尚未登入，登入後會回到這個編輯頁面。'}
      extra={
        <Button type="primary" href={href}>
          前往登入
        </Button>
      }
    />
  );
}

/**
 * /editor (spec 3 §2, §4, §8, §9; issue 12): the HTML of a product's detail or an HTML page, with the
 * server's AI rewrite. Desktop only. Every call needs the admin session (a 401 says so, with a login link).
 */
export default function EditorPage() {
  // Toasts and confirms (App.useApp) need antd's App: /editor is outside AdminApp.
  return (
    <App message={{ maxCount: 3, top: 16 }}>
      <EditorScreen />
    </App>
  );
}

function EditorScreen() {
  useAdminTitle('HTML 編輯器');
  const narrow = useNarrowWindow();
  const [params] = useSearchParams();
  const target = useMemo(() => readTarget(params), [params]);
  const vpage = params.get('vpage') ?? undefined;

  if (narrow) {
    return (
      <Shell>
        <Result status="info" title={EDITOR_MSG.mobileUnsupported} extra={<Button href="/admin">回到後台</Button>} />
      </Shell>
    );
  }
  if (!target) {
    return (
      <Shell>
        <Result status="warning" title={BAD_QUERY} subTitle="請從後台的商品列表或 HTML 頁面列表開啟編輯器。" extra={<Button href="/admin/products">回到後台</Button>} />
      </Shell>
    );
  }
  return <EditorWorkspace key={`${target.edittype}:${target.product_id ?? target.htmlname ?? ''}`} target={target} vpage={vpage} />;
}

function EditorWorkspace({ target, vpage }: { target: EditTarget; vpage?: string }) {
  const { message, modal } = App.useApp();
  const loginHref = useLoginHref();
  const load = useLoadHtmlQuery(target, { refetchOnMountOrArgChange: true });
  const [rewrite, rewriting] = useAiRewriteMutation();
  const [save, saving] = useSaveHtmlMutation();

  const [original, setOriginal] = useState<string | null>(null);
  const [aiText, setAiText] = useState<string | null>(null);
  const [action, setAction] = useState<ActionMode>(1);
  const [view, setView] = useState<ViewMode>('original');
  /** The HTML as last loaded or saved: what the server has. */
  const [stored, setStored] = useState<string | null>(null);
  const [savedOnce, setSavedOnce] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  const [remaining, setRemaining] = useState<number | null>(null);
  /** The AI rewrite's claims warnings (spec 4 §4), shown beside its text until it is saved or rewritten. */
  const [aiWarnings, setAiWarnings] = useState<ClaimWarning[]>([]);
  const claimLabels = useMemo(() => {
    const what = target.edittype === 'product' ? '商品詳細說明' : '頁面內容';
    return { html: what, detail_html: what, content: 'AI 文字', ai: 'AI 文字' };
  }, [target.edittype]);
  const claims = useClaimsCheck(claimLabels);

  // The loaded HTML becomes the original (again after a reload).
  const loadedHtml = load.data?.html;
  const loadedAt = load.fulfilledTimeStamp;
  useEffect(() => {
    if (loadedHtml === undefined) return;
    setOriginal(loadedHtml);
    setStored(loadedHtml);
  }, [loadedHtml, loadedAt]);

  const displayed = (view === 'ai' ? aiText : original) ?? '';
  const setDisplayed = (html: string) => (view === 'ai' ? setAiText(html) : setOriginal(html));
  const dirty = stored !== null && ((original ?? '') !== stored || (aiText !== null && aiText !== stored));

  // Leaving with unsaved changes asks first.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    const onLeave = (e: BeforeUnloadEvent) => {
      if (dirtyRef.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, []);

  const chooseAction = (mode: ActionMode) => {
    setAction(mode);
    if (mode === 2) setView('original');
    if (mode === 3) {
      setView('ai');
      setAiText((t) => t ?? original ?? '');
    }
  };
  const chooseView = (v: ViewMode) => {
    setView(v);
    if (v === 'ai') setAiText((t) => t ?? original ?? '');
    // Editing by hand follows what is shown.
    setAction((a) => (a === 1 ? a : v === 'ai' ? 3 : 2));
  };

  const onAi = async () => {
    if (isBlankHtml(displayed)) {
      modal.warning({ title: EDITOR_MSG.emptyContent, content: EDITOR_MSG.emptyContentHint, okText: '知道了' });
      return;
    }
    const mode: AiMode = action === 1 ? 'supplement' : 'optimize';
    try {
      const answer = await rewrite({ content: displayed, mode }).unwrap();
      setAiText(answer.content);
      setAiWarnings(warningsOf(answer));
      setView('ai');
      setRemaining(answer.remaining);
      message.success(`AI 優化完成，請確認「AI 文字」後再儲存（今日剩餘 ${answer.remaining} 次）`);
    } catch (err) {
      const status = adminErrorStatus(err);
      if (status === 401) setSessionEnded(true);
      message.error(apiErrorMessage(err) ?? (typeof status === 'number' ? EDITOR_MSG.aiUnavailable : `AI 優化失敗 (請檢查網路連線或稍後再試)`));
    }
  };

  const onSave = async () => {
    const html = displayed;
    // Claims (spec 4 §4): the phrases found are shown first; staff may save anyway.
    if (!(await claims.confirmSave({ html }))) return;
    try {
      const answer = await save({ ...target, vpage, html }).unwrap();
      message.success(answer.message || EDITOR_MSG.saved);
      claims.showSaved(answer);
      setAiWarnings([]);
      // What the server stored (sanitized) is now the original; the shown version shows it too.
      setStored(answer.html);
      setOriginal(answer.html);
      if (view === 'ai') setAiText(answer.html);
      setSavedOnce(true);
    } catch (err) {
      const status = adminErrorStatus(err);
      if (typeof status !== 'number') {
        message.error(EDITOR_MSG.saveError);
        return;
      }
      if (status === 401) setSessionEnded(true);
      const reason = apiErrorMessage(err);
      // The server's message may already start with 儲存失敗 (e.g. 儲存失敗：內容超過 2 MB).
      message.error(!reason ? EDITOR_MSG.saveFailed : reason.startsWith(EDITOR_MSG.saveFailed) ? reason : `${EDITOR_MSG.saveFailed}：${reason}`);
    }
  };

  const what = target.edittype === 'product' ? `商品 #${target.product_id ?? ''} 詳細說明` : `頁面 ${target.htmlname ?? ''}`;
  const productHref = target.edittype === 'product' ? `/product/${target.product_id ?? ''}` : undefined;
  const subtitle = (
    <Space size={8} wrap>
      <span>{what}</span>
      {dirty ? <Tag color="orange">尚未儲存</Tag> : savedOnce ? <Tag color="green">已儲存</Tag> : null}
    </Space>
  );

  if (load.isLoading || (load.isFetching && original === null)) {
    return (
      <Shell subtitle={what}>
        <div className="ss-editor-loading" aria-busy="true" aria-label="載入中">
          <Skeleton active paragraph={{ rows: 10 }} />
        </div>
      </Shell>
    );
  }
  if (load.error) {
    const status = adminErrorStatus(load.error);
    const reason = apiErrorMessage(load.error);
    return (
      <Shell subtitle={what}>
        {status === 401 ? (
          <LoginNeeded message={reason} />
        ) : (
          <Result
            status={status === 404 ? '404' : status === 403 ? '403' : 'error'}
            title={reason ?? (typeof status === 'number' ? '載入失敗' : '載入失敗 (請檢查網路連線或稍後再試)')}
            extra={
              <Button icon={<ReloadOutlined />} onClick={() => void load.refetch()}>
                重新載入
              </Button>
            }
          />
        )}
      </Shell>
    );
  }

  const busy = rewriting.isLoading || saving.isLoading;
  const help = ACTION_MODES.find((m) => m.value === action)?.help;
  return (
    <Shell
      subtitle={subtitle}
      extra={
        <Space wrap>
          {productHref && (
            <Tooltip title={dirty ? '商品頁顯示的是已儲存的內容' : undefined}>
              <Button icon={<EyeOutlined />} href={productHref} target="_blank" rel="noopener">
                查看商品頁
              </Button>
            </Tooltip>
          )}
          <Tooltip title={`儲存目前顯示的「${VIEW_LABEL[view]}」`}>
            <Button type="primary" icon={<SaveOutlined />} loading={saving.isLoading} disabled={rewriting.isLoading} onClick={() => void onSave()}>
              儲存
            </Button>
          </Tooltip>
        </Space>
      }
    >
      {sessionEnded && (
        <Alert
          className="ss-editor-alert"
          type="warning"
          showIcon
          message={NOT_LOGGED_IN}
          description={
            <span>
              登入狀態已失效，內容仍保留在此頁。請在新分頁
              <a href={loginHref} target="_blank" rel="noopener">
                登入管理後台
              </a>
              後，再回到此頁儲存。
            </span>
          }
          closable
          onClose={() => setSessionEnded(false)}
        />
      )}
      <div className="ss-editor-controls">
        <div className="ss-editor-control">
          <span className="ss-editor-label" id="ss-editor-action-label">
            操作模式
          </span>
          <Segmented<ActionMode>
            aria-labelledby="ss-editor-action-label"
            value={action}
            onChange={chooseAction}
            disabled={busy}
            options={ACTION_MODES.map((m) => ({ value: m.value, label: `${m.value}. ${m.label}` }))}
          />
        </div>
        <div className="ss-editor-control">
          <span className="ss-editor-label" id="ss-editor-view-label">
            檢視
          </span>
          <Segmented<ViewMode>
            aria-labelledby="ss-editor-view-label"
            value={view}
            onChange={chooseView}
            disabled={busy}
            options={[
              { value: 'original', label: VIEW_LABEL.original },
              { value: 'ai', label: VIEW_LABEL.ai },
            ]}
          />
        </div>
        <div className="ss-editor-control ss-editor-ai">
          <Button icon={<RobotOutlined />} onClick={() => void onAi()} disabled={rewriting.isLoading || saving.isLoading}>
            {rewriting.isLoading ? '請求中，請稍候' : 'AI 優化'}
          </Button>
          {remaining !== null && <span className="ss-editor-quota">今日剩餘 {remaining} 次</span>}
        </div>
      </div>
      {help && <p className="ss-editor-help">{help}</p>}
      {view === 'ai' && aiText === null && <p className="ss-editor-help">尚無 AI 文字：按「AI 優化」產生，或直接在此撰寫。</p>}
      {view === 'ai' && <ClaimWarningsAlert warnings={aiWarnings} labels={claimLabels} testId="ai-claims-warnings" />}
      <RichTextEditor
        value={displayed}
        onChange={setDisplayed}
        height={EDITOR_HEIGHT}
        disabled={rewriting.isLoading}
        aria-label={`${VIEW_LABEL[view]}內容`}
        placeholder="請輸入內容"
      />
    </Shell>
  );
}
