import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { In, Not } from 'typeorm';
import type { PointsRulesView, TierView } from '../../common/api/rewards';
import { ReadCache } from '../../common/cache/read-cache.service';
import { Transactions } from '../../common/transactions/transactions';
import { isDuplicateKey } from '../../database/db-dialect';
import { APP_CONFIG, type AppConfig, type RewardsConfig } from '../../config/app-config';
import { MemberPoints } from './entities/member-points.entity';
import { MemberTier } from './entities/member-tier.entity';
import { PointsRules } from './entities/points-rules.entity';
import { DEFAULT_TIERS, sortTiers, type RuleField, type TierInput } from './rewards-rules';

const CACHE = 'rewards:settings';
const CACHE_SECONDS = 30;

/** The env defaults when the config has no `rewards` (older test configs). */
export const REWARDS_DEFAULTS: RewardsConfig = {
  maxPercent: 30,
  expireMonths: 12,
  welcomePoints: 0,
  birthdayPoints: 100,
  reviewPoints: 20,
  reviewPhotoPoints: 50,
  expiryEveryMs: 3_600_000,
  birthdayEveryMs: 3_600_000,
  tierEveryMs: 86_400_000,
};

export function rewardsConfigOf(config: AppConfig): RewardsConfig {
  return { ...REWARDS_DEFAULTS, ...((config as { rewards?: Partial<RewardsConfig> }).rewards ?? {}) };
}

/**
 * 會員等級 and the points rules (spec 4 §9, /admin/tiers): read often (every quote), so kept
 * CACHE_SECONDS and dropped on every save (here and in the other processes, ReadCache).
 * The default three tiers are created at first use when the table is empty (and at start-up), not
 * by a migration: fixed ids 1–3, so two processes starting at once create them once.
 */
@Injectable()
export class RewardsSettings implements OnApplicationBootstrap {
  private readonly logger = new Logger('RewardsSettings');
  readonly env: RewardsConfig;

  constructor(
    private readonly tx: Transactions,
    private readonly cache: ReadCache,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.env = rewardsConfigOf(config);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureDefaults().catch((err: Error) => this.logger.warn(`default tiers not created: ${err.message}`));
  }

  /** The tiers by threshold (the defaults created when there are none). */
  async tiers(): Promise<TierView[]> {
    return (await this.load()).tiers;
  }

  /** The effective points rules (the owner's, else the env defaults). */
  async rules(): Promise<PointsRulesView> {
    return (await this.load()).rules;
  }

  private load(): Promise<{ tiers: TierView[]; rules: PointsRulesView }> {
    return this.cache.getOrLoad(
      CACHE,
      async () => {
        let rows = await this.tx.repo(MemberTier).find();
        if (rows.length === 0) {
          await this.ensureDefaults();
          rows = await this.tx.repo(MemberTier).find();
        }
        const row = await this.tx.repo(PointsRules).findOne({ where: { id: 1 } });
        return { tiers: sortTiers(rows.map(tierView)), rules: this.rulesOf(row) };
      },
      CACHE_SECONDS,
    );
  }

  private rulesOf(row: PointsRules | null): PointsRulesView {
    const e = this.env;
    return {
      max_percent: row?.max_percent ?? e.maxPercent,
      expire_months: row?.expire_months ?? e.expireMonths,
      welcome_points: row?.welcome_points ?? e.welcomePoints,
      birthday_points: row?.birthday_points ?? e.birthdayPoints,
      review_points: row?.review_points ?? e.reviewPoints,
      review_photo_points: row?.review_photo_points ?? e.reviewPhotoPoints,
    };
  }

  /** Inserts the spec's three tiers when the table is empty (a duplicate id: another process did). */
  async ensureDefaults(): Promise<void> {
    const repo = this.tx.repo(MemberTier);
    if ((await repo.count()) > 0) return;
    try {
      await repo.insert(DEFAULT_TIERS.map((t, i) => ({ id: i + 1, ...t })));
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /**
   * Replaces the tiers (rows kept by id, new ones inserted, missing ones deleted: their members
   * fall back to the base tier until the next evaluation) and the rules' given fields. Caller's
   * transaction; the cache is dropped after commit.
   */
  async replace(tiers: readonly TierInput[], rules: Partial<Record<RuleField, number | null>>): Promise<void> {
    const repo = this.tx.repo(MemberTier);
    const existing = new Set((await repo.find({ select: { id: true } })).map((t) => t.id));
    const kept: number[] = [];
    for (const [i, t] of tiers.entries()) {
      const values = { name: t.name, threshold: t.threshold, earn_rate: t.earn_rate, discount_percent: t.discount_percent, sort_order: i };
      if (t.id !== undefined && existing.has(t.id)) {
        await repo.update({ id: t.id }, values);
        kept.push(t.id);
      } else {
        const saved = await repo.save(repo.create(values));
        kept.push(saved.id);
      }
    }
    await repo.delete({ id: Not(In(kept)) });
    await this.tx.repo(MemberPoints).createQueryBuilder().update(MemberPoints).set({ tier_id: null }).where('tier_id IS NOT NULL AND tier_id NOT IN (:...kept)', { kept }).execute();
    if (Object.keys(rules).length > 0) {
      const rulesRepo = this.tx.repo(PointsRules);
      const row = await rulesRepo.findOne({ where: { id: 1 } });
      if (row) await rulesRepo.update({ id: 1 }, rules);
      else await rulesRepo.insert({ id: 1, ...rules });
    }
    this.tx.afterCommit(() => this.cache.invalidate(CACHE));
  }

  /** Drops the cached tiers and rules now (tests, a save outside a transaction). */
  drop(): Promise<void> {
    return this.cache.invalidate(CACHE);
  }
}

function tierView(t: MemberTier): TierView {
  return { id: t.id, name: t.name, threshold: t.threshold, earn_rate: t.earn_rate, discount_percent: t.discount_percent, sort_order: t.sort_order };
}
