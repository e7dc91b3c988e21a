import { Button, Input, Modal } from 'antd';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_MSG, MSG } from '@rules/messages';
import type { InputRef } from 'antd';
import {
  CODE_MAX,
  codeProblem,
  failureOuttime,
  failureText,
  newEmailProblem,
  newPhoneProblem,
  normalizeContact,
  type ContactKind,
} from './accountRules';
import { useSendEmailCodeMutation, useSendPhoneCodeMutation, useUpdateEmailMutation, useUpdatePhoneMutation, type CodeSentAnswer, type UserAnswer } from './accountApi';
import { ErrorText } from '../../../shared/components/ErrorText';

/** The resend cooldown when the server names none. */
const DEFAULT_OUTTIME = 60;

const TEXT: Record<ContactKind, { title: string; label: string; current: string; done: string; inputMode: 'email' | 'tel'; type: string }> = {
  email: { title: '變更 Email', label: '新 Email', current: '目前 Email', done: 'Email 已更新', inputMode: 'email', type: 'email' },
  phone: { title: '變更手機號碼', label: '新的手機號碼', current: '目前手機', done: '手機號碼已更新', inputMode: 'tel', type: 'tel' },
};

interface Props {
  kind: ContactKind;
  open: boolean;
  userId: number;
  current: string | null;
  onClose: () => void;
  /** The change went through (the store already holds the new profile). */
  onChanged: (message: string) => void;
}

/**
 * E-mail or phone change in two steps (spec 2 §4): the new value and a code sent to it, then the
 * code. Cancel, the close button or Escape forget everything (the body is mounted afresh each time).
 */
export function ContactChangeModal({ kind, open, userId, current, onClose, onChanged }: Props) {
  const [opened, setOpened] = useState(0);
  useEffect(() => {
    if (open) setOpened((n) => n + 1);
  }, [open]);
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={TEXT[kind].title} destroyOnHidden mask={{ closable: false }} width={440} className="ss-acc-modal">
      <ChangeSteps key={opened} kind={kind} userId={userId} current={current} onClose={onClose} onChanged={onChanged} />
    </Modal>
  );
}

