import { Button, Input, Radio } from 'antd';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG } from '@rules/messages';
import { taipeiToday } from '@rules/taiwan';
import type { InputRef } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { RequireMember } from '../auth/RequireMember';
import { clearRedirectPath, selectRedirectPath } from '../auth/sessionSlice';
import type { UserProfile } from '../auth/userTypes';
import { useUpdateUserMutation } from './accountApi';
import { failureText, profileProblems, socialLogins, stillInvalid, type ContactKind, type ProfileField, type ProfileForm } from './accountRules';
import { ContactChangeModal } from './ContactChangeModal';
import { SuccessNotice } from '../../../shared/components/SuccessNotice';
import { WithMember } from './WithMember';
import { LineCard } from '../preferences/LineCard';
import { useSocialProvidersQuery } from '../auth/authApi';
import { NotificationCard } from '../preferences/NotificationCard';
import { PersonalDataCard } from '../preferences/PersonalDataCard';
import '../preferences/Preferences.css';
import { ErrorText } from '../../../shared/components/ErrorText';
import { revealField } from '../../../shared/lib/revealField';
import './Account.css';
import '../../../shared/components/NativeControl.css';

const GENDERS = [
  { value: 'male', label: '男' },
  { value: 'female', label: '女' },
  { value: '', label: '不透露' },
];

/** The page's fields top to bottom: the first with an error is brought into view (the account card's first). */
const FIELD_ORDER: readonly ProfileField[] = ['email', 'phone', 'username', 'birthday'];

const formOf = (user: UserProfile): ProfileForm => ({ username: user.username ?? '', gender: user.gender ?? '', birthday: user.birthday ?? '' });

/** Edit profile (spec 2 §2–5). */
export default function ProfilePage() {
  usePageTitle('會員資料');
  return (
    <RequireMember>
      <div className="ss-container ss-page ss-acc-page">
        <h1 className="ss-page-title">會員資料</h1>
        <WithMember>{(user) => <ProfileEditor user={user} />}</WithMember>
      </div>
    </RequireMember>
  );
}

