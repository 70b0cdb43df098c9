import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { importPage, runImport, type ImportActionData } from "#app/features/gestor/catalogue/catalogue.server.ts";
import { CatalogueNav } from "#app/features/gestor/catalogue/catalogue-ui.tsx";
import { ImportColumns, ImportPreview } from "#app/features/gestor/catalogue/import-preview.tsx";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { gestorButton, gestorCard, gestorLabel } from "#app/features/gestor/gestor-ui.tsx";
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
      <Form method="post" encType="multipart/form-data" className={`${gestorCard} mb-4 flex flex-wrap items-end gap-3`}>
        <AuthenticityTokenInput name="csrf" />
        <div>
          <label htmlFor="arquivo-csv" className={gestorLabel}>
            Arquivo CSV (até 2 MB)
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
      {reply?.step === "preview" ? <ImportPreview {...reply} busy={busy} /> : null}
      <ImportColumns />
    </>
  );
}
