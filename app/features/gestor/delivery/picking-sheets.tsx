/**
 * The unit's paper (issue 30): a picking list, one sheet per student's bag (name, grade, class,
 * order, pickup code and a box per item to tick on the shelf), and labels for the bags, several
 * to a sheet. Only the lines of the person's units still to hand over: the rest is another
 * unit's shelf, or already with the family.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PICKING_LIST_MAX, type DeliveryBag } from "#api/contract/gestor/delivery.ts";
import { formatPickupCode, PENDING_DELIVERY_STATES } from "#core/delivery.ts";
import { counted } from "#core/text.ts";
import { PrintButton } from "#app/ui/print-button.tsx";
import { GESTOR_PATHS } from "../gestor-paths.ts";

/** The bag's lines this unit hands over. */
export const shelfLines = (bag: DeliveryBag) =>
  bag.lines.filter((line) => !line.otherUnit && (PENDING_DELIVERY_STATES as readonly string[]).includes(line.state));

const gradeAndClass = (bag: DeliveryBag) =>
  `${bag.gradeLabel ?? "Sem série no cadastro"}${bag.turma ? ` · Turma ${bag.turma}` : ""}`;

/** The page around the sheets: a way back and "Imprimir" (the browser's print command without JavaScript). */
export function PrintFrame({
  title,
  testId,
  empty,
  problem,
  shown,
  total,
  children,
}: {
  title: string;
  testId: string;
  empty: boolean;
  /** Why nothing is printed, when the address asked too much. */
  problem: string | null;
  /** Bags printed and bags asked for (a class larger than one print). */
  shown: number;
  total: number;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-4xl bg-white p-6 text-slate-900 print:max-w-none print:p-0" data-testid={testId}>
      <header className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <h1 className="text-xl font-bold">{title}</h1>
        <div className="flex items-center gap-3">
          <Link to={GESTOR_PATHS.separation} className="font-semibold underline">
            Voltar à separação
          </Link>
          <PrintButton />
        </div>
        <p className="w-full text-sm text-slate-600">
          Para imprimir, use o botão ou o comando de impressão do navegador (Ctrl+P).
        </p>
      </header>
      {total > shown && !empty ? (
        <p role="status" className="mb-4 font-semibold print:hidden">
          Esta impressão traz as primeiras {shown} de {total} sacolas (no máximo {PICKING_LIST_MAX} por vez). Marque as
          demais na separação para imprimi-las.
        </p>
      ) : null}
      {problem ? (
        <p role="alert">{problem}</p>
      ) : empty ? (
        <p role="alert">
          Nenhuma sacola escolhida, ou nenhuma com itens da sua unidade a entregar. Volte à separação e marque as
          sacolas.
        </p>
      ) : (
        children
      )}
    </main>
  );
}

export function PickingSheet({ bag }: { bag: DeliveryBag }) {
  const lines = shelfLines(bag);
  const elsewhere = bag.lines.some((line) => line.otherUnit);
  return (
    <section
      aria-label={`Lista de separação de ${bag.studentName}`}
      data-testid="picking-sheet"
      className="mb-8 break-after-page border-b border-dashed border-slate-300 pb-6 last:break-after-auto print:border-0"
    >
      <p className="text-sm text-slate-600">Lista de separação · Pedido {bag.referenceCode}</p>
      <h2 className="text-2xl font-bold">{bag.studentName}</h2>
      <p className="text-lg">{gradeAndClass(bag)}</p>
      <p className="mt-1">
        {bag.studentRA ? `RA ${bag.studentRA} · ` : ""}Responsável: {bag.customerName}
        {bag.pickupCode ? (
          <>
            {" "}
            · Código de retirada <strong className="text-lg">{formatPickupCode(bag.pickupCode)}</strong>
          </>
        ) : null}
      </p>
      <table className="mt-4 w-full border-collapse text-left">
        <thead>
          <tr className="border-b-2 border-slate-800">
            <th scope="col" className="w-12 py-1">
              <span className="sr-only">Separado</span>
            </th>
            <th scope="col" className="w-16 py-1">
              Qtd.
            </th>
            <th scope="col" className="py-1">
              Item
            </th>
            <th scope="col" className="w-32 py-1">
              Tamanho
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} className="border-b border-slate-300" data-testid="picking-line">
              <td className="py-2 text-2xl leading-none" aria-label="caixa para marcar">
                ☐
              </td>
              <td className="py-2 font-bold">{line.quantity}</td>
              <td className="py-2">{line.title}</td>
              <td className="py-2">{line.optionValue ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {elsewhere ? (
        <p className="mt-2 text-sm text-slate-600">Este pedido tem outros itens, retirados em outra unidade.</p>
      ) : null}
    </section>
  );
}

export function BagLabel({ bag }: { bag: DeliveryBag }) {
  const pieces = shelfLines(bag).reduce((sum, line) => sum + line.quantity, 0);
  return (
    <div data-testid="bag-label" className="break-inside-avoid rounded border-2 border-slate-800 p-3">
      <p className="text-lg leading-tight font-bold">{bag.studentName}</p>
      <p>{gradeAndClass(bag)}</p>
      {bag.pickupCode ? <p className="text-xl font-bold tracking-wider">{formatPickupCode(bag.pickupCode)}</p> : null}
      <p className="text-sm">
        {counted(pieces, "item", "itens")} · Pedido {bag.referenceCode}
      </p>
    </div>
  );
}
