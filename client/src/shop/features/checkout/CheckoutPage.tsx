import ShoppingOutlined from '@ant-design/icons/ShoppingOutlined';
import { Empty, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CHECKOUT_MSG, checkoutProblems, SHIPPING, type CheckoutContext } from '@rules/checkout-rules';
import { isCitizenBarcode, isMobileBarcodeCarrier } from '@rules/taiwan';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { toast } from '../../../app/lazyToast';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { baseApi } from '../../../shared/api/baseApi';
import { LinkButton } from '../../../shared/components/LinkButton';
import { PageLoading } from '../../../shared/components/PageLoading';
import { track } from '../../../shared/analytics/analytics';
import { addPaymentInfoEvent, beginCheckoutEvent } from '../../../shared/analytics/events';
import { addressListProblem, failureText, stillInvalid, withDefault } from '../account/accountRules';
import { useUpdateAddressesMutation } from '../account/accountApi';
import { useGetUserQuery } from '../auth/sessionApi';
import { selectIsLoggedIn, selectUser, setRedirectPath } from '../auth/sessionSlice';
import type { Address, UserProfile } from '../auth/userTypes';
import { catalogApi } from '../catalog/catalogApi';
import { clearCart, selectCartItems, selectCouponCode, selectShippingMethodId, setCouponCode, setShippingMethod, type CartItem } from '../cart/cartSlice';
import { feeText } from '../cart/QuoteTotals';
import { useLoadShippingQuery } from '../cart/shippingApi';
import { QUOTE_FAILED, useCartQuote } from '../cart/useCartQuote';
import { browser, isWebUrl } from './browser';
import { useLoadPaymentQuery, useSubmitOrderMutation, type SubmitOrderBody } from './checkoutApi';
import { focusField, stripUndefined } from './CheckoutFields';
import {
  attemptFor,
  changedTotal,
  checkoutInput,
  clearSavedCheckout,
  defaultForm,
  dropPickedStore,
  fieldErrors,
  firstErrorField,
  loadSavedCheckout,
  peekPickedStore,
  profileComplete,
  restoreForm,
  sameStore,
  saveCheckout,
  savedHomes,
  savedStores,
  slipPath,
  storeOf,
  submitBody,
  submitOutcome,
  withBuyer,
  withPickedStore,
  withReceiver,
  withSameAsBuyer,
  withShipping,
  type CheckoutForm,
  type FieldErrors,
  type SavedCheckout,
  type StoreFields,
  type StoreType,
} from './checkoutForm';
import { BuyerSection, ReceiverSection, ShippingSection } from './CheckoutSections';
import { CheckoutSummary } from './CheckoutSummary';
import { paymentOffered, promotionFields } from './checkoutQuote';
import { usePointsChoice } from './pointsChoice';
import { InvoiceSection, LinePayInvoiceNote, PaymentSection } from './PaymentInvoiceSections';
import { useCvsMap } from './useCvsMap';
import './Checkout.css';

export const CHECKOUT_PATH = '/checkout';

/** Checkout (spec 2 §2–5, §7–8; issue 10). */
export default function CheckoutPage() {
  usePageTitle('結帳');
  const items = useAppSelector(selectCartItems);
  if (items.length === 0) {
    return (
      <div className="ss-container ss-page">
        <h1 className="ss-page-title">結帳</h1>
        <Empty className="ss-co-empty" image={<ShoppingOutlined className="ss-co-empty-icon" aria-hidden />} description={CHECKOUT_MSG.cartEmpty}>
          <LinkButton variant="primary" size="large" to="/products">
            去逛逛
          </LinkButton>
        </Empty>
      </div>
    );
  }
  return <CheckoutGate />;
}

/**
 * Members with a complete profile only (spec 2 §2, §5–6): not logged in → 請先登入後再進行結帳 and
 * /login; no name, e-mail or phone → 請先補上會員姓名、電子信箱、手機號碼 and /profile. Both leave
 * /checkout as the redirect path, so login and the profile screen come back here.
 */
