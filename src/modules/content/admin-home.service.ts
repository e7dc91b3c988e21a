import { HttpStatus, Injectable } from '@nestjs/common';
import type { EntityTarget, ObjectLiteral } from 'typeorm';
import type { AdminHomeBanner, AdminHomeCertificate, AdminHomeEndorsement, AdminHomeTestimonial, HomeCreateAnswer, HomeDataAnswer, HomeWriteAnswer } from '../../common/api/admin-content';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError } from '../../common/errors/app-error';
import { DomainEvents } from '../../common/events/domain-events';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { AuditTrail } from '../audit/audit-trail.service';
import { VersionKey } from './content-versions.service';
import { HomeBeauticianEndorsement } from './entities/home-beautician-endorsement.entity';
import { HomeCarouselBanner } from './entities/home-carousel-banner.entity';
import { HomeCertificate } from './entities/home-certificate.entity';
import { HomeUserTestimonial } from './entities/home-user-testimonial.entity';

import { HOME_MSG } from '../../common/validation/admin-content';

/** The four sections of the home screen, by the entity and the fields an admin may write. */
export const HOME_SECTIONS = {
  banner: { entity: HomeCarouselBanner, table: 'home_carousel_banner', label: '輪播圖', fields: ['image_url', 'phone_url', 'ctitle', 'description', 'link_url', 'sort_order', 'is_active'] },
  endorsement: { entity: HomeBeauticianEndorsement, table: 'home_beautician_endorsement', label: '美容師推薦', fields: ['image_url', 'sort_order', 'is_active'] },
  testimonial: { entity: HomeUserTestimonial, table: 'home_user_testimonial', label: '用戶見證', fields: ['image_url', 'review', 'sort_order', 'is_active'] },
  certificate: { entity: HomeCertificate, table: 'home_certificate', label: '證書', fields: ['image_url', 'title', 'description', 'sort_order', 'is_active'] },
} as const;
export type HomeSection = keyof typeof HOME_SECTIONS;

/**
 * Home content (spec 3 §7 home content): the admin list of the four sections (active or not) and
 * their create/update/delete. Every write is audited and publishes `content.changed
 * {homeVersion}` after commit: the home answer's cache is dropped and homeVersion bumped, so every
 * shopper's client refreshes once on its next visit.
 */
@Injectable()
export class AdminHomeService {
  constructor(
    private readonly tx: Transactions,
    private readonly audit: AuditTrail,
    private readonly events: DomainEvents,
  ) {}

  async load(): Promise<HomeDataAnswer> {
    const order = { sort_order: 'ASC', id: 'ASC' } as const;
    const [banners, endorsements, testimonials, certificates] = await Promise.all([
      this.tx.repo(HomeCarouselBanner).find({ order }),
      this.tx.repo(HomeBeauticianEndorsement).find({ order }),
      this.tx.repo(HomeUserTestimonial).find({ order }),
      this.tx.repo(HomeCertificate).find({ order }),
    ]);
    return ok({
      home_carousel_banners: banners.map((r): AdminHomeBanner => strip(r)),
      homeBeauticianEndorsements: endorsements.map((r): AdminHomeEndorsement => strip(r)),
      homeUserTestimonials: testimonials.map((r): AdminHomeTestimonial => strip(r)),
      home_certificates: certificates.map((r): AdminHomeCertificate => strip(r)),
    });
  }

  async create(admin: SessionAdmin, section: HomeSection, input: Record<string, unknown>): Promise<HomeCreateAnswer> {
    const def = HOME_SECTIONS[section];
    const values = pick(input, def.fields);
    const newId = await this.tx.run(async () => {
      const res = await this.tx.repo(def.entity as EntityTarget<ObjectLiteral>).insert(values);
      const id = Number(res.identifiers[0]?.id);
      await this.audit.record({ admin, action: `home.${section}.create`, entity: def.table, entityId: id, after: values, summary: `新增${def.label}` });
      await this.changed();
      return id;
    });
    return ok({ newId }, HOME_MSG.created);
  }

  async update(admin: SessionAdmin, section: HomeSection, id: number, input: Record<string, unknown>): Promise<HomeWriteAnswer> {
    const def = HOME_SECTIONS[section];
    const values = pick(input, def.fields);
    await this.tx.run(async () => {
      const repo = this.tx.repo(def.entity as EntityTarget<ObjectLiteral>);
      const row = await repo.findOne({ where: { id } });
      if (!row) throw new AppError(HOME_MSG.failed, HttpStatus.NOT_FOUND);
      const before = pick(row, def.fields);
      if (JSON.stringify(before) === JSON.stringify(values)) return;
      await repo.update({ id }, values);
      await this.audit.record({ admin, action: `home.${section}.update`, entity: def.table, entityId: id, before, after: values, summary: `修改${def.label}` });
      await this.changed();
    });
    return ok({ id }, HOME_MSG.updated);
  }

  async remove(admin: SessionAdmin, section: HomeSection, id: number): Promise<HomeWriteAnswer> {
    const def = HOME_SECTIONS[section];
    await this.tx.run(async () => {
      const repo = this.tx.repo(def.entity as EntityTarget<ObjectLiteral>);
      const row = await repo.findOne({ where: { id } });
      if (!row) throw new AppError(HOME_MSG.deleteFailed, HttpStatus.NOT_FOUND);
      await repo.delete({ id });
      await this.audit.record({ admin, action: `home.${section}.delete`, entity: def.table, entityId: id, before: pick(row, def.fields), summary: `刪除${def.label}` });
      await this.changed();
    });
    return ok({ id }, HOME_MSG.deleted);
  }

  private changed(): Promise<void> {
    return this.events.publish('content.changed', { keys: [VersionKey.home] });
  }
}

function pick(source: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (source[f] !== undefined) out[f] = source[f];
  return out;
}

/** A row without its timestamps. */
function strip<T extends { created_at: Date; updated_at: Date }>(row: T): Omit<T, 'created_at' | 'updated_at'> {
  const { created_at: _c, updated_at: _u, ...rest } = row;
  return rest;
}
