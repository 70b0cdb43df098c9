/**
 * The Painel's delivery counts (issue 30): per unit of the person, the bags waiting at each step
 * and those ready for longer than allowed, each linking to the list it counts (Separação's and
 * Prontos' filters), so the figure and the list agree.
 */
import { Link } from "react-router";
import { DELIVERY_STATE_LABELS } from "#core/delivery.ts";
import { counted } from "#core/text.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { gestorCard } from "../gestor-ui.tsx";

interface UnitFigures {
  unitCode: string;
  unitName: string;
  awaiting: number;
  separated: number;
  ready: number;
  readyOverdue: number;
}

export function DeliveryCounts({ units, overdueDays }: { units: readonly UnitFigures[]; overdueDays: number }) {
  return (
    <section aria-labelledby="painel-retirada" className="mt-6">
      <h2 id="painel-retirada" className="mb-2 text-base font-bold text-slate-900">
        Separação e retirada nas unidades
      </h2>
      {units.length === 0 ? <p className={`${gestorCard} text-slate-600`}>Nenhuma unidade.</p> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {units.map((unit) => {
          const unitQuery = `unitCode=${encodeURIComponent(unit.unitCode)}`;
          const counts = [
            [DELIVERY_STATE_LABELS.awaiting, unit.awaiting, `${GESTOR_PATHS.separation}?${unitQuery}`],
            [
              DELIVERY_STATE_LABELS.separated,
              unit.separated,
              `${GESTOR_PATHS.separation}?state=separated&${unitQuery}`,
            ],
            [DELIVERY_STATE_LABELS.ready, unit.ready, `${GESTOR_PATHS.readyBags}?${unitQuery}`],
            [
              `Prontos há mais de ${overdueDays} dias`,
              unit.readyOverdue,
              `${GESTOR_PATHS.readyBags}?${unitQuery}&overdue=1`,
            ],
          ] as const;
          return (
            <section key={unit.unitCode} aria-label={unit.unitName} className={gestorCard} data-testid="delivery-unit">
              <h3 className="mb-2 font-semibold text-slate-800">{unit.unitName}</h3>
              <ul className="grid grid-cols-2 gap-2">
                {counts.map(([label, count, to], index) => (
                  <li key={label}>
                    <Link
                      to={to}
                      className={`block rounded border p-2 hover:bg-slate-50 ${index === 3 && count > 0 ? "border-amber-500 bg-amber-50" : "border-slate-200"}`}
                    >
                      <span className="block text-sm text-slate-700">{label}</span>
                      <span className="text-lg font-bold text-slate-900">{counted(count, "sacola", "sacolas")}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </section>
  );
}
