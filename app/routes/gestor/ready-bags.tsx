import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import {
  DeliveryBagCard,
  DeliveryFilterForm,
  TickedBagsButton,
} from "#app/features/gestor/delivery/delivery-bags-ui.tsx";
import { waitedFor } from "#app/features/gestor/delivery/delivery-texts.ts";
import { deliveryAction, readyPage } from "#app/features/gestor/delivery/delivery.server.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import {
  GestorFilterSelect,
  GestorPagination,
  GestorSection,
  gestorCard,
  gestorSecondaryButton,
} from "#app/features/gestor/gestor-ui.tsx";
import type { Route } from "./+types/ready-bags";

export const meta = () => [{ title: "Prontos | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => readyPage(request);

export const action = ({ request }: Route.ActionArgs) => deliveryAction(request, ["ready"]);

/** Prontos (issue 30): mark separated bags ready (the family is e-mailed) and see what waits, oldest first. */
export default function GestorReadyBags({ loaderData }: Route.ComponentProps) {
  const { separated, ready, filters, units, grades, overdueDays } = loaderData;
  const query = (extra: [string, string][]) =>
    `${GESTOR_PATHS.readyBags}?${new URLSearchParams([
      ...Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ...extra,
    ])}`;
  const exportHref = (unitCode?: string) =>
    unitCode ? `${GESTOR_PATHS.pendingPickupsExport}?unitCode=${unitCode}` : GESTOR_PATHS.pendingPickupsExport;
  return (
    <>
      <GestorPageHeader title="Prontos">
        <Link to={GESTOR_PATHS.separation} className={gestorSecondaryButton}>
          Separação
        </Link>
      </GestorPageHeader>
      <DeliveryFilterForm
        action={GESTOR_PATHS.readyBags}
        idPrefix="prontos"
        units={units}
        grades={grades}
        filters={filters}
      >
        <GestorFilterSelect
          idPrefix="prontos"
          name="overdue"
          label="Prontos para retirada"
          value={filters.overdue ?? ""}
          options={[
            ["", "Todos"],
            ["1", `Há mais de ${overdueDays} dias`],
          ]}
        />
      </DeliveryFilterForm>

      <GestorSection id="prontos-separados" title="Separados, a marcar como prontos">
        {separated.rows.length === 0 ? (
          <p className={`${gestorCard} text-slate-600`}>Nenhuma sacola separada esperando ser marcada como pronta.</p>
        ) : (
          <Form method="post" aria-label="Sacolas separadas">
            <AuthenticityTokenInput name="csrf" />
            <p className="mb-2 text-slate-700">
              Ao marcar como pronto, o responsável recebe um e-mail com o endereço da unidade, o horário de retirada, o
              código de retirada e os itens prontos.
            </p>
            <div className="grid gap-3">
              {separated.rows.map((bag) => (
                <DeliveryBagCard key={bag.id} bag={bag} />
              ))}
            </div>
            <div className="mt-3">
              <TickedBagsButton intent="ready" label="Marcar como pronto para retirada" primary />
            </div>
          </Form>
        )}
        <GestorPagination
          page={separated.page}
          pageCount={separated.pageCount}
          total={separated.total}
          hrefOf={(page) => query([["separados", String(page)]])}
        />
      </GestorSection>

      <GestorSection id="prontos-esperando" title="Prontos, esperando retirada (os mais antigos primeiro)">
        <p className="mb-2 flex flex-wrap gap-3">
          <a href={exportHref(filters.unitCode)} download className={gestorSecondaryButton}>
            Exportar retiradas pendentes (CSV)
          </a>
          {!filters.unitCode && units.length > 1
            ? units.map((unit) => (
                <a key={unit.unitCode} href={exportHref(unit.unitCode)} download className="self-center underline">
                  CSV de {unit.unitName}
                </a>
              ))
            : null}
        </p>
        {ready.rows.length === 0 ? (
          <p className={`${gestorCard} text-slate-600`}>
            {filters.overdue
              ? `Nenhuma sacola pronta há mais de ${overdueDays} dias.`
              : "Nenhuma sacola pronta esperando retirada."}
          </p>
        ) : (
          <div className="grid gap-3">
            {ready.rows.map((bag) => {
              const late = bag.overdue;
              return (
                <DeliveryBagCard key={bag.id} bag={bag} checkbox={false} highlight={late}>
                  <p className={late ? "font-bold text-amber-800" : "text-slate-700"}>
                    Pronto {waitedFor(bag.waitingDays)}
                    {late ? " · atrasado" : ""}
                  </p>
                </DeliveryBagCard>
              );
            })}
          </div>
        )}
        <GestorPagination
          page={ready.page}
          pageCount={ready.pageCount}
          total={ready.total}
          hrefOf={(page) => query([["page", String(page)]])}
        />
      </GestorSection>
    </>
  );
}
