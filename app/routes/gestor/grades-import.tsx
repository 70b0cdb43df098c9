import { Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { GradeImportColumns, GradeImportPreview } from "#app/features/gestor/grades/grade-import.tsx";
import {
  gradeImportAction,
  gradeImportPage,
  type GradeImportActionData,
} from "#app/features/gestor/grades/grades.server.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { gestorButton, gestorCard, gestorLabel, gestorSecondaryButton } from "#app/features/gestor/gestor-ui.tsx";
import type { Route } from "./+types/grades-import";

export const meta = () => [{ title: "Importar séries | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => gradeImportPage(request);

export const action = ({ request }: Route.ActionArgs) => gradeImportAction(request);

export default function GestorGradesImport({ actionData }: Route.ComponentProps) {
  const reply = actionData as GradeImportActionData | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <GestorPageHeader title="Importar séries (CSV)">
        <Link to={GESTOR_PATHS.grades()} className={gestorSecondaryButton}>
          Voltar às séries
        </Link>
      </GestorPageHeader>
      <Form method="post" encType="multipart/form-data" className={`${gestorCard} mb-4 flex flex-wrap items-end gap-3`}>
        <AuthenticityTokenInput name="csrf" />
        <div>
          <label htmlFor="arquivo-csv" className={gestorLabel}>
            Arquivo CSV (até 64 KB)
          </label>
          <input id="arquivo-csv" type="file" name="arquivo" accept=".csv,text/csv" required />
        </div>
        <button type="submit" name="intent" value="preview" className={gestorButton} disabled={busy}>
          Conferir arquivo
        </button>
        <p className="w-full text-slate-600">
          Nada é gravado ao conferir: a prévia mostra o que seria criado ou atualizado e os erros de cada linha.
        </p>
      </Form>
      {reply?.step === "refused" ? (
        <p role="alert" className="mb-4 rounded bg-red-50 px-3 py-2 font-semibold text-red-700">
          {reply.message}
        </p>
      ) : null}
      {reply?.step === "preview" ? <GradeImportPreview {...reply} busy={busy} /> : null}
      <GradeImportColumns />
    </>
  );
}
