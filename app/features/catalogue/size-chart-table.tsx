import type { SizeChart } from "#api/contract/catalogue.ts";

/**
 * A size chart ("Tabela de medidas", issue 28) as a table: the first cell of each row names its
 * size. One home for the shop's product page (product-options.tsx) and the gestor's preview of
 * what the shop will show (product-options-form.tsx).
 */
export function SizeChartTable({ chart, caption }: { chart: SizeChart; caption?: string }) {
  return (
    <table className="w-full text-left text-sm">
      {caption ? <caption className="text-left font-semibold text-slate-700">{caption}</caption> : null}
      <thead>
        <tr>
          {chart.columns.map((column, index) => (
            <th key={index} scope="col" className="border-b border-slate-200 px-2 py-1 font-semibold">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {chart.rows.map((row, rowIndex) => (
          <tr key={rowIndex}>
            {row.map((cell, index) =>
              index === 0 ? (
                <th key={index} scope="row" className="border-b border-slate-100 px-2 py-1 font-semibold">
                  {cell}
                </th>
              ) : (
                <td key={index} className="border-b border-slate-100 px-2 py-1">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
