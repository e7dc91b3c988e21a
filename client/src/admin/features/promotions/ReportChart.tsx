import type { PromotionReportDay } from '@api/promotions';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { palette } from '../../../app/theme';
import { monthDay, ntdShort } from '../dashboard/format';
import { ntd } from './promotionText';

interface TipProps {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: PromotionReportDay }>;
}

function DayTip({ active, payload }: TipProps) {
  const day = active ? payload?.[0]?.payload : undefined;
  if (!day) return null;
  return (
    <div className="ss-promo-tip">
      <div className="ss-promo-tip-date">{day.date}</div>
      <div>營收 {ntd(day.revenue)}</div>
      <div>折扣 {ntd(day.discountTotal)}</div>
      <div className="ss-admin-muted">{day.orders} 筆訂單</div>
    </div>
  );
}

/** A promotion's days (Taipei dates): revenue as bars, the discount given as a line. */
export function ReportChart({ days, compact }: { days: PromotionReportDay[]; compact: boolean }) {
  const revenue = days.reduce((s, d) => s + d.revenue, 0);
  return (
    <figure className="ss-promo-chart" aria-label={`每日營收與折扣圖，共 ${days.length} 天，營收合計 ${ntd(revenue)}`}>
      <ResponsiveContainer width="100%" height={compact ? 220 : 260}>
        <ComposedChart data={days} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid vertical={false} stroke="#f0e6de" />
          <XAxis dataKey="date" tickFormatter={monthDay} tick={{ fontSize: 12, fill: '#736560' }} tickLine={false} axisLine={{ stroke: '#e5d8ce' }} minTickGap={12} />
          <YAxis tickFormatter={ntdShort} tick={{ fontSize: 12, fill: '#736560' }} width={compact ? 44 : 60} tickLine={false} axisLine={false} allowDecimals={false} />
          <Tooltip content={<DayTip />} cursor={{ fill: 'rgba(176, 125, 98, 0.08)' }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="revenue" name="營收" fill={palette.rose} radius={[3, 3, 0, 0]} maxBarSize={28} />
          <Line dataKey="discountTotal" name="折扣" stroke={palette.sage} strokeWidth={2} dot={false} type="monotone" />
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}

export default ReportChart;
