import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import type { AdminProductRow, AdminProductTypeRow } from '@api/admin-catalog';
import { CATALOG_MSG, isCatalogUrl, PRODUCT_LIMITS, type ProductProblem } from '@rules/admin-catalog';
import { COSMETICS_FIELDS, COSMETICS_MSG } from '@rules/cosmetics-rules';
import { useEffect, useMemo, useState } from 'react';
import { messageOf } from '../../lib';
import { useSaveProductMutation } from './catalogApi';
import { useClaimsCheck } from '../../components/claimsCheck';
import { ImageUrlField } from '../../components/ImageUrlField';
import {
  checkProduct,
  emptyProduct,
  fieldPath,
  groupProblems,
  missingRegistration,
  NEW_VARIANT,
  newMedia,
  PRODUCT_CLAIM_LABELS,
  productBody,
  productClaimFields,
  productField,
  productFromRow,
  type ProductValues,
  variantStock,
  type VariantValues,
} from './productForm';

interface Props {
  /** The edited product; null for a new one. */
  product: AdminProductRow | null;
  types: readonly AdminProductTypeRow[];
  onClose: () => void;
  /** After a successful save (the list reloads through its tags). */
  onSaved: () => void;
}

/** The field errors an answer of createOrUpdateProduct carries (400 with `errors[]`). */
function answerProblems(err: unknown): ProductProblem[] {
  const data = err && typeof err === 'object' && 'data' in err ? (err as { data?: unknown }).data : err;
  const errors = data && typeof data === 'object' && 'errors' in data ? (data as { errors?: unknown }).errors : undefined;
  return Array.isArray(errors)
    ? errors
        .filter((e): e is ProductProblem => !!e && typeof e === 'object' && typeof (e as ProductProblem).field === 'string' && typeof (e as ProductProblem).message === 'string')
        .map((e) => ({ field: productField(e.field), message: e.message }))
    : [];
}

/**
 * The product modal (spec 3 §2, §4, §5): add mode with the spec's defaults or edit mode with a copy
 * of the row. Every rule is checked at once on save, by the same function the server runs, so the
 * messages match; the server's own `errors[]` land on the same fields.
 */
