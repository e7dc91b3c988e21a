import { HttpStatus, Injectable } from '@nestjs/common';
import type { AdminTiersAnswer } from '../../common/api/rewards';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { AuditTrail } from '../audit/audit-trail.service';
import { RewardsSettings } from './rewards-settings.service';
import { REWARDS_MSG, ruleErrors, tierErrors } from './rewards-rules';

/**
 * /admin/tiers (owner): the tiers and the points rules, saved together, every rule checked at once
 * (400 請檢查表單欄位 with errors[] per field, like the promotion save), audited in the same transaction.
 * A changed tier takes effect for members at their next evaluation (an order completed or refunded,
 * or the daily run).
 */
@Injectable()
export class TiersAdmin {
  constructor(
    private readonly tx: Transactions,
    private readonly settings: RewardsSettings,
    private readonly audit: AuditTrail,
  ) {}

  async get(): Promise<AdminTiersAnswer> {
    const [tiers, rules] = await Promise.all([this.settings.tiers(), this.settings.rules()]);
    return ok({ tiers, rules });
  }

  async save(admin: SessionAdmin, body: Record<string, unknown>): Promise<AdminTiersAnswer> {
    const t = tierErrors(body.tiers);
    const r = ruleErrors(body.rules);
    const errors = [...t.errors, ...r.errors];
    if (errors.length > 0) throw new AppError(REWARDS_MSG.checkFields, HttpStatus.BAD_REQUEST, { errors });
    const [beforeTiers, beforeRules] = await Promise.all([this.settings.tiers(), this.settings.rules()]);
    await this.tx.run(async () => {
      await this.settings.replace(t.tiers, r.rules);
      await this.audit.record({
        admin,
        action: 'tiers.update',
        entity: 'tiers',
        entityId: 1,
        changes: {
          tiers: [beforeTiers.map((x) => `${x.name} ${x.threshold}/${x.earn_rate}%/${x.discount_percent}%`).join('、'), t.tiers.map((x) => `${x.name} ${x.threshold}/${x.earn_rate}%/${x.discount_percent}%`).join('、')],
          ...Object.fromEntries(Object.entries(r.rules).map(([k, v]) => [k, [beforeRules[k as keyof typeof beforeRules], v]])),
        },
        summary: '更新會員等級與購物金規則',
      });
    });
    await this.settings.drop();
    return { ...(await this.get()), message: REWARDS_MSG.saved };
  }
}
