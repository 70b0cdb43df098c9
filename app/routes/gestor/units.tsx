import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { GestorUnit } from "#api/contract/gestor/units.ts";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { SchoolDataBanner } from "#app/features/gestor/school-data-banner.tsx";
import { gestorButton, gestorSecondaryButton, GestorTable } from "#app/features/gestor/gestor-ui.tsx";
import { moveUnitAction, unitListPage } from "#app/features/gestor/units/units.server.ts";
import type { Route } from "./+types/units";

export const meta = () => [{ title: "Unidades | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => unitListPage(request);

export const action = ({ request }: Route.ActionArgs) => moveUnitAction(request);

const moveButton = `${gestorSecondaryButton} px-2 py-0.5`;

/** ↑ and ↓: one place up or down in the network's order, as a POST (no JavaScript needed). */
function MoveButtons({ unit, place, last }: { unit: GestorUnit; place: number; last: boolean }) {
  const first = place === 1;
  return (
    <Form method="post" className="flex gap-1">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="code" value={unit.code} />
      {/* Where it was seen: a double click, or a second tab, moves it only once. */}
      <input type="hidden" name="place" value={place} />
      {first ? null : (
        <button type="submit" name="intent" value="up" className={moveButton} aria-label={`Subir ${unit.name}`}>
          ↑
        </button>
      )}
      {last ? null : (
        <button type="submit" name="intent" value="down" className={moveButton} aria-label={`Descer ${unit.name}`}>
          ↓
        </button>
      )}
    </Form>
  );
}

export default function GestorUnits({ loaderData }: Route.ComponentProps) {
  const { units, readOnly } = loaderData;
  return (
    <>
      <GestorPageHeader title="Unidades">
        {readOnly ? null : (
          <Link to={GESTOR_PATHS.newUnit} className={gestorButton}>
            Nova unidade
          </Link>
        )}
      </GestorPageHeader>
      {readOnly ? <SchoolDataBanner text={readOnly} /> : null}
      <p className="mb-3 text-slate-600">
        As unidades da rede, na ordem em que a loja e os filtros as mostram. Uma unidade nunca é apagada: inativa, ela
        sai das novas escolhas, e pedidos e produtos antigos continuam mostrando seu nome. A sede (código 0) aparece
        quando um código não tem unidade.
      </p>
      <GestorTable
        caption="Unidades da rede"
        headers={["Ordem", "Código", "Nome", "Cidade", "Telefone", "E-mail", "Horário de retirada", "Situação"]}
        empty={units.length === 0 ? "Nenhuma unidade cadastrada." : null}
      >
        {units.map((unit, index) => (
          <tr key={unit.code}>
            <td>
              {readOnly ? (
                `${index + 1}ª`
              ) : (
                <MoveButtons unit={unit} place={index + 1} last={index === units.length - 1} />
              )}
            </td>
            <td className="font-mono">{unit.code}</td>
            <td>
              <Link to={GESTOR_PATHS.unit(unit.code)} className="font-semibold underline">
                {unit.name}
              </Link>
            </td>
            <td>{unit.city}</td>
            <td className="whitespace-nowrap">{unit.phone}</td>
            <td className="break-all">{unit.email}</td>
            <td>{unit.pickupHours ?? "—"}</td>
            <td>{unit.active ? "Ativa" : "Inativa"}</td>
          </tr>
        ))}
      </GestorTable>
    </>
  );
}
