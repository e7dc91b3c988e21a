import { App, Button, Input, InputNumber, Switch, Tag } from 'antd';
import { memo, useEffect, useRef, useState } from 'react';
import { adminErrorStatus } from '../../api/adminApi';
import { messageOf } from '../../lib';
import { HomeImageInput } from './HomeImageInput';
import { useCreateHomeItemMutation, useDeleteHomeItemMutation, useUpdateHomeItemMutation } from './homeApi';
import { HOME_MSG, homeProblems } from '@rules/admin-content';
import { sameValues, type HomeCardState, type HomeFieldDef, type HomeSectionDef, type HomeValues } from './homeSections';

interface Props {
  def: HomeSectionDef;
  card: HomeCardState;
  onChange: (key: string, values: HomeValues) => void;
  /** Saved on the server: the card's id (the create's newId) and the values now stored. */
  onSaved: (key: string, id: number, values: HomeValues) => void;
  /** Deleted on the server, or an unsaved card cancelled. */
  onRemove: (key: string) => void;
}

/** The text of a failed save: the server's message (or 操作失敗); 儲存失敗 when the server was not reached. */
function saveFailure(err: unknown): string {
  return typeof adminErrorStatus(err) === 'number' ? (messageOf(err) ?? HOME_MSG.failed) : HOME_MSG.saveFailed;
}

/**
 * One home card (spec 3 §4): unsaved (no id) with 新增 and 取消, or saved with 更新 and 刪除. The
 * fields are checked before sending (spec 3 §5; a banner shows the last failing message); the
 * server checks again and its message is shown.
 */
export const HomeCard = memo(function HomeCard({ def, card, onChange, onSaved, onRemove }: Props) {
  const { message, modal } = App.useApp();
  const [create] = useCreateHomeItemMutation();
  const [update] = useUpdateHomeItemMutation();
  const [remove] = useDeleteHomeItemMutation();
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const [bad, setBad] = useState<string[]>([]);
  const [broken, setBroken] = useState<string | null>(null);
  const ref = useRef<HTMLElement>(null);
  const isNew = card.id === undefined;
  // A card just added by 新增…: bring it into view (it is placed after the others).
  useEffect(() => {
    if (isNew) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    // Only when it appears.
  }, []);
  const saved = card.id !== undefined;
  const dirty = saved && !sameValues(card.values, card.saved);
  const name = saved ? `${def.title} #${card.id}` : `新${def.title}`;
  const preview = typeof card.values.image_url === 'string' ? card.values.image_url.trim() : '';

  const set = (field: string, value: string | number | null) => {
    if (bad.includes(field)) setBad(bad.filter((f) => f !== field));
    onChange(card.key, { ...card.values, [field]: value });
  };

  const save = async () => {
    const problems = homeProblems(def.key, card.values);
    if (problems.length > 0) {
      setBad(problems.map((p) => p.field));
      modal.error({ title: problems[problems.length - 1].message, okText: '確定' });
      return;
    }
    setBad([]);
    setBusy('save');
    const values = { ...card.values };
    try {
      if (card.id === undefined) {
        const answer = await create({ section: def.key, body: values }).unwrap();
        if (answer.success) {
          onSaved(card.key, answer.newId, values);
          message.success(answer.message || HOME_MSG.created);
        } else message.error(answer.message || HOME_MSG.failed);
      } else {
        const answer = await update({ section: def.key, body: { id: card.id, ...values } }).unwrap();
        if (answer.success) {
          onSaved(card.key, card.id, values);
          message.success(answer.message || HOME_MSG.updated);
        } else message.error(answer.message || HOME_MSG.failed);
      }
    } catch (err) {
      message.error(saveFailure(err));
    } finally {
      setBusy(null);
    }
  };

  const askDelete = () => {
    if (card.id === undefined) return;
    const id = card.id;
    modal.confirm({
      title: HOME_MSG.confirmDelete,
      content: HOME_MSG.confirmDeleteNote,
      okText: '刪除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        setBusy('delete');
        try {
          const answer = await remove({ section: def.key, id }).unwrap();
          if (answer.success) {
            message.success(answer.message || HOME_MSG.deleted);
            onRemove(card.key);
            return;
          }
          message.error(answer.message || HOME_MSG.deleteFailed);
        } catch (err) {
          message.error(messageOf(err) ?? HOME_MSG.deleteFailed);
        }
        setBusy(null);
      },
    });
  };

  const field = (f: HomeFieldDef) => {
    const v = card.values[f.name];
    const status = bad.includes(f.name) ? 'error' : undefined;
    const label = `${def.title}${f.label}`;
    let control;
    if (f.kind === 'image') {
      control = <HomeImageInput value={typeof v === 'string' ? v : ''} onChange={(url) => set(f.name, url)} hint={f.hint} status={status} aria-label={label} />;
    } else if (f.kind === 'number') {
      control = (
        <InputNumber
          value={typeof v === 'number' ? v : null}
          min={0}
          precision={0}
          status={status}
          aria-label={label}
          style={{ width: '100%' }}
          onChange={(n) => set(f.name, typeof n === 'number' ? n : null)}
        />
      );
    } else if (f.kind === 'textarea') {
      control = (
        <Input.TextArea
          value={typeof v === 'string' ? v : ''}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={f.maxLength}
          status={status}
          aria-label={label}
          onChange={(e) => set(f.name, e.target.value)}
        />
      );
    } else {
      control = (
        <Input
          value={typeof v === 'string' ? v : ''}
          maxLength={f.maxLength}
          placeholder={f.placeholder}
          status={status}
          aria-label={label}
          onChange={(e) => set(f.name, e.target.value)}
        />
      );
    }
    return (
      <div key={f.name} className="ss-home-field">
        <div className="ss-home-field-label">{f.label}</div>
        {control}
        {f.hint && f.kind !== 'image' && <div className="ss-home-field-hint">{f.hint}</div>}
      </div>
    );
  };

  return (
    <article ref={ref} className={`ss-home-card${saved ? '' : ' ss-home-card--new'}`} aria-label={name}>
      <div className="ss-home-card-cover" style={{ aspectRatio: def.ratio }}>
        {!preview ? (
          <span className="ss-admin-muted">尚未設定圖片</span>
        ) : broken === preview ? (
          <span className="ss-admin-muted">無法載入圖片，請確認網址</span>
        ) : (
          <img src={preview} alt={`${name} 預覽`} loading="lazy" onError={() => setBroken(preview)} />
        )}
      </div>
      <div className="ss-home-card-body">
        <div className="ss-home-card-head">
          <span className="ss-home-card-name">{saved ? `#${card.id}` : '新項目'}</span>
          {!saved && <Tag color="gold">未儲存</Tag>}
          {dirty && <Tag color="orange">有未儲存的變更</Tag>}
          <span className="ss-admin-header-spacer" />
          <Switch
            checked={card.values.is_active === 1}
            checkedChildren="顯示"
            unCheckedChildren="隱藏"
            aria-label={`${name} 顯示於首頁`}
            onChange={(on) => set('is_active', on ? 1 : 0)}
          />
        </div>
        {def.fields.map(field)}
        <div className="ss-home-card-actions">
          <Button type="primary" loading={busy === 'save'} disabled={busy === 'delete'} onClick={() => void save()}>
            {saved ? '更新' : '新增'}
          </Button>
          {saved ? (
            <Button danger loading={busy === 'delete'} disabled={busy === 'save'} onClick={askDelete}>
              刪除
            </Button>
          ) : (
            <Button disabled={busy !== null} onClick={() => onRemove(card.key)}>
              取消
            </Button>
          )}
        </div>
      </div>
    </article>
  );
});
