import type { AdminPosterRow } from '@api/admin-posters';
import { Alert, App, Col, Form, Input, Modal, Radio, Row, Select, Slider, Switch } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useClaimsCheck } from '../../components/claimsCheck';
import { ImageUrlField } from '../../components/ImageUrlField';
import { RichTextEditor } from '../../components/RichTextEditor';
import { messageOf } from '../../lib';
import {
  checkPoster,
  fieldsOf,
  NEW_POSTER,
  POSTER_ANIMATION_OPTIONS,
  POSTER_CLAIM_LABELS,
  POSTER_LAYOUT_OPTIONS,
  POSTER_SEO_MAX,
  POSTER_TEXT,
  POSTER_TITLE_MAX,
  POSTER_WIDTH_MAX,
  POSTER_WIDTH_MIN,
  posterInput,
  previewDocument,
  type PosterField,
  type PosterFields,
} from './posterForm';
import { useCreatePosterMutation, useUpdatePosterMutation } from './postersApi';

interface Props {
  /** null: closed; 'new': add mode; a row: edit mode. */
  poster: AdminPosterRow | 'new' | null;
  onClose: () => void;
}

interface Banner {
  title: string;
  text?: string;
}

/** Spec 3 §9: the editor is 500 px high, 300 px while the preview is shown. */
const EDITOR_HEIGHT = { normal: 500, withPreview: 300 } as const;

/**
 * The poster form (spec 3 §3–5): title, SEO description, cover, layout, image width, animations,
 * shown or hidden, and the content in the rich-text editor with a live preview. Checked on save
 * (請填寫完整資料 / 請輸入SEO描述); a refusal keeps the form open with the server's reason.
 */
