import { Link, useNavigation } from "react-router";
import { ListImportColumns, ListImportPreview } from "#app/features/gestor/material-lists/list-import.tsx";
import {
  listImportAction,
  listImportPage,
  type ListImportActionData,
} from "#app/features/gestor/material-lists/material-lists.server.ts";
import { CsvUploadForm } from "#app/features/gestor/csv-import.tsx";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { gestorSecondaryButton } from "#app/features/gestor/gestor-ui.tsx";
import type { Route } from "./+types/material-lists-import";

export const meta = () => [{ title: "Importar listas de material | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => listImportPage(request);

export const action = ({ request }: Route.ActionArgs) => listImportAction(request);

export default function GestorMaterialListsImport({ actionData }: Route.ComponentProps) {
  const reply = actionData as ListImportActionData | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <GestorPageHeader title="Importar listas de material (CSV)">
        <Link to={GESTOR_PATHS.materialLists()} className={gestorSecondaryButton}>
          Voltar às listas
        </Link>
      </GestorPageHeader>
      <CsvUploadForm maxSize="512 KB" busy={busy} />
      {reply?.step === "refused" ? (
        <p role="alert" className="mb-4 rounded bg-red-50 px-3 py-2 font-semibold text-red-700">
          {reply.message}
        </p>
      ) : null}
      {reply?.step === "preview" ? <ListImportPreview {...reply} busy={busy} /> : null}
      <ListImportColumns />
    </>
  );
}
