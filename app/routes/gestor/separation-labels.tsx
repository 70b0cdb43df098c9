import { pickingPage } from "#app/features/gestor/delivery/delivery.server.ts";
import { BagLabel, PrintFrame, shelfLines } from "#app/features/gestor/delivery/picking-sheets.tsx";
import type { Route } from "./+types/separation-labels";

export const meta = () => [
  { title: "Etiquetas | Gestor | Loja Escolar" },
  { name: "robots", content: "noindex, nofollow" },
];

/** /gestor/separacao/etiquetas?sacolas=…: a label per bag, three to a row, outside the area's layout. */
export const loader = ({ request }: Route.LoaderArgs) => pickingPage(request);

export default function SeparationLabels({ loaderData }: Route.ComponentProps) {
  const bags = loaderData.bags.filter((bag) => shelfLines(bag).length > 0);
  return (
    <PrintFrame
      title="Etiquetas"
      testId="bag-labels"
      empty={bags.length === 0}
      problem={loaderData.problem}
      shown={loaderData.bags.length}
      total={loaderData.total}
    >
      <div className="grid grid-cols-3 gap-3">
        {bags.map((bag) => (
          <BagLabel key={bag.id} bag={bag} />
        ))}
      </div>
    </PrintFrame>
  );
}
