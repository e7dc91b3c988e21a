import type { Envelope } from './envelope';

/**
 * The back-office dashboard (issue 12 "beyond the spec"): `GET /api/admin/dashboard`, owners and
 * staff. Money in integer NT$; days are Asia/Taipei calendar days. Types only.
 */

/** Paid revenue of a period: Σ (total − refunded) of the orders paid in it (payment status 已付款). */
export interface DashboardRevenue {
  amount: number;
  /** How many orders were paid in the period. */
  orders: number;
}

/** One Taipei day of the revenue chart. */
export interface DashboardDay {
  /** YYYY-MM-DD (Taipei). */
  date: string;
  amount: number;
  orders: number;
}

/** Orders in one status (every status code, in display order, zero included). */
export interface DashboardStatusCount {
  status_name: string;
  status_label: string;
  color: string;
  count: number;
}

/** A product's sales this month: items of the orders placed this Taipei month and not cancelled. */
export interface DashboardTopProduct {
  product_id: number;
  /** The title as last sold (order lines keep the title of their checkout). */
  title: string;
  quantity: number;
  /** Σ price × quantity of those lines (NT$). */
  amount: number;
}

/** A variant of a listed product whose stock is at or below the threshold. */
export interface DashboardLowStockVariant {
  product_id: number;
  title: string;
  variant_id: number;
  variant_name: string;
  quantity: number;
}

export interface AdminDashboard {
  /** Today in Taipei, YYYY-MM-DD. */
  today: string;
  /** This Taipei month, YYYY-MM. */
  month: string;
  /** When the numbers were computed (ISO 8601, UTC). */
  generatedAt: string;
  revenue: { today: DashboardRevenue; month: DashboardRevenue };
  /** The last 30 Taipei days, oldest first, today last; days without sales are 0. */
  daily: DashboardDay[];
  statuses: DashboardStatusCount[];
  /** At most 10, most sold first. */
  topProducts: DashboardTopProduct[];
  lowStock: {
    /** A variant is low at `quantity ≤ threshold` (5). */
    threshold: number;
    /** Every low variant of a listed product (the list may be shorter). */
    total: number;
    /** At most 50, lowest stock first. */
    variants: DashboardLowStockVariant[];
  };
}

export type AdminDashboardAnswer = Envelope<{ dashboard: AdminDashboard }>;
