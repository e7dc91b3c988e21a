import { HttpStatus, Injectable } from '@nestjs/common';
import type { AdminPosterActiveAnswer, AdminPosterCreateAnswer, AdminPosterDeleteAnswer, AdminPosterRow, AdminPostersAnswer, AdminPosterUpdateAnswer, PosterInput } from '../../common/api/admin-posters';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError } from '../../common/errors/app-error';
import { DomainEvents } from '../../common/events/domain-events';
import { sanitizeRichHtml } from '../../common/html/sanitize-html';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { AuditTrail } from '../audit/audit-trail.service';
import { ClaimsService } from '../claims/claims.service';
import { VersionKey } from './content-versions.service';
import { Poster } from './entities/poster.entity';

/** Texts of the posters screen (spec 3 §5, §8). */
export const POSTER_MSG = {
  required: '標題、內文、封面圖片為必填',
  seoDescription: '請輸入SEO描述',
  createFailed: '新增失敗',
  updateFailed: '更新失敗',
  deleteFailed: '刪除失敗',
  created: '新增成功',
  updated: '更新成功',
  deleted: '刪除成功',
  loadFailed: '讀取失敗',
} as const;

export const POSTER_LAYOUTS = ['image-left', 'image-right', 'full-width'] as const;
export const POSTER_ANIMATIONS = ['', 'fade-left', 'fade-right', 'fade-up', 'zoom-in'] as const;
/** The SEO description is stored up to this many characters (longer input is cut). */
export const POSTER_SEO_MAX = 300;

function escapeLike(keyword: string): string {
  return keyword.replace(/[!%_]/g, (c) => `!${c}`);
}

function toRow(p: Poster): AdminPosterRow {
  return {
    id: p.id,
    title: p.title,
    seo_description: p.seo_description,
    content: sanitizeRichHtml(p.content),
    coverImage: p.cover_image,
    layoutType: p.layout_type,
    imageWidth: p.image_width,
    textAnimation: p.text_animation,
    imageAnimation: p.image_animation,
    is_active: p.is_active,
    updated_at: new Date(p.updated_at).toISOString(),
  };
}

/** The columns a poster write sets; content sanitized with the shop's allowlist. */
function columns(input: PosterInput): Partial<Poster> {
  const content = sanitizeRichHtml(input.content);
  if (!content.trim()) throw new AppError(POSTER_MSG.required, HttpStatus.BAD_REQUEST);
  return {
    title: input.title,
    seo_description: Array.from(input.seo_description).slice(0, POSTER_SEO_MAX).join(''),
    content,
    cover_image: input.coverImage,
    ...(input.layoutType !== undefined ? { layout_type: input.layoutType } : {}),
    ...(input.imageWidth !== undefined ? { image_width: input.imageWidth } : {}),
    ...(input.textAnimation !== undefined ? { text_animation: input.textAnimation } : {}),
    ...(input.imageAnimation !== undefined ? { image_animation: input.imageAnimation } : {}),
    ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
  };
}

/**
 * Posters (spec 3 §7): list, create, update, show/hide, delete. Every write is audited and
 * publishes `content.changed {postersVersion, posters}`: poster pages, titles at start-up and the
 * sitemap show the change on the next request.
 */
@Injectable()
export class AdminPostersService {
  constructor(
    private readonly tx: Transactions,
    private readonly audit: AuditTrail,
    private readonly events: DomainEvents,
    private readonly claims: ClaimsService,
  ) {}

  async list(limit: number, offset: number, keyword: string): Promise<AdminPostersAnswer> {
    const qb = this.tx.repo(Poster).createQueryBuilder('p');
    if (keyword) qb.where("(p.title LIKE :kw ESCAPE '!' OR p.seo_description LIKE :kw ESCAPE '!')", { kw: `%${escapeLike(keyword)}%` });
    const [rows, total] = await qb.orderBy('p.id', 'DESC').take(limit).skip(offset).getManyAndCount();
    return ok({ rows: rows.map(toRow), total });
  }

  async create(admin: SessionAdmin, input: PosterInput): Promise<AdminPosterCreateAnswer> {
    const values = columns(input);
    const row = await this.tx.run(async () => {
      const repo = this.tx.repo(Poster);
      const res = await repo.insert(values);
      const id = Number(res.identifiers[0]?.id);
      await this.audit.record({ admin, action: 'poster.create', entity: 'poster', entityId: id, after: { title: values.title }, summary: `新增海報 ${values.title}` });
      await this.changed();
      return repo.findOneOrFail({ where: { id } });
    });
    return ok({ newId: row.id, poster: toRow(row), warnings: await this.claimsIn(row) }, POSTER_MSG.created);
  }

  async update(admin: SessionAdmin, id: number, input: PosterInput): Promise<AdminPosterUpdateAnswer> {
    const values = columns(input);
    const row = await this.tx.run(async () => {
      const repo = this.tx.repo(Poster);
      const before = await repo.findOne({ where: { id } });
      if (!before) throw new AppError(POSTER_MSG.updateFailed, HttpStatus.NOT_FOUND);
      await repo.update({ id }, values);
      const changed = Object.keys(values).filter((k) => before[k as keyof Poster] !== values[k as keyof Poster]);
      await this.audit.record({ admin, action: 'poster.update', entity: 'poster', entityId: id, changes: Object.fromEntries(changed.map((k): [string, [unknown, unknown]] => [k, k === 'content' ? ['…', '…'] : [before[k as keyof Poster], values[k as keyof Poster]]])), summary: `修改海報 ${values.title}` });
      await this.changed();
      return repo.findOneOrFail({ where: { id } });
    });
    return ok({ poster: toRow(row), warnings: await this.claimsIn(row) }, POSTER_MSG.updated);
  }

  /** Claims-list phrases in the saved poster's texts (spec 4 §4): told to staff, the save done. */
  private claimsIn(p: Poster) {
    return this.claims.check({ title: p.title, seo_description: p.seo_description, content: p.content });
  }

  async setActive(admin: SessionAdmin, id: number, isActive: number): Promise<AdminPosterActiveAnswer> {
    await this.tx.run(async () => {
      const repo = this.tx.repo(Poster);
      const row = await repo.findOne({ where: { id } });
      if (!row) throw new AppError(POSTER_MSG.updateFailed, HttpStatus.NOT_FOUND);
      if (row.is_active === isActive) return;
      await repo.update({ id }, { is_active: isActive });
      await this.audit.record({ admin, action: 'poster.active', entity: 'poster', entityId: id, before: { is_active: row.is_active }, after: { is_active: isActive }, summary: `海報 ${row.title} ${isActive ? '顯示' : '隱藏'}` });
      await this.changed();
    });
    return ok({ id, is_active: isActive }, POSTER_MSG.updated);
  }

  async remove(admin: SessionAdmin, id: number): Promise<AdminPosterDeleteAnswer> {
    await this.tx.run(async () => {
      const repo = this.tx.repo(Poster);
      const row = await repo.findOne({ where: { id } });
      if (!row) throw new AppError(POSTER_MSG.deleteFailed, HttpStatus.NOT_FOUND);
      await repo.delete({ id });
      await this.audit.record({ admin, action: 'poster.delete', entity: 'poster', entityId: id, before: { title: row.title }, summary: `刪除海報 ${row.title}` });
      await this.changed();
    });
    return ok({ id }, POSTER_MSG.deleted);
  }

  private changed(): Promise<void> {
    return this.events.publish('content.changed', { keys: [VersionKey.posters], posters: true });
  }
}