function ProfileEditor({ user }: { user: UserProfile }) {
  const redirectPath = useAppSelector(selectRedirectPath);
  // 綁定 LINE goes through LINE Login: offered only when this shop has LINE Login credentials.
  const lineLogin = useSocialProvidersQuery().data?.line === true;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [form, setForm] = useState<ProfileForm>(() => formOf(user));
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState<{ title: string; then?: string } | null>(null);
  const [changing, setChanging] = useState<ContactKind | null>(null);
  const [save, { isLoading: saving }] = useUpdateUserMutation();
  const nameRef = useRef<InputRef>(null);
  const emailButton = useRef<HTMLButtonElement>(null);
  const phoneButton = useRef<HTMLButtonElement>(null);
  const birthdayRef = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), nameError: useId(), birthday: useId(), birthdayError: useId(), gender: useId() };
  const socials = socialLogins(user);

  // E-mail or phone just added: its "required" message goes away.
  useEffect(() => {
    setErrors((e) => ({ ...e, email: user.email ? undefined : e.email, phone: user.phone ? undefined : e.phone }));
  }, [user.email, user.phone]);

  /** A change to the form: a shown error goes as soon as its field is valid, a refusal when the member edits. */
  const edit = (change: Partial<ProfileForm>) => {
    const next = { ...form, ...change };
    setForm(next);
    setErrors((shown) => stillInvalid(shown, profileProblems(next, user)));
    setFailure('');
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    setFailure('');
    const problems = profileProblems(form, user);
    setErrors(problems);
    const first = FIELD_ORDER.find((f) => problems[f]);
    if (first) {
      // On a phone the 儲存 button is far below the account card: show the first error below the sticky
      // header (its row's scroll-margin-top, Account.css) and focus what fixes it, or the press seems to do nothing.
      const control = { email: emailButton.current, phone: phoneButton.current, username: nameRef.current?.input ?? null, birthday: birthdayRef.current }[first];
      const box = control?.closest('.ss-acc-facts > div, .ss-acc-field');
      if (box) revealField(box, control);
      return;
    }
    try {
      const answer = await save({ user_id: user.user_id, username: form.username.trim(), gender: form.gender, birthday: form.birthday }).unwrap();
      if (!answer.success) throw { data: answer };
      setForm(formOf(answer.user));
      setNotice({ title: answer.message || '更新成功', then: redirectPath || undefined });
    } catch (err) {
      setFailure(failureText(err, MSG.updateFailed));
    }
  };

  const onNoticeDone = useCallback(() => {
    const then = notice?.then;
    setNotice(null);
    if (then) {
      dispatch(clearRedirectPath());
      void navigate(then);
    }
  }, [notice, dispatch, navigate]);

  const onChanged = (message: string) => {
    setChanging(null);
    setNotice({ title: message });
  };

  return (
    <>
      <section className="ss-acc-card" aria-labelledby="ss-acc-account">
        <h2 id="ss-acc-account" className="ss-acc-card-title">
          帳號資訊
        </h2>
        <dl className="ss-acc-facts">
          <div>
            <dt>會員編號</dt>
            <dd data-testid="profile-user-id">{user.user_id}</dd>
          </div>
          <div>
            <dt>{user.account ? '帳號' : '登入方式'}</dt>
            <dd data-testid="profile-account">{user.account ?? (socials.length ? `${socials.join('、')} 登入` : '—')}</dd>
          </div>
          <div className={errors.email ? 'is-invalid' : undefined}>
            <dt>Email</dt>
            <dd>
              <span data-testid="profile-email">{user.email || '尚未設定'}</span>
              <Button ref={emailButton} size="small" onClick={() => setChanging('email')}>
                {user.email ? '變更 Email' : '設定 Email'}
              </Button>
              <ErrorText message={errors.email} />
            </dd>
          </div>
          <div className={errors.phone ? 'is-invalid' : undefined}>
            <dt>手機號碼</dt>
            <dd>
              <span data-testid="profile-phone">{user.phone || '尚未設定'}</span>
              <Button ref={phoneButton} size="small" onClick={() => setChanging('phone')}>
                {user.phone ? '變更手機' : '設定手機'}
              </Button>
              <ErrorText message={errors.phone} />
            </dd>
          </div>
        </dl>
      </section>

      <form className="ss-acc-card ss-acc-form" onSubmit={onSubmit} noValidate aria-labelledby="ss-acc-personal">
        <h2 id="ss-acc-personal" className="ss-acc-card-title">
          個人資料
        </h2>
        <div className="ss-acc-field">
          <label className="ss-acc-label" htmlFor={ids.name}>
            姓名 <span className="ss-acc-required" aria-hidden>*</span>
          </label>
          <Input
            ref={nameRef}
            id={ids.name}
            autoComplete="name"
            value={form.username}
            onChange={(e) => edit({ username: e.target.value })}
            status={errors.username ? 'error' : undefined}
            aria-required="true"
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={errors.username ? ids.nameError : undefined}
            placeholder="請輸入中文姓名"
            maxLength={40}
            disabled={saving}
          />
          <ErrorText id={ids.nameError} message={errors.username} />
        </div>
        <div className="ss-acc-field" role="group" aria-labelledby={ids.gender}>
          <span className="ss-acc-label" id={ids.gender}>
            性別
          </span>
          <Radio.Group
            name="gender"
            value={form.gender}
            onChange={(e) => edit({ gender: String(e.target.value) })}
            options={GENDERS}
            disabled={saving}
          />
        </div>
        <div className="ss-acc-field">
          <label className="ss-acc-label" htmlFor={ids.birthday}>
            生日
          </label>
          <input
            ref={birthdayRef}
            id={ids.birthday}
            className={`ss-native${errors.birthday ? ' is-invalid' : ''}`}
            type="date"
            min="1900-01-01"
            max={taipeiToday()}
            value={form.birthday}
            onChange={(e) => edit({ birthday: e.target.value })}
            aria-invalid={errors.birthday ? true : undefined}
            aria-describedby={errors.birthday ? ids.birthdayError : undefined}
            disabled={saving}
          />
          <ErrorText id={ids.birthdayError} message={errors.birthday} />
        </div>
        <ErrorText message={failure} block />
        <div className="ss-acc-actions">
          <Button type="primary" size="large" htmlType="submit" loading={saving}>
            儲存
          </Button>
        </div>
      </form>

      <nav className="ss-acc-links" aria-label="會員功能">
        <Link to="/address">地址簿</Link>
        {user.account && <Link to="/cpassword">變更密碼</Link>}
      </nav>

      <NotificationCard />
      {lineLogin && <LineCard />}
      <PersonalDataCard user={user} />

      <ContactChangeModal
        kind={changing ?? 'email'}
        open={changing !== null}
        userId={user.user_id}
        current={changing === 'phone' ? user.phone : user.email}
        onClose={() => setChanging(null)}
        onChanged={onChanged}
      />
      <div aria-live="polite">{notice && <SuccessNotice title={notice.title} onDone={onNoticeDone} />}</div>
    </>
  );
}