export function ProductModal({ product, types, onClose, onSaved }: Props) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<ProductValues>();
  const [save, saving] = useSaveProductMutation();
  const [banner, setBanner] = useState<string | null>(null);
  /** The main image URL whose preview failed to load (says so instead of a broken image). */
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const [listErrors, setListErrors] = useState<Record<string, string[]>>({});
  const initial = useMemo(() => (product ? productFromRow(product) : emptyProduct()), [product]);
  const imageUrl = Form.useWatch('image_url', form);
  const variants = Form.useWatch('product_variants', form) as VariantValues[] | undefined;
  const stock = variantStock(variants ?? initial.product_variants);
  const listed = Form.useWatch('is_active', form) as boolean | undefined;
  const registrationNo = Form.useWatch(['cosmetics', 'registration_no'], form) as string | undefined;
  const noRegistration = missingRegistration(listed ?? initial.is_active, registrationNo ?? initial.cosmetics.registration_no);
  const claims = useClaimsCheck(PRODUCT_CLAIM_LABELS);

  useEffect(() => {
    form.setFieldsValue(initial);
  }, [form, initial]);

  const typeOptions = types
    .filter((t) => t.is_active === 1 || t.id === initial.product_type)
    .map((t) => ({ value: t.id, label: t.is_active === 1 ? t.type_name : `${t.type_name}（停用）` }));

  const clearErrors = () => {
    form.setFields(form.getFieldsError().filter((f) => f.errors.length > 0).map((f) => ({ name: f.name as never, errors: [] })));
    setListErrors({});
    setBanner(null);
  };

  const showProblems = (problems: readonly ProductProblem[], title: string) => {
    const { lists, fields } = groupProblems(problems);
    form.setFields([...fields].map(([field, errors]) => ({ name: fieldPath(field) as never, errors })));
    setListErrors(lists);
    setBanner(title);
    const first = problems.find((p) => fields.has(p.field));
    if (first) form.scrollToField(fieldPath(first.field) as never, { block: 'center' });
  };

  const submit = async () => {
    clearErrors();
    const body = productBody(form.getFieldsValue(true) as ProductValues);
    const problems = checkProduct(body);
    if (problems.length > 0) {
      showProblems(problems, CATALOG_MSG.checkFields);
      return;
    }
    // Claims (spec 4 §4): the phrases found are shown first; staff may save anyway.
    if (!(await claims.confirmSave(productClaimFields(body)))) return;
    try {
      const answer = await save(body).unwrap();
      if (!answer.success) {
        modal.error({ title: '錯誤', content: answer.message || CATALOG_MSG.saveFailed });
        return;
      }
      message.success(answer.message || CATALOG_MSG.saved);
      claims.showSaved(answer);
      onSaved();
    } catch (err) {
      const fromServer = answerProblems(err);
      if (fromServer.length > 0) showProblems(fromServer, messageOf(err) ?? CATALOG_MSG.checkFields);
      else modal.error({ title: '錯誤', content: messageOf(err) ?? CATALOG_MSG.saveFailed });
    }
  };

  return (
    <Modal
      open
      title={product ? `編輯商品 #${product.product_id}` : '新增商品'}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={product ? '儲存' : '新增'}
      cancelText="取消"
      confirmLoading={saving.isLoading}
      width={{ xs: '100%', md: 1000 }}
      className="ss-aprod-modal"
      mask={{ closable: false }}
      destroyOnHidden
    >
      {banner && <Alert type="error" showIcon title={banner} role="alert" className="ss-aprod-banner" data-testid="product-form-banner" />}
      {noRegistration && (
        <Alert
          type="warning"
          showIcon
          title={COSMETICS_MSG.registrationMissing}
          description="上架的化粧品應標示化粧品產品登錄編號；仍可儲存，請儘快於「化粧品標示」補上。"
          className="ss-aprod-banner"
          data-testid="product-registration-warning"
        />
      )}
      <Form<ProductValues> form={form} layout="vertical" requiredMark={false} initialValues={initial} name="product" className="ss-aprod-form" onFinish={() => void submit()}>
        <Form.Item label="SEO 描述" name="seo_description" className="ss-aprod-wide" extra="建議 50–160 字，顯示於搜尋結果">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={PRODUCT_LIMITS.seoDescription} showCount />
        </Form.Item>
        <Form.Item label="商品分類" name="product_type">
          <Select options={typeOptions} placeholder="請選擇分類" aria-label="商品分類" notFoundContent="尚無分類，請先於「類別管理」新增" />
        </Form.Item>
        <Form.Item label="商品名稱" name="title">
          <Input maxLength={PRODUCT_LIMITS.title} />
        </Form.Item>
        <Form.Item label="商品描述" name="description" className="ss-aprod-wide">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={PRODUCT_LIMITS.description} placeholder="建議 18 個字以內，顯示於商品卡片" />
        </Form.Item>
        <Form.Item label="單位" name="unit">
          <Input maxLength={PRODUCT_LIMITS.unit} placeholder="例：瓶、盒、組" />
        </Form.Item>
        <Form.Item label="觀看數" name="views_count" extra="由系統計算，無法修改">
          <InputNumber className="ss-aprod-number" readOnly />
        </Form.Item>
        <Form.Item label="庫存" htmlFor="product_stock_total" extra="庫存為各規格數量的加總，請在下方規格表修改數量">
          <InputNumber id="product_stock_total" className="ss-aprod-number" readOnly value={stock} />
        </Form.Item>
        <Form.Item label="已售數量" name="sold_quantity" extra="已付款訂單扣除退貨，由系統計算，無法修改">
          <InputNumber className="ss-aprod-number" readOnly />
        </Form.Item>
        <Form.Item label="商品主圖網址" name="image_url" className="ss-aprod-wide" extra="建議尺寸 1378 x 1188；http(s) 網址或圖片庫的 /media/… 路徑">
          <ImageUrlField aria-label="商品主圖網址" />
        </Form.Item>
        <div className="ss-aprod-switches ss-aprod-wide">
          <Form.Item label="新品" name="is_new" valuePropName="checked">
            <Switch aria-label="新品" />
          </Form.Item>
          <Form.Item label="熱銷" name="is_hot" valuePropName="checked">
            <Switch aria-label="熱銷" />
          </Form.Item>
          <Form.Item label="店長推薦" name="is_manager" valuePropName="checked">
            <Switch aria-label="店長推薦" />
          </Form.Item>
          <Form.Item label="上架" name="is_active" valuePropName="checked">
            <Switch aria-label="上架" />
          </Form.Item>
        </div>
        <div className="ss-aprod-preview ss-aprod-wide" aria-label="主圖預覽">
          {typeof imageUrl !== 'string' || !isCatalogUrl(imageUrl) ? (
            <span className="ss-admin-muted">輸入主圖網址後在此預覽</span>
          ) : brokenImage === imageUrl.trim() ? (
            <span className="ss-admin-muted">無法載入圖片，請確認網址</span>
          ) : (
            <img src={imageUrl.trim()} alt="商品主圖預覽" onError={() => setBrokenImage(imageUrl.trim())} />
          )}
        </div>

        <section className="ss-aprod-wide" aria-labelledby="ss-aprod-cosmetics-title">
          <h3 id="ss-aprod-cosmetics-title" className="ss-aprod-section-title">
            化粧品標示
          </h3>
          <p className="ss-admin-muted ss-aprod-note ss-aprod-cosmetics-note">依化粧品衛生安全管理法標示，顯示於商品頁的「規格」分頁；未填的欄位不顯示。</p>
          <div className="ss-aprod-cosmetics">
            {COSMETICS_FIELDS.map((f) => (
              <Form.Item
                key={f.key}
                label={f.label}
                name={['cosmetics', f.key]}
                className={f.multiline ? 'ss-aprod-cosmetics-wide' : undefined}
                extra={f.key === 'registration_no' ? '英數字與 -，最多 30 字' : undefined}
              >
                {f.multiline ? (
                  <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={f.max} showCount aria-label={f.label} />
                ) : (
                  <Input maxLength={f.max} aria-label={f.label} placeholder={f.key === 'registration_no' ? '例：A1234567890' : undefined} />
                )}
              </Form.Item>
            ))}
          </div>
        </section>

        <section className="ss-aprod-wide" aria-labelledby="ss-aprod-media-title">
          <h3 id="ss-aprod-media-title" className="ss-aprod-section-title">商品媒體</h3>
          <Form.List name="product_media">
            {(fields, { add, remove }) => (
              <>
                {fields.length > 0 && (
                  <div className="ss-aprod-rows ss-aprod-media" role="table" aria-label="商品媒體">
                    <div className="ss-aprod-row ss-aprod-head" role="row">
                      <span role="columnheader">媒體網址</span>
                      <span role="columnheader">排序</span>
                      <span role="columnheader">啟用</span>
                      <span role="columnheader" className="ss-aprod-sr">操作</span>
                    </div>
                    {fields.map((field, i) => (
                      <div className="ss-aprod-row" role="row" key={field.key}>
                        <Form.Item name={[field.name, 'media_url']} label={`媒體 ${i + 1} 網址`} className="ss-aprod-cell ss-aprod-url">
                          <ImageUrlField aria-label={`媒體 ${i + 1} 網址`} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'ordering']} label="排序" className="ss-aprod-cell">
                          <InputNumber className="ss-aprod-number" aria-label={`媒體 ${i + 1} 排序`} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'is_active']} label="啟用" valuePropName="checked" className="ss-aprod-cell">
                          <Switch aria-label={`媒體 ${i + 1} 啟用`} />
                        </Form.Item>
                        <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={`移除媒體 ${i + 1}`} className="ss-aprod-remove" />
                      </div>
                    ))}
                  </div>
                )}
                <Form.ErrorList errors={listErrors.product_media} />
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => {
                    add(newMedia(fields.length));
                    setListErrors((e) => ({ ...e, product_media: [] }));
                  }}
                  className="ss-aprod-add"
                >
                  新增媒體
                </Button>
              </>
            )}
          </Form.List>
        </section>

        <section className="ss-aprod-wide" aria-labelledby="ss-aprod-variants-title">
          <h3 id="ss-aprod-variants-title" className="ss-aprod-section-title">商品規格</h3>
          <Form.List name="product_variants">
            {(fields, { add, remove }) => (
              <>
                {fields.length > 0 && (
                  <div className="ss-aprod-rows ss-aprod-variants" role="table" aria-label="商品規格">
                    <div className="ss-aprod-row ss-aprod-head" role="row">
                      <span role="columnheader">規格名稱</span>
                      <span role="columnheader">數量</span>
                      <span role="columnheader">原價</span>
                      <span role="columnheader">折扣價</span>
                      <span role="columnheader" className="ss-aprod-sr">操作</span>
                    </div>
                    {fields.map((field, i) => (
                      <div className="ss-aprod-row" role="row" key={field.key}>
                        <Form.Item name={[field.name, 'variant_name']} label="規格名稱" className="ss-aprod-cell ss-aprod-vname">
                          <Input maxLength={PRODUCT_LIMITS.variantName} aria-label={`規格 ${i + 1} 名稱`} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'quantity']} label="數量" className="ss-aprod-cell">
                          <InputNumber className="ss-aprod-number" aria-label={`規格 ${i + 1} 數量`} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'original_price']} label="原價" className="ss-aprod-cell">
                          <Input inputMode="numeric" prefix="NT$" aria-label={`規格 ${i + 1} 原價`} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'discount_price']} label="折扣價" className="ss-aprod-cell">
                          <Input inputMode="numeric" prefix="NT$" aria-label={`規格 ${i + 1} 折扣價`} />
                        </Form.Item>
                        <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={`移除規格 ${i + 1}`} className="ss-aprod-remove" />
                      </div>
                    ))}
                  </div>
                )}
                <Form.ErrorList errors={listErrors.product_variants} />
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => {
                    add({ ...NEW_VARIANT });
                    setListErrors((e) => ({ ...e, product_variants: [] }));
                  }}
                  className="ss-aprod-add"
                >
                  新增規格
                </Button>
                <p className="ss-admin-muted ss-aprod-note">數量即該規格的庫存，可為 0（售完）；價格可含千分位逗號。</p>
              </>
            )}
          </Form.List>
        </section>
      </Form>
    </Modal>
  );
}
