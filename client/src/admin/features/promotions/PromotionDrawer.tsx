import type { AdminPromotion } from '@api/promotions';
import { promotionErrors } from '@rules/promotion-rules';
import { Alert, App, Button, Drawer, Form, Grid, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { messageOf } from '../../lib';
import { PromotionFields, shownFields } from './PromotionFields';
import { emptyPromotion, fieldPath, promotionBody, promotionValues, type PromotionValues } from './promotionForm';
import { useCreatePromotionMutation, usePromotionQuery, useUpdatePromotionMutation } from './promotionsApi';
import { PROMO_TEXT } from './promotionText';

export interface FieldProblem {
  field: string;
  message: string;
}

/** The `errors[]` of a refused save (400: 請檢查表單欄位 with each field's message). */
export function answerProblems(errOrAnswer: unknown): FieldProblem[] {
  const data = errOrAnswer && typeof errOrAnswer === 'object' && 'data' in errOrAnswer ? (errOrAnswer as { data?: unknown }).data : errOrAnswer;
  const errors = data && typeof data === 'object' && 'errors' in data ? (data as { errors?: unknown }).errors : undefined;
  return Array.isArray(errors)
    ? errors.filter((e): e is FieldProblem => !!e && typeof e === 'object' && typeof (e as FieldProblem).field === 'string' && typeof (e as FieldProblem).message === 'string')
    : [];
}

interface Banner {
  title: string;
  /** Messages of fields the form does not show. */
  others: string[];
}

interface Props {
  /** 'new', or the id of the promotion to edit (or view). */
  target: 'new' | number;
  readOnly: boolean;
  canSeeCodes: boolean;
  onClose: () => void;
}

/**
 * Create or edit a promotion (spec 4 §3, §5, §8) in a drawer. The fields follow the kind; on save
 * every rule is checked at once by the function the server runs (@rules/promotion-rules), so the
 * banner 請檢查表單欄位 and each field's message match, and nothing is sent while one fails; the
 * server's own errors[] mark the same fields. Editors see it read-only, without codes.
 */
export function PromotionDrawer({ target, readOnly, canSeeCodes, onClose }: Props) {
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const editing = target !== 'new';
  const { data, error, isFetching, refetch } = usePromotionQuery(editing ? target : 0, { skip: !editing, refetchOnMountOrArgChange: true });
  const saved: AdminPromotion | undefined = editing && data?.success ? data.promotion : undefined;
  const [form] = Form.useForm<PromotionValues>();
  const [create, created] = useCreatePromotionMutation();
  const [update, updated] = useUpdatePromotionMutation();
  const [banner, setBanner] = useState<Banner | null>(null);
  const initial = useMemo(() => (saved ? promotionValues(saved) : emptyPromotion()), [saved]);
  const kind = Form.useWatch('kind', form);
  const scope = Form.useWatch('scope', form) ?? initial.scope;
  const couponMode = Form.useWatch('coupon_mode', form) ?? initial.coupon_mode;

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(initial);
  }, [form, initial]);

  const clearErrors = () => {
    form.setFields(form.getFieldsError().filter((f) => f.errors.length > 0).map((f) => ({ name: f.name as never, errors: [] })));
    setBanner(null);
  };

  const showProblems = (problems: readonly FieldProblem[], title: string) => {
    const values = form.getFieldsValue(true) as PromotionValues;
    const shown = shownFields(values, canSeeCodes);
    const byPath = new Map<string, { name: (string | number)[]; errors: string[] }>();
    const others: string[] = [];
    for (const p of problems) {
      const name = fieldPath(p.field);
      if (!shown.has(String(name[0]))) {
        if (!others.includes(p.message)) others.push(p.message);
        continue;
      }
      const key = name.join('.');
      const entry = byPath.get(key) ?? { name, errors: [] };
      if (!entry.errors.includes(p.message)) entry.errors.push(p.message);
      byPath.set(key, entry);
    }
    form.setFields([...byPath.values()].map((f) => ({ name: f.name as never, errors: f.errors })));
    setBanner({ title, others });
    const first = byPath.values().next().value;
    if (first) form.scrollToField(first.name as never, { block: 'center' });
  };

  const submit = async () => {
    clearErrors();
    const body = promotionBody(form.getFieldsValue(true) as PromotionValues, saved?.tier_ids ?? []);
    const problems = promotionErrors(body);
    if (problems.length > 0) {
      showProblems(problems, PROMO_TEXT.checkFields);
      return;
    }
    try {
      const answer = editing ? await update({ id: target, ...body }).unwrap() : await create(body).unwrap();
      if (!answer.success) {
        showProblems(answerProblems(answer), answer.message || PROMO_TEXT.saveFailed);
        return;
      }
      message.success(answer.message || PROMO_TEXT.saved);
      onClose();
    } catch (err) {
      showProblems(answerProblems(err), messageOf(err) ?? PROMO_TEXT.saveFailed);
    }
  };

  const title = readOnly ? `檢視活動 #${target}` : editing ? `編輯活動 #${target}` : '新增活動';
  const loadFailed = editing && !isFetching && (error || (data && !data.success));
  return (
    <Drawer
      open
      title={title}
      onClose={onClose}
      size={screens.md ? 760 : '100%'}
      loading={editing && isFetching && !saved}
      destroyOnHidden
      className="ss-promo-drawer"
      footer={
        <Space className="ss-promo-footer">
          <Button onClick={onClose}>{readOnly ? '關閉' : '取消'}</Button>
          {!readOnly && (
            <Button type="primary" onClick={() => void submit()} loading={created.isLoading || updated.isLoading} disabled={Boolean(loadFailed)}>
              {editing ? '儲存' : '新增'}
            </Button>
          )}
        </Space>
      }
    >
      {loadFailed ? (
        <Alert
          type="error"
          showIcon
          title="讀取活動失敗"
          description={messageOf(error ?? data)}
          action={
            <Button size="small" onClick={() => void refetch()}>
              重試
            </Button>
          }
        />
      ) : (
        <>
          {readOnly && <Alert type="info" showIcon title={PROMO_TEXT.readOnly} className="ss-promo-banner" />}
          {banner && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={banner.title}
              description={banner.others.length > 0 ? banner.others.join('；') : undefined}
              className="ss-promo-banner"
              data-testid="promotion-form-banner"
            />
          )}
          {saved && saved.orders > 0 && !readOnly && (
            <Alert type="warning" showIcon title={`已有 ${saved.orders} 筆訂單使用此活動，修改只影響之後的訂單。`} className="ss-promo-banner" />
          )}
          <Form<PromotionValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={initial}
            disabled={readOnly}
            name="promotion"
            className="ss-promo-form"
            onFinish={() => void submit()}
          >
            <PromotionFields kind={kind} scope={scope} couponMode={couponMode} readOnly={readOnly} canSeeCodes={canSeeCodes} />
          </Form>
        </>
      )}
    </Drawer>
  );
}
