import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatThousands } from '#shared/format.ts';
import { useT } from '../i18n.ts';

type Props = { title: string; days: readonly { day: string; count: number }[] };

/**
 * A count per day as bars (Recharts), with the same figures as a table for screen readers and
 * keyboards: the picture is for the eye, the table says the same in words.
 */
export function DailyChart({ title, days }: Props) {
  const t = useT();
  const titleId = useId();
  const total = days.reduce((sum, day) => sum + day.count, 0);
  return (
    <figure className="console-chart" aria-labelledby={titleId}>
      <figcaption id={titleId}>
        {title} · {t('console.overview.total', { count: formatThousands(total) })}
      </figcaption>
      <div className="console-chart-picture" aria-hidden="true">
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={[...days]} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
            <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} stroke="var(--muted)" fontSize={12} />
            <YAxis allowDecimals={false} stroke="var(--muted)" fontSize={12} />
            <Tooltip contentStyle={{ background: 'var(--bg)', borderColor: 'var(--border)', color: 'var(--fg)' }} />
            <Bar dataKey="count" name={title} fill="var(--accent)" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className="console-chart-table">
        <summary>{t('console.overview.showFigures')}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('console.overview.day')}</th>
              <th scope="col">{t('console.overview.count')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <td>{day.day}</td>
                <td>{formatThousands(day.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
