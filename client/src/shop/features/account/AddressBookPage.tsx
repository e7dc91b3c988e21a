import { Button, Popconfirm, Tag } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MSG, MSG } from '@rules/messages';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { RequireMember } from '../auth/RequireMember';
import type { UserProfile } from '../auth/userTypes';
import type { Address } from '../auth/userTypes';
import { useUpdateAddressesMutation } from './accountApi';
import { addProblem, addressErrorAfterEdit, addressListProblem, addressSummary, emptyAddress, failureText, MAX_ADDRESSES, removeProblem, SHIPPING_TYPE_LABELS, withDefault, withRow } from './accountRules';
import { AddressEditor } from './AddressEditor';
import { SuccessNotice } from '../../../shared/components/SuccessNotice';
import { WithMember } from './WithMember';
import { ErrorText } from '../../../shared/components/ErrorText';
import './Account.css';

/** The address book (spec 2 §2–5): up to 10 home or store addresses, one default per type. */
export default function AddressBookPage() {
  usePageTitle('地址簿');
  return (
    <RequireMember>
      <div className="ss-container ss-page ss-acc-page">
        <h1 className="ss-page-title">地址簿</h1>
        <WithMember>{(user) => <AddressBook user={user} />}</WithMember>
      </div>
    </RequireMember>
  );
}

interface Editing {
  index: number;
  row: Address;
  isNew: boolean;
}

/**
 * Every change (add, edit, remove, set default) sends the whole list to updateAddresses at once,
 * so what is shown is always what the server saved (its answer replaces the stored profile).
 */
function AddressBook({ user }: { user: UserProfile }) {
  const rows = useMemo(() => user.addresses ?? [], [user.addresses]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [editorError, setEditorError] = useState('');
  const [pageError, setPageError] = useState('');
  const [notice, setNotice] = useState('');
  const [update, { isLoading: saving }] = useUpdateAddressesMutation();
  const clearNotice = useCallback(() => setNotice(''), []);

  /** Checks and saves `next`; false (with the message shown where `show` puts it) when refused. */
  const saveList = async (next: Address[], show: (message: string) => void): Promise<boolean> => {
    const problem = addressListProblem(next);
    if (problem) {
      show(problem);
      return false;
    }
    try {
      const answer = await update({ user_id: user.user_id, addresses: next }).unwrap();
      if (!answer.success) throw { data: answer };
      setNotice(answer.message || '更新成功');
      return true;
    } catch (err) {
      show(failureText(err, MSG.updateFailed, ACCOUNT_MSG.serverError));
      return false;
    }
  };

  const openEditor = (value: Editing) => {
    setPageError('');
    setEditorError('');
    setEditing(value);
  };

  const onAdd = () => {
    const problem = addProblem(rows);
    if (problem) {
      setPageError(problem);
      return;
    }
    openEditor({ index: rows.length, row: emptyAddress(''), isNew: true });
  };

  // An error the edit fixed goes at once (第 1 筆需選寄件類型 once a type is chosen).
  const onEditRow = useCallback(
    (row: Address) => {
      if (editing) setEditorError((shown) => addressErrorAfterEdit(shown, rows, editing.index, row));
    },
    [editing, rows],
  );

  const onSaveRow = async (row: Address) => {
    if (!editing || saving) return;
    setEditorError('');
    if (await saveList(withRow(rows, editing.index, row), setEditorError)) setEditing(null);
  };

  const onRemove = async (index: number) => {
    setPageError('');
    const problem = removeProblem(rows);
    if (problem) {
      setPageError(problem);
      return;
    }
    await saveList(
      rows.filter((_, i) => i !== index),
      setPageError,
    );
  };

  const onMakeDefault = async (index: number) => {
    setPageError('');
    await saveList(withDefault(rows, index), setPageError);
  };

  return (
    <>
      <div className="ss-acc-toolbar">
        <p className="ss-page-subtitle">
          共 {rows.length} 筆，最多 {MAX_ADDRESSES} 筆；宅配與各超商各有一筆預設地址。
        </p>
        <Button type="primary" onClick={onAdd} disabled={saving}>
          新增地址
        </Button>
      </div>
      <ErrorText message={pageError} block />
      {rows.length === 0 ? (
        <section className="ss-acc-card">
          <p className="ss-acc-empty">尚未儲存任何地址，新增一筆宅配或超商取貨地址，結帳時就能直接選用。</p>
        </section>
      ) : (
        <ol className="ss-acc-addresses" aria-label="地址列表" aria-busy={saving}>
          {rows.map((row, index) => (
            <li key={row.id ?? `new-${index}`} className="ss-acc-address" data-testid="address-card">
              <div className="ss-acc-address-head">
                <span className="ss-acc-address-no">第 {index + 1} 筆</span>
                <Tag color={row.shipping_type === 'home' ? 'green' : 'volcano'}>{SHIPPING_TYPE_LABELS[row.shipping_type] ?? row.shipping_type}</Tag>
                {row.is_default === 1 && <Tag color="gold">預設</Tag>}
              </div>
              <p className="ss-acc-address-text" data-testid="address-text">
                {addressSummary(row)}
              </p>
              {row.shipping_type !== 'home' && row.store_addr && <p className="ss-acc-address-sub">{row.store_addr}</p>}
              <div className="ss-acc-address-actions">
                <Button size="small" onClick={() => openEditor({ index, row, isNew: false })} disabled={saving} aria-label={`編輯第 ${index + 1} 筆`}>
                  編輯
                </Button>
                {row.is_default !== 1 && (
                  <Button size="small" onClick={() => void onMakeDefault(index)} disabled={saving} aria-label={`將第 ${index + 1} 筆設為預設`}>
                    設為預設
                  </Button>
                )}
                <Popconfirm
                  title={ACCOUNT_MSG.addressRemoveConfirm}
                  okText="刪除"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onRemove(index)}
                  disabled={removeProblem(rows) !== undefined}
                >
                  <Button size="small" danger disabled={saving} onClick={() => setPageError(removeProblem(rows) ?? '')} aria-label={`刪除第 ${index + 1} 筆`}>
                    刪除
                  </Button>
                </Popconfirm>
              </div>
            </li>
          ))}
        </ol>
      )}
      <nav className="ss-acc-links" aria-label="會員功能">
        <Link to="/profile">回會員資料</Link>
      </nav>
      <AddressEditor
        editing={editing}
        saving={saving}
        error={editorError}
        onCancel={() => setEditing(null)}
        onSave={(row) => void onSaveRow(row)}
        onEdit={onEditRow}
      />
      <div aria-live="polite">{notice && <SuccessNotice title={notice} onDone={clearNotice} />}</div>
    </>
  );
}