export function PosterModal({ poster, onClose }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PosterFields>();
  const [create, creating] = useCreatePosterMutation();
  const [update, updating] = useUpdatePosterMutation();
  const [banner, setBanner] = useState<Banner | null>(null);
  const [bad, setBad] = useState<PosterField[]>([]);
  const [preview, setPreview] = useState(false);
  const bannerRef = useRef<HTMLDivElement>(null);
  const open = poster !== null;
  const editing = poster !== null && poster !== 'new' ? poster : null;

  useEffect(() => {
    if (!open) return;
    setBanner(null);
    setBad([]);
    setPreview(false);
  }, [open, editing]);
  // The form mounts afresh on each opening (destroyOnHidden) with these values.
  const initial = useMemo(() => (editing ? fieldsOf(editing) : NEW_POSTER), [editing]);

  // The banner sits at the top of a long form: bring it into view (save is pressed at the bottom).
  useEffect(() => {
    if (banner) bannerRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [banner]);

  const claims = useClaimsCheck(POSTER_CLAIM_LABELS);
  const watched = Form.useWatch([], form) as Partial<PosterFields> | undefined;
  const status = (f: PosterField) => (bad.includes(f) ? 'error' : undefined);

  const save = async () => {
    // getFieldsValue(true): every field, including seo_description left undefined (spec 3 §5).
    const f = form.getFieldsValue(true) as PosterFields;
    const problem = checkPoster(f);
    if (problem) {
      setBad(problem.fields);
      setBanner(problem.title === problem.text ? { title: problem.title } : { title: problem.title, text: problem.text });
      return;
    }
    setBad([]);
    setBanner(null);
    // Claims (spec 4 §4): the phrases found are shown first; staff may save anyway.
    if (!(await claims.confirmSave({ title: f.title, seo_description: f.seo_description, content: f.content }))) return;
    const failed = editing ? POSTER_TEXT.updateFailed : POSTER_TEXT.createFailed;
    try {
      const answer = editing ? await update({ id: editing.id, ...posterInput(f) }).unwrap() : await create(posterInput(f)).unwrap();
      if (!answer.success) {
        setBanner({ title: failed, text: answer.message && answer.message !== failed ? answer.message : undefined });
        return;
      }
      message.success(answer.message || (editing ? POSTER_TEXT.updated : POSTER_TEXT.created));
      claims.showSaved(answer);
      onClose();
    } catch (err) {
      const reason = messageOf(err);
      setBanner({ title: failed, text: reason && reason !== failed ? reason : '請稍後再試' });
    }
  };

  const layout = watched?.layoutType ?? 'image-left';
  return (
    <Modal
      title={editing ? `編輯海報 #${editing.id}` : '新增海報'}
      open={open}
      onCancel={onClose}
      onOk={() => void save()}
      okText={editing ? '儲存' : '新增'}
      cancelText="取消"
      confirmLoading={creating.isLoading || updating.isLoading}
      width={960}
      className="ss-poster-modal"
      destroyOnHidden
      mask={{ closable: false }}
      data-testid="poster-modal"
    >
      <div ref={bannerRef}>
        {banner && <Alert type="error" showIcon role="alert" title={banner.title} description={banner.text} style={{ marginBottom: 16 }} data-testid="poster-form-error" />}
      </div>
      <Form<PosterFields> form={form} layout="vertical" requiredMark initialValues={initial} name="poster">
        <Form.Item label="標題" name="title" required validateStatus={status('title')}>
          <Input maxLength={POSTER_TITLE_MAX} aria-label="標題" />
        </Form.Item>
        <Form.Item label="SEO 描述" name="seo_description" required validateStatus={status('seo_description')} extra="建議 50–160 字">
          <Input.TextArea aria-label="SEO 描述" showCount maxLength={POSTER_SEO_MAX} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item label="封面圖片" name="coverImage" required validateStatus={status('coverImage')}>
          <ImageUrlField aria-label="封面圖片" hint="可貼上圖片網址，或從圖片庫選擇 / 上傳。" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="版面" name="layoutType">
              <Radio.Group optionType="button" options={POSTER_LAYOUT_OPTIONS} aria-label="版面" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={`圖片寬度：${watched?.imageWidth ?? NEW_POSTER.imageWidth}%`} name="imageWidth">
              <Slider min={POSTER_WIDTH_MIN} max={POSTER_WIDTH_MAX} step={1} tooltip={{ formatter: (v) => `${v ?? ''}%` }} aria-label="圖片寬度" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item label="文字動畫" name="textAnimation">
              <Select options={POSTER_ANIMATION_OPTIONS} aria-label="文字動畫" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item label="圖片動畫" name="imageAnimation">
              <Select options={POSTER_ANIMATION_OPTIONS} aria-label="圖片動畫" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="狀態" name="is_active" valuePropName="checked">
              <Switch checkedChildren="顯示" unCheckedChildren="隱藏" aria-label="顯示於網站" />
            </Form.Item>
          </Col>
        </Row>
        <div className="ss-poster-content-head">
          <span className={bad.includes('content') ? 'ss-poster-content-label is-error' : 'ss-poster-content-label'}>
            <span className="ss-poster-required" aria-hidden>
              *
            </span>
            內文
          </span>
          <label className="ss-poster-preview-toggle">
            <Switch size="small" checked={preview} onChange={setPreview} aria-label="顯示預覽" /> 預覽
          </label>
        </div>
        <Form.Item name="content" noStyle>
          <ContentEditor height={preview ? EDITOR_HEIGHT.withPreview : EDITOR_HEIGHT.normal} />
        </Form.Item>
        {preview && (
          <section className="ss-poster-preview" aria-label="海報預覽" data-testid="poster-preview" data-layout={layout}>
            <iframe
              title="海報預覽"
              // No scripts run in it; same origin so the shop's /media images (same-origin resource policy) load.
              sandbox="allow-same-origin"
              srcDoc={previewDocument({
                title: watched?.title ?? '',
                content: watched?.content ?? '',
                coverImage: watched?.coverImage ?? '',
                layoutType: layout,
                imageWidth: watched?.imageWidth ?? NEW_POSTER.imageWidth,
              })}
            />
          </section>
        )}
      </Form>
    </Modal>
  );
}

/** The rich-text editor as a Form.Item child (value / onChange). */
function ContentEditor({ value, onChange, height }: { value?: string; onChange?: (html: string) => void; height: number }) {
  return <RichTextEditor value={value ?? ''} onChange={(html) => onChange?.(html)} height={height} aria-label="內文" placeholder="撰寫保養知識內容…" />;
}
