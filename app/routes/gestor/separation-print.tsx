import { pickingPage } from "#app/features/gestor/delivery/delivery.server.ts";
import { PickingSheet, PrintFrame, shelfLines } from "#app/features/gestor/delivery/picking-sheets.tsx";
import type { Route } from "./+types/separation-print";

export const meta = () => [
  { title: "Lista de separação | Gestor | Loja Escolar" },
  { name: "robots", content: "noindex, nofollow" },
];

/** /gestor/separacao/imprimir?sacolas=…: one sheet per student's bag, outside the area's layout (paper). */
export const loader = ({ request }: Route.LoaderArgs) => pickingPage(request);

export default function SeparationPrint({ loaderData }: Route.ComponentProps) {
  const bags = loaderData.bags.filter((bag) => shelfLines(bag).length > 0);
  return (
    <PrintFrame
      title="Lista de separação"
      testId="picking-list"
      empty={bags.length === 0}
      problem={loaderData.problem}
      shown={loaderData.bags.length}
      total={loaderData.total}
    >
      {bags.map((bag) => (
        <PickingSheet key={bag.id} bag={bag} />
      ))}
    </PrintFrame>
  );
}
