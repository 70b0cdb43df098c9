import { useNavigation } from "react-router";
import { importPage, runImport, type ImportActionData } from "#app/features/gestor/catalogue/catalogue.server.ts";
import { CatalogueNav } from "#app/features/gestor/catalogue/catalogue-ui.tsx";
import { ImportColumns, ImportPreview } from "#app/features/gestor/catalogue/import-preview.tsx";
import { CsvUploadForm } from "#app/features/gestor/csv-import.tsx";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import type { Route } from "./+types/catalogue-import";

export const meta = () => [{ title: "Importar produtos | Catálogo | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => importPage(request);

export const action = ({ request }: Route.ActionArgs) => runImport(request);

export default function GestorImport({ actionData }: Route.ComponentProps) {
  const reply = actionData as ImportActionData | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <CatalogueNav />
      <GestorPageHeader title="Importar produtos (CSV)" />
      <CsvUploadForm maxSize="2 MB" busy={busy} />
      {reply?.step === "refused" ? (
        <p role="alert" className="mb-4 rounded bg-red-50 px-3 py-2 font-semibold text-red-700">
          {reply.message}
        </p>
      ) : null}
      {reply?.step === "preview" ? <ImportPreview {...reply} busy={busy} /> : null}
      <ImportColumns />
    </>
  );
}
