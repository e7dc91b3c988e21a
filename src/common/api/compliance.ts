/**
 * The cosmetics law's label fields and the claims check (issue 22 §5; spec 4 §3, §4, §5).
 * Server: src/modules/catalog (fields), src/modules/claims (check); rules: @rules/cosmetics-rules.
 */

/** 化粧品衛生安全管理法 label fields of a product; '' = not given. */
export interface CosmeticsFields {
  /** 化粧品產品登錄編號: letters, digits and - up to 30 (化粧品登錄編號格式錯誤). */
  registration_no: string;
  /** 全成分 */
  ingredients: string;
  /** 容量 */
  volume: string;
  /** 使用方法 */
  usage: string;
  /** 注意事項 */
  warnings: string;
  /** 保存期限 */
  shelf_life: string;
  /** 產地 */
  origin: string;
  /** 製造或輸入業者名稱及地址 */
  maker: string;
}

/**
 * A phrase of the claims list found in a text staff are saving (spec 4 §4): the save succeeds and
 * answers `warnings`; the screen lists each with its reason. `field` names the form field
 * (title, description, detail_html, spec_html, seo_description, html, …) or 'ai' for a rewrite.
 */
export interface ClaimWarning {
  field: string;
  phrase: string;
  reason: string;
}

/** One entry of the claims list kept in settings (`CLAIM_PHRASES`, JSON). */
export interface ClaimPhrase {
  phrase: string;
  /** 醫療效能 / 誇大不實 / … shown to staff. */
  reason: string;
}
