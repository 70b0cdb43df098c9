import { useNavigation } from "react-router";
import { CsvUploadForm } from "#app/features/gestor/csv-import.tsx";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import {
  RosterImportColumns,
  RosterImportPreview,
  RosterImportRule,
} from "#app/features/gestor/roster/roster-import.tsx";
import {
  rosterImportAction,
  rosterImportPage,
  type RosterImportActionData,
} from "#app/features/gestor/roster/roster.server.ts";
import type { Route } from "./+types/roster-import";

export const meta = () => [{ title: "Importar alunos matriculados | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => rosterImportPage(request);

export const action = ({ request }: Route.ActionArgs) => rosterImportAction(request);

export default function GestorRosterImport({ actionData }: Route.ComponentProps) {
  const reply = actionData as RosterImportActionData | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <GestorPageHeader title="Importar alunos matriculados (CSV)" />
      <RosterImportRule />
      <CsvUploadForm maxSize="12 MB" busy={busy} />
      {reply?.step === "refused" ? (
        <p role="alert" className="mb-4 rounded bg-red-50 px-3 py-2 font-semibold text-red-700">
          {reply.message}
        </p>
      ) : null}
      {reply?.step === "preview" ? <RosterImportPreview report={reply.report} busy={busy} /> : null}
      <RosterImportColumns />
    </>
  );
}
