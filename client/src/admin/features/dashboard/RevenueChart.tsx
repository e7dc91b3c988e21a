import type { DashboardDay } from '@api/admin-dashboard';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { palette } from '../../../app/theme';
import { monthDay, ntd, ntdShort } from './format';

interface TipProps {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: DashboardDay }>;
}

function DayTip({ active, payload }: TipProps) {
  const day = active ? payload?.[0]?.payload : undefined;
  if (!day) return null;
  return (
    <div className="ss-dash-tip">
      <div className="ss-dash-tip-date">{day.date}</div>
      <div>{ntd(day.amount)}</div>
      <div className="ss-admin-muted">{day.orders} 筆已付款訂單</div>
    </div>
  );
}

/** Paid revenue per Taipei day (bars), oldest first. */
export function RevenueChart({ days, compact }: { days: DashboardDay[]; compact: boolean }) {
  const total = days.reduce((s, d) => s + d.amount, 0);
  return (
    <figure className="ss-dash-chart" aria-label={`近 ${days.length} 天營收長條圖，合計 ${ntd(total)}`}>
      <ResponsiveContainer width="100%" height={compact ? 220 : 280}>
        <BarChart data={days} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid vertical={false} stroke="#f0e6de" />
          <XAxis dataKey="date" tickFormatter={monthDay} tick={{ fontSize: 12, fill: '#736560' }} interval={compact ? 6 : 2} tickLine={false} axisLine={{ stroke: '#e5d8ce' }} />
          <YAxis tickFormatter={ntdShort} tick={{ fontSize: 12, fill: '#736560' }} width={compact ? 44 : 60} tickLine={false} axisLine={false} allowDecimals={false} />
          <Tooltip content={<DayTip />} cursor={{ fill: 'rgba(176, 125, 98, 0.08)' }} />
          <Bar dataKey="amount" name="營收" fill={palette.rose} radius={[3, 3, 0, 0]} maxBarSize={28} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

export default RevenueChart;
