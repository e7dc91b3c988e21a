import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Modal, Tooltip } from 'antd';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ImageUrlField } from './ImageUrlField';
import './RichTextEditor.css';

export interface RichTextEditorProps {
  /** The HTML (undefined counts as empty, so it also works as an antd Form.Item child). */
  value?: string;
  /** Every change, as HTML (typing, toolbar, or the HTML source box). */
  onChange?: (html: string) => void;
  /** Height of the writing area in px (default 400). */
  height?: number;
  disabled?: boolean;
  'aria-label'?: string;
  placeholder?: string;
}

/** The HTML of an empty TipTap document. */
const EMPTY_DOC = '<p></p>';
const same = (a: string, b: string) => a === b || ((a === '' || a === EMPTY_DOC) && (b === '' || b === EMPTY_DOC));

/** Adds https:// to an address typed without a scheme (keeps /paths, #anchors, mailto: and tel:). */
function normalizeUrl(raw: string): string {
  const url = raw.trim();
  if (!url || /^(https?:|mailto:|tel:|\/|#)/i.test(url)) return url;
  return `https://${url}`;
}

type Dialog = { kind: 'link' | 'image'; url: string; alt: string } | null;

/**
 * The back-office rich-text editor (TipTap): a zh-TW toolbar (bold, italic, H2/H3, lists, link, image by
 * URL, alignment, undo/redo) and an 「HTML 原始碼」 toggle that shows the raw HTML in a text box (edits there
 * flow back). Controlled: `value` set from outside (e.g. loaded later) replaces the content without
 * echoing back through `onChange`.
 */
export function RichTextEditor({ value = '', onChange, height = 400, disabled = false, 'aria-label': ariaLabel = '內容編輯器', placeholder }: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** The last HTML this component reported or was given: a `value` equal to it needs no setContent. */
  const known = useRef(value);
  const [source, setSource] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const dialogId = useId();

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      Image,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
    ],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: { 'aria-label': ariaLabel, role: 'textbox', 'aria-multiline': 'true', class: 'ss-rte-content' },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      known.current = html;
      onChangeRef.current?.(html);
    },
  });

  // A value from outside (loaded later, reset, AI text) replaces the document; no update event, so no loop.
  useEffect(() => {
    if (!editor || editor.isDestroyed || same(value, known.current)) return;
    known.current = value;
    if (!same(value, editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
    setSource((s) => (s === null ? s : value));
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.view.dom.getAttribute('aria-label') !== ariaLabel) {
      editor.setOptions({ editorProps: { attributes: { 'aria-label': ariaLabel, role: 'textbox', 'aria-multiline': 'true', class: 'ss-rte-content' } } });
    }
  }, [editor, ariaLabel]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }: { editor: Editor | null }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            link: e.isActive('link'),
            left: e.isActive({ textAlign: 'left' }),
            center: e.isActive({ textAlign: 'center' }),
            right: e.isActive({ textAlign: 'right' }),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
            empty: e.isEmpty,
          }
        : null,
  });

  const showingSource = source !== null;
  const toolsOff = disabled || !editor || showingSource;

  const toggleSource = () => {
    if (!editor) return;
    if (source === null) {
      // The HTML as given or last reported (keeps markup the visual editor does not know, until edited there).
      setSource(same(known.current, EMPTY_DOC) ? '' : known.current);
      return;
    }
    // Back to the visual editor: it takes the source (TipTap keeps the tags it knows).
    editor.commands.setContent(source, { emitUpdate: false });
    const html = editor.getHTML();
    known.current = html;
    if (html !== source) onChangeRef.current?.(html);
    setSource(null);
  };

  const onSourceChange = (html: string) => {
    setSource(html);
    known.current = html;
    onChangeRef.current?.(html);
  };

  const openLink = () => {
    if (!editor) return;
    const href = (editor.getAttributes('link') as { href?: string }).href ?? '';
    setDialog({ kind: 'link', url: href, alt: '' });
  };

  const applyDialog = () => {
    if (!editor || !dialog) return;
    const url = normalizeUrl(dialog.url);
    if (dialog.kind === 'link') {
      if (!url) editor.chain().focus().extendMarkRange('link').unsetLink().run();
      else {
        const { from, to } = editor.state.selection;
        const hasText = editor.state.doc.textBetween(from, to, ' ').trim() !== '';
        // Nothing selected (and not inside a link): the address itself becomes the linked text.
        if (hasText || editor.isActive('link')) editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
        else editor.chain().focus().insertContentAt(to, { type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
      }
    } else if (url) {
      editor.chain().focus().setImage({ src: url, alt: dialog.alt.trim() || undefined }).run();
    }
    setDialog(null);
  };

  const tool = (label: string, icon: ReactNode, run: (e: Editor) => void, active?: boolean, enabled = true) => (
    <Tooltip title={label} key={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        ghost={active}
        icon={icon}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        disabled={toolsOff || !enabled}
        onMouseDown={(ev) => ev.preventDefault()}
        onClick={() => editor && run(editor)}
      />
    </Tooltip>
  );
  const text = (t: string) => <span className="ss-rte-tool-text">{t}</span>;

  return (
    <div className={`ss-rte${disabled ? ' ss-rte-disabled' : ''}`}>
      <div className="ss-rte-toolbar" role="toolbar" aria-label={`${ariaLabel}工具列`}>
        {tool('粗體', <BoldOutlined />, (e) => e.chain().focus().toggleBold().run(), state?.bold)}
        {tool('斜體', <ItalicOutlined />, (e) => e.chain().focus().toggleItalic().run(), state?.italic)}
        <span className="ss-rte-sep" aria-hidden />
        {tool('標題 2', text('H2'), (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), state?.h2)}
        {tool('標題 3', text('H3'), (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), state?.h3)}
        <span className="ss-rte-sep" aria-hidden />
        {tool('項目清單', <UnorderedListOutlined />, (e) => e.chain().focus().toggleBulletList().run(), state?.bullet)}
        {tool('編號清單', <OrderedListOutlined />, (e) => e.chain().focus().toggleOrderedList().run(), state?.ordered)}
        <span className="ss-rte-sep" aria-hidden />
        {tool('插入連結', <LinkOutlined />, openLink, state?.link)}
        {tool('插入圖片（網址）', <PictureOutlined />, () => setDialog({ kind: 'image', url: '', alt: '' }))}
        <span className="ss-rte-sep" aria-hidden />
        {tool('靠左對齊', <AlignLeftOutlined />, (e) => e.chain().focus().setTextAlign('left').run(), state?.left)}
        {tool('置中對齊', <AlignCenterOutlined />, (e) => e.chain().focus().setTextAlign('center').run(), state?.center)}
        {tool('靠右對齊', <AlignRightOutlined />, (e) => e.chain().focus().setTextAlign('right').run(), state?.right)}
        <span className="ss-rte-sep" aria-hidden />
        {tool('復原', <UndoOutlined />, (e) => e.chain().focus().undo().run(), undefined, state?.canUndo ?? false)}
        {tool('重做', <RedoOutlined />, (e) => e.chain().focus().redo().run(), undefined, state?.canRedo ?? false)}
        <span className="ss-rte-spacer" />
        <Button
          size="small"
          type={showingSource ? 'primary' : 'default'}
          icon={<CodeOutlined />}
          aria-pressed={showingSource}
          disabled={disabled || !editor}
          onClick={toggleSource}
        >
          HTML 原始碼
        </Button>
      </div>
      {showingSource ? (
        <Input.TextArea
          className="ss-rte-source"
          aria-label={`${ariaLabel}（HTML 原始碼）`}
          value={source}
          onChange={(e) => onSourceChange(e.target.value)}
          disabled={disabled}
          spellCheck={false}
          style={{ height, resize: 'vertical' }}
        />
      ) : (
        <div className="ss-rte-body" style={{ height }}>
          {placeholder && state?.empty && (
            <div className="ss-rte-placeholder" aria-hidden>
              {placeholder}
            </div>
          )}
          <EditorContent editor={editor} className="ss-rte-editor" />
        </div>
      )}
      <Modal
        open={dialog !== null}
        title={dialog?.kind === 'image' ? '插入圖片' : '插入連結'}
        okText={dialog?.kind === 'link' && !dialog.url.trim() ? '移除連結' : '確定'}
        cancelText="取消"
        onOk={applyDialog}
        onCancel={() => setDialog(null)}
        okButtonProps={{ disabled: dialog?.kind === 'image' && !dialog.url.trim() }}
        destroyOnHidden
        width={480}
      >
        <label htmlFor={`${dialogId}-url`} className="ss-rte-dialog-label">
          {dialog?.kind === 'image' ? '圖片網址' : '連結網址（留空則移除連結）'}
        </label>
        {dialog?.kind === 'image' ? (
          <ImageUrlField
            aria-label="圖片網址"
            value={dialog.url}
            placeholder="https:// 或從圖片庫選擇"
            onChange={(url) => setDialog((d) => (d ? { ...d, url } : d))}
          />
        ) : (
          <Input
            id={`${dialogId}-url`}
            autoFocus
            value={dialog?.url ?? ''}
            placeholder="https://"
            onChange={(e) => setDialog((d) => (d ? { ...d, url: e.target.value } : d))}
            onPressEnter={applyDialog}
          />
        )}
        {dialog?.kind === 'image' && (
          <>
            <label htmlFor={`${dialogId}-alt`} className="ss-rte-dialog-label">
              替代文字（選填）
            </label>
            <Input
              id={`${dialogId}-alt`}
              value={dialog.alt}
              onChange={(e) => setDialog((d) => (d ? { ...d, alt: e.target.value } : d))}
              onPressEnter={applyDialog}
            />
          </>
        )}
      </Modal>
    </div>
  );
}

export default RichTextEditor;
