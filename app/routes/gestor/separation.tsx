import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import {
  ClassButton,
  DeliveryBagCard,
  DeliveryFilterForm,
  groupsOf,
  OwnBagsButton,
  TickedBagsButton,
} from "#app/features/gestor/delivery/delivery-bags-ui.tsx";
import { deliveryAction, separationPage } from "#app/features/gestor/delivery/delivery.server.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import {
  GestorFilterSelect,
  GestorPagination,
  gestorCard,
  gestorSecondaryButton,
} from "#app/features/gestor/gestor-ui.tsx";
import { counted } from "#core/text.ts";
import type { Route } from "./+types/separation";

export const meta = () => [{ title: "Separação | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => separationPage(request);

export const action = ({ request }: Route.ActionArgs) =>
  deliveryAction(request, ["separate", "unseparate", "print", "labels"]);

/** Separação (issue 30): what the unit must separate, by grade and class; print the lists and labels. */
export default function GestorSeparation({ loaderData }: Route.ComponentProps) {
  const { list, filters, units, grades, stateLabels } = loaderData;
  const awaiting = filters.state === "awaiting";
  const search = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const hrefOf = (page: number) =>
    `${GESTOR_PATHS.separation}?${new URLSearchParams([...search, ["page", String(page)]])}`;
  const groups = groupsOf(list.rows);
  const move = awaiting ? "separate" : "unseparate";
  return (
    <>
      <GestorPageHeader title="Separação">
        <Link to={GESTOR_PATHS.readyBags} className={gestorSecondaryButton}>
          Prontos
        </Link>
      </GestorPageHeader>
      <p className="mb-3 text-slate-700">
        Sacolas de pedidos pagos com itens da sua unidade, por série e turma. Marque as sacolas separadas, imprima a
        lista de separação (uma folha por estudante) e as etiquetas. Cursos e eventos não entram: têm vaga confirmada.
      </p>
      <DeliveryFilterForm
        action={GESTOR_PATHS.separation}
        idPrefix="separacao"
        units={units}
        grades={grades}
        filters={filters}
      >
        <GestorFilterSelect
          idPrefix="separacao"
          name="state"
          label="Estado"
          value={filters.state}
          options={[
            ["awaiting", stateLabels.awaiting],
            ["separated", stateLabels.separated],
          ]}
        />
      </DeliveryFilterForm>
      {list.rows.length === 0 ? (
        <p className={`${gestorCard} text-slate-600`}>
          {awaiting
            ? "Nenhuma sacola aguardando separação com estes filtros."
            : "Nenhuma sacola separada com estes filtros."}
        </p>
      ) : (
        <Form method="post" aria-label="Sacolas">
          <AuthenticityTokenInput name="csrf" />
          <div className="mb-3 flex flex-wrap gap-2">
            <TickedBagsButton intent={move} label={awaiting ? "Marcar como separado" : "Desfazer separação"} primary />
            <TickedBagsButton intent="print" label="Imprimir lista de separação" />
            <TickedBagsButton intent="labels" label="Etiquetas" />
          </div>
          {groups.map((group) => (
            <section key={group.key} aria-label={group.title} className="mb-5">
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-base font-bold text-slate-900">
                  {group.title} ({counted(group.bags.length, "sacola", "sacolas")})
                </h2>
                <div className="flex flex-wrap gap-2">
                  <ClassButton
                    intent={move}
                    bag={group.bags[0]!}
                    label={awaiting ? "Marcar todas da turma como separadas" : "Desfazer separação da turma"}
                    group={group.title}
                  />
                  <ClassButton
                    intent="print"
                    bag={group.bags[0]!}
                    label="Imprimir lista da turma"
                    group={group.title}
                  />
                </div>
              </div>
              <div className="grid gap-3">
                {group.bags.map((bag) => (
                  <DeliveryBagCard key={bag.id} bag={bag}>
                    {awaiting ? null : (
                      <OwnBagsButton
                        intent="unseparate"
                        bagIds={[bag.id]}
                        label="Desfazer separação"
                        ariaLabel={`Desfazer separação: ${bag.studentName}`}
                      />
                    )}
                  </DeliveryBagCard>
                ))}
              </div>
            </section>
          ))}
        </Form>
      )}
      <GestorPagination page={list.page} pageCount={list.pageCount} total={list.total} hrefOf={hrefOf} />
    </>
  );
}