function ChangeSteps({ kind, userId, current, onClose, onChanged }: Omit<Props, 'open'>) {
  const t = TEXT[kind];
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState('');
  const [wait, setWait] = useState(0);
  const [valueError, setValueError] = useState('');
  const [codeError, setCodeError] = useState('');
  const valueRef = useRef<InputRef>(null);
  const codeRef = useRef<InputRef>(null);
  const ids = { value: useId(), valueError: useId(), code: useId(), codeError: useId() };

  const [sendEmail, emailSending] = useSendEmailCodeMutation();
  const [sendPhone, phoneSending] = useSendPhoneCodeMutation();
  const [updateEmail, emailUpdating] = useUpdateEmailMutation();
  const [updatePhone, phoneUpdating] = useUpdatePhoneMutation();
  const sending = emailSending.isLoading || phoneSending.isLoading;
  const verifying = emailUpdating.isLoading || phoneUpdating.isLoading;

  useEffect(() => {
    if (wait <= 0) return;
    const id = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(id);
  }, [wait]);

  useEffect(() => {
    (sentTo ? codeRef : valueRef).current?.focus();
  }, [sentTo]);

  const send = async (target: string) => {
    if (sending) return;
    setValueError('');
    setCodeError('');
    try {
      const answer: CodeSentAnswer = kind === 'email' ? await sendEmail({ email: target }).unwrap() : await sendPhone({ phone: target }).unwrap();
      if (!answer.success) throw { data: answer };
      setSentTo(target);
      setSentMessage(answer.message ?? '');
      setWait(answer.outtime && answer.outtime > 0 ? Math.ceil(answer.outtime) : DEFAULT_OUTTIME);
    } catch (err) {
      const cooldown = failureOuttime(err);
      if (cooldown) setWait(cooldown);
      const message = failureText(err, ACCOUNT_MSG.sendCodeFailed);
      if (sentTo) setCodeError(message);
      else setValueError(message);
    }
  };

  const valueProblem = (v: string) => (kind === 'email' ? newEmailProblem(v, current) : newPhoneProblem(v, current));

  const onSendCode = (e: FormEvent) => {
    e.preventDefault();
    const problem = valueProblem(value);
    if (problem) {
      setValueError(problem);
      valueRef.current?.focus();
      return;
    }
    if (wait > 0) return;
    void send(normalizeContact(kind, value));
  };

  const onVerify = async (e: FormEvent) => {
    e.preventDefault();
    if (!sentTo || verifying) return;
    const problem = codeProblem(code);
    if (problem) {
      setCodeError(problem);
      codeRef.current?.focus();
      return;
    }
    setCodeError('');
    try {
      const body = { user_id: userId, code: code.trim() };
      const answer: UserAnswer = kind === 'email' ? await updateEmail({ ...body, email: sentTo }).unwrap() : await updatePhone({ ...body, phone: sentTo }).unwrap();
      if (!answer.success) throw { data: answer };
      onChanged(answer.message || t.done);
    } catch (err) {
      setCodeError(failureText(err, MSG.profileVerifyFailed));
      codeRef.current?.focus();
    }
  };

  const backToValue = () => {
    setSentTo(null);
    setCode('');
    setCodeError('');
    setSentMessage('');
  };

  if (!sentTo) {
    return (
      <form className="ss-acc-modal-form" onSubmit={onSendCode} noValidate aria-label={t.title}>
        <p className="ss-acc-modal-current">
          {t.current}：{current || '尚未設定'}
        </p>
        <label className="ss-acc-label" htmlFor={ids.value}>
          {t.label}
        </label>
        <Input
          ref={valueRef}
          id={ids.value}
          type={t.type}
          inputMode={t.inputMode}
          autoComplete={kind === 'email' ? 'email' : 'tel'}
          value={value}
          maxLength={kind === 'email' ? 254 : 20}
          onChange={(e) => {
            setValue(e.target.value);
            // A shown error goes as soon as the value is valid (a refusal from the server as soon as it is edited).
            if (valueError) setValueError(valueProblem(e.target.value) ?? '');
          }}
          status={valueError ? 'error' : undefined}
          aria-invalid={valueError ? true : undefined}
          aria-describedby={valueError ? ids.valueError : undefined}
          placeholder={kind === 'email' ? 'name@example.com' : '0912345678'}
          disabled={sending}
        />
        <ErrorText id={ids.valueError} message={valueError} />
        <div className="ss-acc-modal-actions">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" htmlType="submit" loading={sending} disabled={wait > 0}>
            {wait > 0 ? `發送驗證碼（${wait} 秒）` : '發送驗證碼'}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form className="ss-acc-modal-form" onSubmit={onVerify} noValidate aria-label={t.title}>
      <p className="ss-acc-modal-current" role="status">
        {sentMessage || '驗證碼已發送'}
        <br />
        <strong className="ss-acc-sent-to">{sentTo}</strong>
      </p>
      <label className="ss-acc-label" htmlFor={ids.code}>
        驗證碼
      </label>
      <Input
        ref={codeRef}
        id={ids.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        maxLength={CODE_MAX}
        onChange={(e) => {
          const next = e.target.value.replace(/\s/g, '');
          setCode(next);
          if (codeError) setCodeError(codeProblem(next) ?? '');
        }}
        status={codeError ? 'error' : undefined}
        aria-invalid={codeError ? true : undefined}
        aria-describedby={codeError ? ids.codeError : undefined}
        placeholder="6 位數字"
        disabled={verifying}
      />
      <ErrorText id={ids.codeError} message={codeError} />
      <div className="ss-acc-resend">
        <Button type="link" onClick={() => void send(sentTo)} disabled={wait > 0 || sending} loading={sending}>
          {wait > 0 ? `重新發送（${wait} 秒）` : '重新發送'}
        </Button>
        <Button type="link" onClick={backToValue} disabled={verifying}>
          {kind === 'email' ? '修改 Email' : '修改號碼'}
        </Button>
      </div>
      <div className="ss-acc-modal-actions">
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" htmlType="submit" loading={verifying}>
          驗證
        </Button>
      </div>
    </form>
  );
}
