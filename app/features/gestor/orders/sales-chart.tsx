/**
 * Paid sales per day over the last 30 days as an SVG drawn on the server (issue 15: readable
 * without JavaScript). Screen readers get its name and description, and everybody the same
 * figures in the table under it. No <title> elements: React hoists them into the document's
 * head when it renders on the server.
 */
import { formatBRL } from "#core/money.ts";
import { formatCalendarDate } from "#core/dates.ts";
import { GestorTable } from "../gestor-ui.tsx";

interface Day {
  date: string;
  count: number;
  total: number;
}

const WIDTH = 720;
const HEIGHT = 200;
const LEFT = 8;
const BOTTOM = 24;
const TOP = 20;

/** "dd/mm" of a "YYYY-MM-DD". */
const dayMonth = (date: string) => formatCalendarDate(date).slice(0, 5);

export function SalesChart({ days }: { days: readonly Day[] }) {
  const max = Math.max(...days.map((day) => day.total), 0);
  const slot = (WIDTH - LEFT * 2) / Math.max(days.length, 1);
  const barHeight = (total: number) => (max === 0 ? 0 : ((HEIGHT - TOP - BOTTOM) * total) / max);
  const first = days[0];
  const last = days.at(-1);
  const sum = days.reduce((total, day) => total + day.total, 0);
  const count = days.reduce((total, day) => total + day.count, 0);
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Vendas pagas por dia, últimos ${days.length} dias`}
        aria-describedby="grafico-vendas-descricao"
        className="h-auto w-full max-w-3xl rounded border border-slate-200 bg-white"
        data-testid="sales-chart"
      >
        <desc id="grafico-vendas-descricao">
          {first && last
            ? `De ${formatCalendarDate(first.date)} a ${formatCalendarDate(last.date)}: ${count} vendas, ${formatBRL(sum)}; o maior dia somou ${formatBRL(max)}. Os números de cada dia estão na tabela a seguir.`
            : "Sem dias para mostrar."}
        </desc>
        <text x={LEFT} y={14} className="fill-slate-600 text-[11px]">
          Máximo: {formatBRL(max)}
        </text>
        <line x1={LEFT} x2={WIDTH - LEFT} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="stroke-slate-400" />
        {days.map((day, i) => {
          const height = barHeight(day.total);
          const x = LEFT + i * slot;
          return (
            <g key={day.date}>
              <rect
                x={x + 2}
                y={HEIGHT - BOTTOM - height}
                width={Math.max(slot - 4, 1)}
                height={height}
                className="fill-slate-700"
              />
              {i % 5 === 0 || i === days.length - 1 ? (
                <text x={x + slot / 2} y={HEIGHT - 8} textAnchor="middle" className="fill-slate-600 text-[10px]">
                  {dayMonth(day.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details>
        <summary className="cursor-pointer font-semibold text-slate-800">Ver os números de cada dia</summary>
        <div className="mt-2">
          <GestorTable caption="Vendas pagas por dia" headers={["Dia", "Vendas", "Total"]}>
            {days.map((day) => (
              <tr key={day.date}>
                <td>{formatCalendarDate(day.date)}</td>
                <td>{day.count}</td>
                <td>{formatBRL(day.total)}</td>
              </tr>
            ))}
          </GestorTable>
        </div>
      </details>
    </figure>
  );
}
