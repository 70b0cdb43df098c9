import { Form, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { gestorButton, gestorCard, GestorSection, GestorTable } from "#app/features/gestor/gestor-ui.tsx";
import {
  checkInAction,
  checkInPage,
  type CounterActionData,
} from "#app/features/gestor/delivery-counter/counter.server.ts";
import { useUnitLabel } from "#app/features/gestor/unit-options.ts";
import { brazilDateTime } from "#core/dates.ts";
import type { Route } from "./+types/check-in";

export const meta = () => [{ title: "Check-in | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => checkInPage(request);

export const action = ({ request }: Route.ActionArgs) => checkInAction(request);

/** A refused check-in (done in another tab) shows the list as it is now. */
export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;

const seatsHref = (unitCode: string, itemTOTVSId: number) =>
  `${GESTOR_PATHS.checkIn}?unidade=${encodeURIComponent(unitCode)}&item=${itemTOTVSId}`;

export default function GestorCheckIn({ loaderData, actionData }: Route.ComponentProps) {
  const { items, chosen } = loaderData;
  const error = (actionData as CounterActionData | undefined)?.error ?? null;
  const unitLabel = useUnitLabel();
  return (
    <>
      <GestorPageHeader title="Check-in" />
      <GestorSection id="cursos-eventos" title="Cursos e eventos com vagas pagas">
        <GestorTable
          caption="Cursos e eventos com vagas pagas"
          headers={["Curso ou evento", "Unidade", "Vagas pagas", "Check-ins"]}
          empty={items.length === 0 ? "Nenhum curso ou evento com vaga paga nas suas unidades." : null}
        >
          {items.map((item) => (
            <tr key={`${item.unitCode}-${item.itemTOTVSId}`}>
              <td>
                <Link to={seatsHref(item.unitCode, item.itemTOTVSId)} className="font-semibold underline">
                  {item.title}
                </Link>
              </td>
              <td>{unitLabel(item.unitCode)}</td>
              <td>{item.seats}</td>
              <td>{item.checkedIn}</td>
            </tr>
          ))}
        </GestorTable>
      </GestorSection>
      {chosen ? (
        <GestorSection id="lista-check-in" title={`${chosen.title} · ${unitLabel(chosen.unitCode)}`}>
          {error ? (
            <p role="alert" className={`${gestorCard} mb-2 border-red-300 text-red-800`}>
              {error}
            </p>
          ) : null}
          <GestorTable
            caption={`Estudantes de ${chosen.title}`}
            headers={["Estudante", "Responsável", "Pedido", "Check-in"]}
          >
            {chosen.seats.map((seat) => (
              <tr key={seat.lineId}>
                <td>
                  {seat.studentName}
                  {seat.studentRA ? <span className="block text-slate-600">RA {seat.studentRA}</span> : null}
                </td>
                <td>{seat.customerName}</td>
                <td>{seat.referenceCode}</td>
                <td>
                  {seat.checkedInAt ? (
                    `Feito em ${brazilDateTime(seat.checkedInAt).date} ${brazilDateTime(seat.checkedInAt).time}`
                  ) : (
                    <Form method="post">
                      <AuthenticityTokenInput name="csrf" />
                      <input type="hidden" name="lineId" value={seat.lineId} />
                      <input type="hidden" name="unidade" value={chosen.unitCode} />
                      <input type="hidden" name="item" value={chosen.itemTOTVSId} />
                      <input type="hidden" name="studentName" value={seat.studentName} />
                      <button
                        type="submit"
                        className={gestorButton}
                        aria-label={`Fazer check-in de ${seat.studentName}`}
                      >
                        Fazer check-in
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </GestorTable>
        </GestorSection>
      ) : null}
    </>
  );
}
