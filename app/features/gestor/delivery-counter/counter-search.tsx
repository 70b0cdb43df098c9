/**
 * The counter's search (Entrega and Troca; issue 30): a GET form, so a search is a link and
 * works without JavaScript; with it and a camera, "Ler QR code" fills it. The results list the
 * paid sales found, newest first, with what waits at the counter.
 */
import { Form, Link } from "react-router";
import type { z } from "zod";
import type { gestorDelivery } from "#api/contract/gestor/delivery.ts";
import { brazilDateTime } from "#core/dates.ts";
import { formatPickupCode } from "#core/delivery.ts";
import { counted } from "#core/text.ts";
import { gestorButton, gestorInput, gestorLabel, GestorTable } from "../gestor-ui.tsx";
import { QrScanButton } from "./qr-scan-button.tsx";

type FoundSale = z.infer<typeof gestorDelivery.search.reply>["sales"][number];

const SEARCH_INPUT_ID = "busca-balcao";

export function CounterSearchForm({ q, error }: { q: string; error: string | null }) {
  return (
    <Form method="get" className="mb-6 flex flex-wrap items-end gap-3" role="search">
      <div className="min-w-64 flex-1">
        <label htmlFor={SEARCH_INPUT_ID} className={gestorLabel}>
          Código de retirada, CPF, RA ou nome
        </label>
        <input
          id={SEARCH_INPUT_ID}
          name="q"
          defaultValue={q}
          key={q}
          className={gestorInput}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${SEARCH_INPUT_ID}-erro` : undefined}
        />
        {error ? (
          <p id={`${SEARCH_INPUT_ID}-erro`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={gestorButton}>
        Buscar
      </button>
      <QrScanButton inputId={SEARCH_INPUT_ID} />
    </Form>
  );
}

export function CounterSearchResults({
  sales,
  hrefOf,
}: {
  sales: readonly FoundSale[] | null;
  hrefOf: (saleId: string) => string;
}) {
  if (sales === null) return null;
  if (sales.length === 0) return <p>Nenhum pedido pago encontrado para esta busca.</p>;
  return (
    <GestorTable
      caption={`${counted(sales.length, "pedido encontrado", "pedidos encontrados")}`}
      headers={["Pedido", "Código de retirada", "Responsável", "Estudantes", "Pago em", "No balcão"]}
    >
      {sales.map((sale) => (
        <tr key={sale.saleId}>
          <td>
            <Link to={hrefOf(sale.saleId)} className="font-semibold underline">
              {sale.referenceCode}
            </Link>
          </td>
          <td>{sale.pickupCode ? formatPickupCode(sale.pickupCode) : "—"}</td>
          <td>{sale.customerName}</td>
          <td>{sale.studentNames.join(", ")}</td>
          <td>{brazilDateTime(sale.paidAt).date}</td>
          <td>
            {counted(sale.toHandOver, "item para entregar", "itens para entregar")}
            {sale.awaiting > 0 ? ` · ${sale.awaiting} aguardando separação` : ""}
          </td>
        </tr>
      ))}
    </GestorTable>
  );
}
