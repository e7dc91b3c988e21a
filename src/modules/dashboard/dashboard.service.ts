import { Injectable } from '@nestjs/common';
import type { AdminDashboard, AdminDashboardAnswer } from '../../common/api/admin-dashboard';
import { ok } from '../../common/http/envelope';
import { TAIPEI_OFFSET_MS, taipeiToday, taipeiYearMonth } from '../../common/time/taipei-time';
import { CatalogStatsService } from '../catalog/catalog-stats.service';
import { OrderStatsService, type TimeRange } from '../orders/order-stats.service';

const DAY_MS = 24 * 3600_000;
/** Days in the revenue chart, today included. */
export const DASHBOARD_DAYS = 30;
/** A variant is low on stock at this quantity or less. */
export const LOW_STOCK_THRESHOLD = 5;
const TOP_PRODUCTS = 10;
const LOW_STOCK_LIST = 50;

/** The Taipei calendar days of the chart (oldest first, today last) as UTC instants, and this Taipei month. */
export function taipeiPeriods(now: Date, days = DASHBOARD_DAYS): { days: Array<TimeRange & { date: string }>; month: TimeRange } {
  // Taipei has no daylight saving: a Taipei day is exactly [local midnight − 8 h, + 24 h) in UTC.
  const todayStart = Math.floor((now.getTime() + TAIPEI_OFFSET_MS) / DAY_MS) * DAY_MS - TAIPEI_OFFSET_MS;
  const out: Array<TimeRange & { date: string }> = [];
  for (let i = days - 1; i >= 0; i--) {
    const from = todayStart - i * DAY_MS;
    out.push({ date: taipeiToday(new Date(from)), from: new Date(from), to: new Date(from + DAY_MS) });
  }
  const { year, month } = taipeiYearMonth(now);
  return {
    days: out,
    month: { from: new Date(Date.UTC(year, month, 1) - TAIPEI_OFFSET_MS), to: new Date(Date.UTC(year, month + 1, 1) - TAIPEI_OFFSET_MS) },
  };
}

/**
 * The back-office home for owners and staff: today's and this month's paid revenue, the last 30
 * days' revenue, orders per status, this month's best sellers and the low-stock variants. Each
 * part is an SQL aggregate of the module that owns the table (orders, catalogue).
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly orders: OrderStatsService,
    private readonly catalog: CatalogStatsService,
  ) {}

  async dashboard(now: Date = new Date()): Promise<AdminDashboardAnswer> {
    const periods = taipeiPeriods(now);
    const today = periods.days[periods.days.length - 1];
    const [revenue, statuses, topProducts, lowStock] = await Promise.all([
      // One query: the month, then each day of the chart (today is the last).
      this.orders.paidRevenue([periods.month, ...periods.days]),
      this.orders.countByStatus(),
      this.orders.topProducts(periods.month, TOP_PRODUCTS),
      this.catalog.lowStock(LOW_STOCK_THRESHOLD, LOW_STOCK_LIST),
    ]);
    const [month, ...daily] = revenue;
    const dashboard: AdminDashboard = {
      today: today.date,
      month: today.date.slice(0, 7),
      generatedAt: now.toISOString(),
      revenue: { today: daily[daily.length - 1], month },
      daily: periods.days.map((d, i) => ({ date: d.date, ...daily[i] })),
      statuses,
      topProducts,
      lowStock: { threshold: LOW_STOCK_THRESHOLD, ...lowStock },
    };
    return ok({ dashboard });
  }
}
