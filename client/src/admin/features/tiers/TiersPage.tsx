import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, InputNumber, Popconfirm, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { LoadFailedAlert } from '../../layout/AdminListBar';
import { AdminPage } from '../../layout/AdminPage';
import { messageOf } from '../../lib';
import { answerProblems } from '../promotions/PromotionDrawer';
import { newTier, RULE_FIELDS, TIER_LIMITS, TIER_MSG, tierErrors, tierFieldPath, tiersBody, tiersValues, type FieldProblem, type TierRow, type TiersValues } from './tierForm';
import { useAdminTiersQuery, useSaveTiersMutation } from './tiersApi';
import './tiers.css';

/**
 * /admin/tiers 會員等級 (spec 4 §2, §5, §6; owner): the tiers, lowest first (name, 12-month spend
 * threshold, earn rate, tier discount; add and remove rows), and the points rules. 儲存 checks every
 * rule at once: the banner 請檢查表單欄位 and each field's message, nothing sent while one fails;
 * the server's errors[] mark the same fields.
 */
export default function TiersPage() {
  const { message } = App.useApp();
  const { data, error, isLoading, isFetching, refetch } = useAdminTiersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save, saving] = useSaveTiersMutation();
  const [form] = Form.useForm<TiersValues>();
  const [banner, setBanner] = useState<{ title: string; others: string[] } | null>(null);
  const loaded = data?.success ? data : undefined;
  const watched = Form.useWatch('tiers', form) as TierRow[] | undefined;
  const initial = useMemo(() => (loaded ? tiersValues(loaded.tiers, loaded.rules) : undefined), [loaded]);

  useEffect(() => {
    if (initial) {
      form.resetFields();
      form.setFieldsValue(initial);
    }
  }, [form, initial]);

  const clearErrors = () => {
    form.setFields(form.getFieldsError().filter((f) => f.errors.length > 0).map((f) => ({ name: f.name as never, errors: [] })));
    setBanner(null);
  };

  const showProblems = (problems: readonly FieldProblem[], title: string) => {
    const values = form.getFieldsValue(true) as TiersValues;
    const byPath = new Map<string, { name: (string | number)[]; errors: string[] }>();
    const others: string[] = [];
    for (const p of problems) {
      const name = tierFieldPath(p.field);
      const known =
        (name[0] === 'tiers' && typeof name[1] === 'number' && name[1] < values.tiers.length && typeof name[2] === 'string') ||
        (name[0] === 'rules' && RULE_FIELDS.some((r) => r.key === name[1]));
      if (!known) {
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
    const values = form.getFieldsValue(true) as TiersValues;
    const problems = tierErrors(values);
    if (problems.length > 0) {
      showProblems(problems, TIER_MSG.checkFields);
      return;
    }
    try {
      const answer = await save(tiersBody(values)).unwrap();
      if (!answer.success) {
        showProblems(answerProblems(answer), answer.message || TIER_MSG.saveFailed);
        return;
      }
      message.success(answer.message || TIER_MSG.saved);
    } catch (err) {
      showProblems(answerProblems(err), messageOf(err) ?? TIER_MSG.saveFailed);
    }
  };

  const failed = !isFetching && (error || (data && !data.success));
  return (
    <AdminPage
      title={TIER_MSG.title}
      subtitle={TIER_MSG.subtitle}
      extra={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching && !isLoading}>
            重新整理
          </Button>
          <Button type="primary" onClick={() => void submit()} loading={saving.isLoading} disabled={!loaded}>
            儲存
          </Button>
        </>
      }
      testId="admin-tiers"
    >
      {failed && !loaded && <LoadFailedAlert title={TIER_MSG.loadFailed} description={messageOf(error ?? data)} onRetry={() => void refetch()} />}
      {!loaded && !failed && <Skeleton active className="ss-admin-panel" />}
      {loaded && (
        <Form<TiersValues> form={form} layout="vertical" requiredMark={false} name="tiers" initialValues={initial} onFinish={() => void submit()} className="ss-tiers-form">
          {banner && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={banner.title}
              description={banner.others.length > 0 ? banner.others.join('；') : undefined}
              className="ss-tiers-banner"
              data-testid="tiers-form-banner"
            />
          )}
          <section className="ss-admin-panel ss-tiers-panel" aria-labelledby="ss-tiers-heading">
            <h2 id="ss-tiers-heading" className="ss-tiers-heading">
              等級
            </h2>
            <Form.List name="tiers">
              {(fields, { add, remove }) => (
                <>
                  <ol className="ss-tiers-rows">
                    {fields.map((field, i) => {
                      const name = (watched?.[field.name]?.name ?? (form.getFieldValue(['tiers', field.name, 'name']) as string | undefined))?.trim() || `第 ${i + 1} 級`;
                      return (
                        <li key={field.key} className="ss-tiers-row" data-testid={`tier-row-${i}`}>
                          <Form.Item label="等級名稱" name={[field.name, 'name']}>
                            <Input maxLength={TIER_LIMITS.name} aria-label={`第 ${i + 1} 級 等級名稱`} />
                          </Form.Item>
                          <Form.Item label="門檻（近 12 個月消費 NT$）" name={[field.name, 'threshold']}>
                            <InputNumber min={0} precision={0} step={1000} className="ss-tiers-number" aria-label={`第 ${i + 1} 級 門檻`} />
                          </Form.Item>
                          <Form.Item label="回饋比例" name={[field.name, 'earn_rate']}>
                            <InputNumber precision={0} suffix="%" className="ss-tiers-number" aria-label={`第 ${i + 1} 級 回饋比例`} />
                          </Form.Item>
                          <Form.Item label="等級折扣" name={[field.name, 'discount_percent']}>
                            <InputNumber precision={0} suffix="%" className="ss-tiers-number" aria-label={`第 ${i + 1} 級 等級折扣`} />
                          </Form.Item>
                          <div className="ss-tiers-remove">
                            <Popconfirm
                              title={`移除「${name}」？`}
                              description="儲存後，此等級的會員會依消費重新判定等級。"
                              okText="移除"
                              okButtonProps={{ danger: true }}
                              cancelText="取消"
                              onConfirm={() => remove(field.name)}
                              disabled={fields.length <= 1}
                            >
                              <Button danger icon={<DeleteOutlined />} disabled={fields.length <= 1} aria-label={`移除「${name}」`} />
                            </Popconfirm>
                          </div>
                        </li>
                      );
                    })}
                  </ol>
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add(newTier((form.getFieldValue('tiers') as TiersValues['tiers']) ?? []))}
                    disabled={fields.length >= TIER_LIMITS.tiers}
                  >
                    新增等級
                  </Button>
                </>
              )}
            </Form.List>
            <p className="ss-admin-muted ss-tiers-note">門檻由低到高；第一個等級的門檻為 0（所有會員）。回饋比例 0–20%，等級折扣 0–50%（0 為不打折）。</p>
          </section>
          <section className="ss-admin-panel ss-tiers-panel" aria-labelledby="ss-rules-heading">
            <h2 id="ss-rules-heading" className="ss-tiers-heading">
              購物金規則
            </h2>
            <div className="ss-tiers-rules">
              {RULE_FIELDS.map((r) => (
                <Form.Item key={r.key} label={r.label} name={['rules', r.key]} extra={r.help}>
                  <InputNumber precision={0} suffix={r.suffix} className="ss-tiers-number" aria-label={r.label} />
                </Form.Item>
              ))}
            </div>
          </section>
        </Form>
      )}
    </AdminPage>
  );
}
