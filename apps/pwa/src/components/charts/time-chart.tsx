import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** One series of a chart: the point's field it draws, its legend name and its colour. */
export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

/**
 * A bar chart over days (recharts). Only loaded through LazyTimeChart, so recharts stays out of a route's own
 * chunk. The chart is a picture of figures the screen also lists as text: screen readers get its label, and the
 * axis ticks use the screen's short amount form.
 */
export default function TimeChart({
  points,
  series,
  formatValue,
  rtl,
}: {
  points: readonly Record<string, string | number>[];
  series: readonly ChartSeries[];
  formatValue: (value: number) => string;
  rtl: boolean;
}) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={[...points]} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" reversed={rtl} tick={{ fontSize: 11 }} />
        <YAxis orientation={rtl ? 'right' : 'left'} tickFormatter={formatValue} tick={{ fontSize: 11 }} width={64} />
        <Tooltip formatter={(value) => (typeof value === 'number' ? formatValue(value) : String(value))} />
        <Legend />
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
