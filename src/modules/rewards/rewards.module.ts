import { Module } from '@nestjs/common';
import { MemberNoticesModule } from '../member-notices/member-notices.module';
import { AdminMemberPointsController, AdminTiersController } from './admin-rewards.controller';
import { OrdersPort } from './orders-port';
import { PointsEvents } from './points-events.service';
import { PointsJobs, PointsJobsProcessor } from './points-jobs.service';
import { PointsLedger } from './points-ledger';
import { PointsService } from './points.service';
import { RewardsSettings } from './rewards-settings.service';
import { ShopPointsController } from './shop-points.controller';
import { TierEvaluation } from './tier-evaluation.service';
import { TiersAdmin } from './tiers-admin.service';

/**
 * Member rewards (issue 21, spec 4 §3–§9): the 購物金 ledger (points_ledger, member_points), tiers
 * and the points rules (member_tiers, points_rules), /api/member/points, the admin member's points
 * and /api/admin/tiers, the points jobs. Orders and promotions import it (checkout spends points in
 * the order's transaction; the quote reads the balance and tier); it reads orders through the
 * orders module's exported services at run time (OrdersPort) and hears orders, registrations and
 * reviews through domain events (PointsEvents).
 */
@Module({
  imports: [MemberNoticesModule],
  controllers: [ShopPointsController, AdminMemberPointsController, AdminTiersController],
  providers: [PointsLedger, PointsService, RewardsSettings, OrdersPort, TierEvaluation, PointsEvents, PointsJobs, PointsJobsProcessor, TiersAdmin],
  exports: [PointsService, RewardsSettings],
})
export class RewardsModule {}
