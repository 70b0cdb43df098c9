import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { UnitForm } from "#app/features/gestor/units/unit-form.tsx";
import { createUnitAction, newUnitPage } from "#app/features/gestor/units/units.server.ts";
import type { Route } from "./+types/unit-new";

export const meta = () => [{ title: "Nova unidade | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => newUnitPage(request);

export const action = ({ request }: Route.ActionArgs) => createUnitAction(request);

export default function NewUnit({ actionData }: Route.ComponentProps) {
  const reply = actionData as { result?: SubmissionResult<string[]> } | undefined;
  return (
    <>
      <GestorPageHeader title="Nova unidade" />
      <p className="mb-3">
        <Link to={GESTOR_PATHS.units} className="underline">
          Voltar para Unidades
        </Link>
      </p>
      <UnitForm result={reply?.result} submitLabel="Criar unidade" />
    </>
  );
}
