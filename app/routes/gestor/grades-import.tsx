import { Link, useNavigation } from "react-router";
import { GradeImportColumns, GradeImportPreview } from "#app/features/gestor/grades/grade-import.tsx";
import {
  gradeImportAction,
  gradeImportPage,
  type GradeImportActionData,
} from "#app/features/gestor/grades/grades.server.ts";
import { CsvUploadForm } from "#app/features/gestor/csv-import.tsx";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { gestorSecondaryButton } from "#app/features/gestor/gestor-ui.tsx";
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
      <CsvUploadForm maxSize="64 KB" busy={busy} />
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
