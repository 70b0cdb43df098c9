import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GestorDetails } from "#app/features/gestor/gestor-ui.tsx";
import { SchoolDataBanner } from "#app/features/gestor/school-data-banner.tsx";
import { UnitForm } from "#app/features/gestor/units/unit-form.tsx";
import { unitAction, unitPage } from "#app/features/gestor/units/units.server.ts";
import type { Route } from "./+types/unit";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? loaderData.unit.name : "Unidade"} | Gestor | Loja Escolar` },
];

export const loader = ({ request, params }: Route.LoaderArgs) => unitPage(request, params.unitCode);

export const action = ({ request, params }: Route.ActionArgs) => unitAction(request, params.unitCode);

export default function GestorUnitPage({ loaderData, actionData }: Route.ComponentProps) {
  const { unit, readOnly } = loaderData;
  const reply = actionData as { result?: SubmissionResult<string[]> } | undefined;
  return (
    <>
      <GestorPageHeader title={unit.name} />
      <p className="mb-3">
        <Link to={GESTOR_PATHS.units} className="underline">
          Voltar para Unidades
        </Link>
      </p>
      <GestorDetails
        details={[
          ["Código (CODCOLIGADA)", unit.code],
          ["Situação", unit.active ? "Ativa" : "Inativa"],
          ["Posição na ordem", `${unit.position}ª`],
        ]}
        columns="sm:grid-cols-3"
        testId="unit-summary"
      />
      {readOnly ? (
        <>
          <SchoolDataBanner text={readOnly} />
          <GestorDetails
            details={[
              ["Nome", unit.name],
              ["Endereço", `${unit.address} · ${unit.city}`],
              ["Telefone", unit.phone],
              ["E-mail", unit.email],
              ["Horário de retirada", unit.pickupHours ?? "—"],
            ]}
            columns="sm:grid-cols-2"
          />
        </>
      ) : (
        <section aria-labelledby="editar-unidade">
          <h2 id="editar-unidade" className="mb-2 text-lg font-bold text-slate-900">
            Editar unidade
          </h2>
          <UnitForm key={unit.code} unit={unit} result={reply?.result} submitLabel="Salvar unidade" />
        </section>
      )}
    </>
  );
}