function CheckoutGate() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const user = useAppSelector(selectUser);
  const { isLoading, isFetching, isError } = useGetUserQuery(undefined, { refetchOnMountOrArgChange: 30 });
  // The form starts from the server's copy of the member (addresses, config) once it has answered.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!isFetching) setReady(true);
  }, [isFetching]);
  const mustLogin = !isLoggedIn && (isError || !isLoading);
  const incomplete = ready && isLoggedIn && user !== null && !profileComplete(user);

  useEffect(() => {
    if (mustLogin) {
      toast.warning(CHECKOUT_MSG.loginRequired, 'checkout-gate');
      dispatch(setRedirectPath(CHECKOUT_PATH));
      void navigate('/login', { replace: true });
    } else if (incomplete) {
      toast.warning(CHECKOUT_MSG.profileIncomplete, 'checkout-gate');
      dispatch(setRedirectPath(CHECKOUT_PATH));
      void navigate('/profile', { replace: true });
    }
  }, [mustLogin, incomplete, dispatch, navigate]);

  if (!ready || !isLoggedIn || !user || incomplete) return <PageLoading />;
  return <Checkout user={user} />;
}

/** The form as the member left it (this tab), over the defaults; the cart's shipping choice is the latest word. */
function initialForm(user: UserProfile, cartShipping: number | null): { form: CheckoutForm; attempt?: SavedCheckout['attempt'] } {
  const saved = loadSavedCheckout(user.user_id);
  let form = restoreForm(defaultForm(user), saved.form);
  if (cartShipping !== null && cartShipping !== form.shipping) form = withShipping(form, cartShipping, user);
  const picked = peekPickedStore();
  if (picked) form = withPickedStore(form, picked);
  return { form, attempt: saved.attempt };
}

