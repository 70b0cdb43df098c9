/**
 * The Painel (docs/decisions/0030-gestor-orders.md): what sold today and this week, what is
 * still to be paid, the tickets waiting for an answer, and 30 days of sales.
 */
import { Link } from "react-router";
import type { PeriodFigures } from "#api/contract/gestor/sales.ts";
import { LOW_STOCK_THRESHOLD } from "#api/contract/gestor/stock.ts";
import { paymentMethodLabel } from "#core/sales.ts";
import { formatCalendarDate } from "#core/dates.ts";
import { formatBRL } from "#core/money.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { useUnitLabel } from "../unit-options.ts";
import { gestorCard, GestorTable } from "../gestor-ui.tsx";

const salesCount = (count: number) => (count === 1 ? "1 venda" : `${count} vendas`);

function Period({ title, figures, id }: { title: string; figures: PeriodFigures; id: string }) {
  const unitLabel = useUnitLabel();
  return (
    <section aria-labelledby={id} className={`${gestorCard} flex flex-col gap-3`}>
      <h2 id={id} className="text-base font-bold text-slate-900">
        {title}
      </h2>
      <p className="text-2xl font-bold text-slate-900" data-testid={`${id}-total`}>
        {formatBRL(figures.total)}{" "}
        <span className="text-sm font-normal text-slate-700">em {salesCount(figures.count)}</span>
      </p>
      <GestorTable
        caption={`${title}: por forma de pagamento`}
        headers={["Forma de pagamento", "Vendas", "Total"]}
        empty={figures.byMethod.length === 0 ? "Nenhuma venda paga no período." : null}
      >
        {figures.byMethod.map((row) => (
          <tr key={row.paymentMethodCode}>
            <td>{paymentMethodLabel(row.paymentMethodCode)}</td>
            <td>{row.count}</td>
            <td>{formatBRL(row.total)}</td>
          </tr>
        ))}
      </GestorTable>
      {figures.byUnit.length > 0 ? (
        <GestorTable caption={`${title}: por unidade`} headers={["Unidade", "Vendas", "Valor dos itens"]}>
          {figures.byUnit.map((row) => (
            <tr key={row.unitCode}>
              <td>{unitLabel(row.unitCode)}</td>
              <td>{row.count}</td>
              <td>{formatBRL(row.total)}</td>
            </tr>
          ))}
        </GestorTable>
      ) : null}
    </section>
  );
}

export function DashboardFigures({
  today,
  week,
  pending,
  openTickets,
  failedMessages,
}: {
  today: PeriodFigures;
  week: PeriodFigures;
  pending: { boleto: { count: number; total: number }; pix: { count: number; total: number } };
  openTickets: number;
  /** E-mails and WhatsApp messages failed in the last day (issue 31); absent from an older API. */
  failedMessages?: number;
}) {
  return (
    <>
      <p className="mb-3 text-slate-700">
        Vendas são compras pagas (pagamento confirmado, inclusive as gratuitas), contadas no dia da confirmação, no
        horário de Brasília. Boletos e Pix ainda não pagos aparecem à parte; compras estornadas, canceladas ou expiradas
        não contam. Por unidade, o valor é o dos itens de cada unidade, antes do desconto de cupom.
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Period title="Hoje" figures={today} id="painel-hoje" />
        <Period title={`Esta semana (desde ${formatCalendarDate(week.since)})`} figures={week} id="painel-semana" />
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        {(
          [
            ["Boletos aguardando pagamento", pending.boleto],
            ["Pix aguardando pagamento", pending.pix],
          ] as const
        ).map(([title, figures]) => (
          <section key={title} className={gestorCard} aria-label={title}>
            <h2 className="font-semibold text-slate-800">{title}</h2>
            <p className="mt-1 text-lg font-bold text-slate-900">
              {figures.count} · {formatBRL(figures.total)}
            </p>
            <Link
              to={`${GESTOR_PATHS.orders}?status=pending&method=${title.startsWith("Boletos") ? "0" : "3"}`}
              className="text-slate-900 underline"
            >
              Ver os pedidos
            </Link>
          </section>
        ))}
        <section className={gestorCard} aria-label="Atendimento">
          <h2 className="font-semibold text-slate-800">Mensagens do Fale conosco em aberto</h2>
          <p className="mt-1 text-lg font-bold text-slate-900">{openTickets}</p>
          <Link to={GESTOR_PATHS.tickets} className="text-slate-900 underline">
            Ir para o Atendimento
          </Link>
        </section>
        {failedMessages === undefined ? null : (
          <section className={gestorCard} aria-label="Mensagens com falha">
            <h2 className="font-semibold text-slate-800">Mensagens com falha (últimas 24 h)</h2>
            <p className="mt-1 text-lg font-bold text-slate-900">{failedMessages}</p>
            <Link to={GESTOR_PATHS.failedMessages} className="text-slate-900 underline">
              Ver as mensagens
            </Link>
          </section>
        )}
      </div>
    </>
  );
}

/** Estoque's counts (issue 28), each a link to the list filtered the same way. */
export function StockCounts({ lowStock, fullClasses }: { lowStock: number; fullClasses: number }) {
  const counts = [
    ["Itens com estoque baixo", lowStock, `${GESTOR_PATHS.stock}?low=1`, `${LOW_STOCK_THRESHOLD} ou menos disponíveis`],
    ["Turmas lotadas", fullClasses, `${GESTOR_PATHS.stock}?full=1`, "nenhuma vaga disponível"],
  ] as const;
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-3">
      {counts.map(([title, count, to, meaning]) => (
        <section key={title} className={gestorCard} aria-label={title}>
          <h2 className="font-semibold text-slate-800">{title}</h2>
          <p className="mt-1 text-lg font-bold text-slate-900">{count}</p>
          <p className="text-sm text-slate-600">{meaning}</p>
          <Link to={to} className="text-slate-900 underline">
            Ver no estoque
          </Link>
        </section>
      ))}
    </div>
  );
}