function Checkout({ user }: { user: UserProfile }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const items = useAppSelector(selectCartItems);
  const couponCode = useAppSelector(selectCouponCode);
  const cartShipping = useAppSelector(selectShippingMethodId);
  const [start] = useState(() => initialForm(user, cartShipping));
  const [form, setForm] = useState<CheckoutForm>(start.form);
  const attemptRef = useRef<SavedCheckout['attempt']>(start.attempt);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [hints, setHints] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const [leaving, setLeaving] = useState(false);
  const busy = useRef(false);
  const [submit, { isLoading: sending }] = useSubmitOrderMutation();
  const [updateAddresses] = useUpdateAddressesMutation();
  const shippingQuery = useLoadShippingQuery();
  const paymentQuery = useLoadPaymentQuery();

  const methods = shippingQuery.data?.shippingMethods;
  const payments = useMemo(() => paymentQuery.data?.paymentMethods ?? [], [paymentQuery.data]);
  const method = methods?.find((m) => m.id === form.shipping);
  // The server's quote (spec 4 §4) is the only source of money here; asked once the shipping method is known.
  const [usePoints, setUsePoints] = useState(0);
  const priced = useCartQuote(form.shipping, { skip: shippingQuery.isLoading || (!!methods?.length && !method), usePoints });
  const points = usePointsChoice(usePoints, setUsePoints, priced);
  const { quote } = priced;
  // The payment limits follow the last quoted total (kept while the next is asked, so the list does not flicker).
  const total = quote?.totalAmount ?? priced.lastQuote?.totalAmount;
  const offered = useMemo(() => payments.filter((p) => paymentOffered(p.method_code, form.shipping, total)), [payments, form.shipping, total]);
  const ctx: CheckoutContext = useMemo(
    () => ({ shippingIds: (methods ?? []).map((m) => m.id), paymentCodes: payments.map((p) => p.method_code), total }),
    [methods, payments, total],
  );

  // Analytics (issue 22 §7; sent only with consent): begin_checkout once the first quote is in, and
  // add_payment_info when a payment method is chosen, both with the quote's items, coupon and promotion.
  const begun = useRef(false);
  useEffect(() => {
    if (begun.current || !quote || !items.length) return;
    begun.current = true;
    track(beginCheckoutEvent(items, quote));
  }, [quote, items]);
  const paidWith = useRef('');
  useEffect(() => {
    if (!form.payment || form.payment === paidWith.current || !quote) return;
    paidWith.current = form.payment;
    track(addPaymentInfoEvent(items, quote, form.payment));
  }, [form.payment, quote, items]);

  // The form is saved as it changes (a reload or the phone's trip to the store map keeps it).
  const persist = useCallback((f: CheckoutForm) => saveCheckout({ user_id: user.user_id, form: f, attempt: attemptRef.current }), [user.user_id]);
  useEffect(() => persist(form), [form, persist]);

  /** Any change: shown errors go as soon as their field is fixed (no new ones before the next submit). */
  const apply = useCallback(
    (next: CheckoutForm) => {
      setForm(next);
      setErrors((shown) => stillInvalid(shown, fieldErrors(checkoutProblems(checkoutInput(next), ctx))));
      setFailure('');
    },
    [ctx],
  );
  const change = (c: Partial<CheckoutForm>) => {
    const next = { ...form, ...c };
    apply(next);
    // A barcode hint goes once the barcode is right.
    setHints((h) => ({
      ...(h.mobileBarcode && !isMobileBarcodeCarrier(next.mobileBarcode) ? { mobileBarcode: h.mobileBarcode } : {}),
      ...(h.citizenBarcode && !isCitizenBarcode(next.citizenBarcode) ? { citizenBarcode: h.citizenBarcode } : {}),
    }));
  };

  // A method the settings no longer offer: home delivery, else the first offered.
  useEffect(() => {
    if (!methods?.length || methods.some((m) => m.id === form.shipping)) return;
    const fallback = methods.find((m) => m.id === SHIPPING.home) ?? methods[0];
    setForm((f) => withShipping(f, fallback.id, user));
  }, [methods, form.shipping, user]);

  // A payment method hidden for this shipping or amount is no longer chosen.
  useEffect(() => {
    if (!paymentQuery.data || !methods || !form.payment) return;
    if (!offered.some((p) => p.method_code === form.payment)) setForm((f) => ({ ...f, payment: '' }));
  }, [paymentQuery.data, methods, offered, form.payment]);

  // Back from a gateway page through the browser's cache: the page is usable again.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) {
        busy.current = false;
        setLeaving(false);
      }
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  /** A store picked on the map becomes the default 7-11 address unless already saved (spec 2 §4). */
  const userRef = useRef(user);
  useEffect(() => {
    userRef.current = user;
  }, [user]);
  const rememberStore = useCallback(
    async (store: StoreFields) => {
      const current: Address[] = userRef.current.addresses ?? [];
      if (current.some((a) => a.shipping_type === 'seven' && sameStore(storeOf(a), store))) return;
      const row: Address = { shipping_type: 'seven', city: '', district: '', zip: '', street: '', ...store, is_default: 1 };
      const next = withDefault([...current, row], current.length);
      // A full address book (10) keeps its rows: the store is still used for this order.
      if (addressListProblem(next)) return;
      try {
        await updateAddresses({ user_id: userRef.current.user_id, addresses: next }).unwrap();
      } catch {
        // Not saved to the address book; the order still goes to this store.
      }
    },
    [updateAddresses],
  );

  const onStore = useCallback(
    (store: StoreFields) => {
      setForm((f) => withPickedStore(f, store));
      setErrors((e) => ({ ...e, store: undefined, shipping: undefined }));
      dispatch(setShippingMethod(SHIPPING.seven));
      void rememberStore(store);
    },
    [dispatch, rememberStore],
  );

  // Back from the map on a phone (/checkoutCvsResult left the store): applied by initialForm; saved here once.
  useEffect(() => {
    const picked = peekPickedStore();
    if (!picked) return;
    dropPickedStore();
    dispatch(setShippingMethod(SHIPPING.seven));
    void rememberStore(picked);
  }, [dispatch, rememberStore]);

  const formRef = useRef(form);
  useEffect(() => {
    formRef.current = form;
  }, [form]);
  const map = useCvsMap({ userId: user.user_id, onStore, beforeLeave: useCallback(() => persist(formRef.current), [persist]) });

  const onShipping = (id: number) => {
    apply(withShipping(form, id, user));
    dispatch(setShippingMethod(id));
  };

  const onBarcodeBlur = (field: 'mobileBarcode' | 'citizenBarcode') => {
    const value = form[field];
    const ok = field === 'mobileBarcode' ? isMobileBarcodeCarrier(value) : isCitizenBarcode(value);
    setHints((h) => ({ ...h, [field]: value && !ok ? (field === 'mobileBarcode' ? CHECKOUT_MSG.mobileBarcodeHint : CHECKOUT_MSG.citizenBarcodeHint) : undefined }));
  };

  /** The server says the total changed: the cart takes the current prices, the fees are read again and the quote asked again. */
  const refreshPrices = (lines: readonly CartItem[]) => {
    for (const id of new Set(lines.map((i) => i.product_id))) {
      const sub = dispatch(catalogApi.endpoints.productDetails.initiate(id, { forceRefetch: true }));
      void sub.finally(() => sub.unsubscribe());
    }
    void shippingQuery.refetch();
    priced.refetch();
  };

  /** 套用 / 移除: the cart keeps the code; the quote is asked with it (again, for the same code). */
  const onCoupon = (code: string) => {
    if (code === couponCode) priced.refetch();
    else dispatch(setCouponCode(code));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy.current || sending || leaving) return;
    setFailure('');
    if (items.length === 0) {
      setFailure(CHECKOUT_MSG.cartEmpty);
      return;
    }
    const shown = fieldErrors(checkoutProblems(checkoutInput(form), ctx));
    setErrors(shown);
    const first = firstErrorField(shown);
    if (first) {
      toast.error(CHECKOUT_MSG.generalInvalid, 'checkout-invalid');
      focusField(first);
      return;
    }
    toast.dismiss('checkout-invalid');
    if (priced.loading) return;
    // Never a total the server has not quoted (spec 4 §8): without a quote, say why and ask again.
    if (!quote) {
      const message = priced.error ?? QUOTE_FAILED;
      setFailure(message);
      toast.error(message, 'checkout-failed');
      priced.refetch();
      return;
    }
    const body: SubmitOrderBody = { ...submitBody(form, items, quote.totalAmount, user.user_id), ...promotionFields(quote) };
    const attempt = attemptFor(attemptRef.current, body);
    attemptRef.current = attempt;
    persist(form);
    busy.current = true;
    try {
      const answer = await submit({ body, idempotencyKey: attempt.key }).unwrap();
      if (!answer.success) throw { status: 200, data: answer };
      const outcome = submitOutcome(answer);
      if (!outcome || (outcome.kind !== 'slip' && !isWebUrl(outcome.url))) throw { status: 502, data: {} };
      // The order exists: the next submit is a new attempt. The server saved the address and config defaults.
      attemptRef.current = undefined;
      dispatch(baseApi.util.invalidateTags(['User']));
      setLeaving(true);
      if (outcome.kind === 'slip') {
        clearSavedCheckout();
        await navigate(slipPath(outcome.merTradeNo));
        dispatch(clearCart());
        return;
      }
      // A gateway page (credit's 3-D Secure form, LINE Pay): the cart stays until the slip (spec 2 §4).
      persist(form);
      if (outcome.kind === 'post') browser.postForm(outcome.url, outcome.fields);
      else browser.assign(outcome.url);
    } catch (err) {
      busy.current = false;
      const message = failureText(err, CHECKOUT_MSG.submitFailed, CHECKOUT_MSG.submitServerError);
      setFailure(message);
      toast.error(message, 'checkout-failed');
      if (changedTotal(err) !== undefined) refreshPrices(items);
      // A code refused now (used up meanwhile), or points spent meanwhile: the quote says so under its box.
      else if (body.couponCode || body.usePoints) priced.refetch();
    }
  };

  const shownErrors: FieldErrors = { ...hints, ...stripUndefined(errors) };
  const storesOf = (type: StoreType) => savedStores(user, type);
  const working = sending || leaving;

  return (
    <div className="ss-container ss-page ss-co-page">
      <h1 className="ss-page-title">結帳</h1>
      <form className="ss-co-layout" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="結帳">
        <div className="ss-co-main">
          <BuyerSection form={form} errors={shownErrors} onBuyer={(c) => apply(withBuyer(form, c))} />
          <ReceiverSection
            form={form}
            errors={shownErrors}
            onReceiver={(c) => apply(withReceiver(form, c))}
            onSameAsBuyer={(checked) => apply(withSameAsBuyer(form, checked))}
          />
          <ShippingSection
            form={form}
            errors={shownErrors}
            methods={methods}
            loading={shippingQuery.isLoading}
            failed={shippingQuery.isError}
            chosenFee={quote ? feeText(quote.shipping_fee) : priced.loading ? <Spin size="small" aria-label="運費計算中" /> : '—'}
            homes={savedHomes(user)}
            storesOf={storesOf}
            onShipping={onShipping}
            onChange={change}
            onPickStore={map.open}
            picking={map.opening}
          />
          <PaymentSection
            form={form}
            errors={shownErrors}
            methods={offered}
            loading={paymentQuery.isLoading}
            failed={paymentQuery.isError}
            hiddenCount={payments.length - offered.length}
            onChange={change}
          />
          {form.payment === 'linepay' ? (
            <LinePayInvoiceNote companyChosen={form.invoiceType === 'Company'} />
          ) : (
            <InvoiceSection form={form} errors={shownErrors} email={form.buy_email || user.email || ''} onChange={change} onBarcodeBlur={onBarcodeBlur} />
          )}
        </div>

        <CheckoutSummary
          items={items}
          priced={priced}
          couponCode={couponCode}
          onCoupon={onCoupon}
          points={points}
          shippingName={method?.name}
          failure={failure}
          working={working}
        />
      </form>
      {map.dialogs}
    </div>
  );
}
