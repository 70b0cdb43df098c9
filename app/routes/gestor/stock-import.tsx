import { Link, useNavigation } from "react-router";
import { CsvUploadForm } from "#app/features/gestor/csv-import.tsx";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { gestorSecondaryButton } from "#app/features/gestor/gestor-ui.tsx";
import { StockImportColumns, StockImportPreview } from "#app/features/gestor/stock/stock-import.tsx";
import {
  stockImportAction,
  stockImportPage,
  type StockImportActionData,
} from "#app/features/gestor/stock/stock.server.ts";
import type { Route } from "./+types/stock-import";

export const meta = () => [{ title: "Importar estoque | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => stockImportPage(request);

export const action = ({ request }: Route.ActionArgs) => stockImportAction(request);

export default function GestorStockImport({ actionData }: Route.ComponentProps) {
  const reply = actionData as StockImportActionData | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <GestorPageHeader title="Importar estoque (CSV)">
        <Link to={GESTOR_PATHS.stock} className={gestorSecondaryButton}>
          Voltar ao estoque
        </Link>
      </GestorPageHeader>
      <CsvUploadForm maxSize="512 KB" busy={busy} />
      {reply?.step === "refused" ? (
        <p role="alert" className="mb-4 rounded bg-red-50 px-3 py-2 font-semibold text-red-700">
          {reply.message}
        </p>
      ) : null}
      {reply?.step === "preview" ? <StockImportPreview {...reply} busy={busy} /> : null}
      <StockImportColumns />
    </>
  );
}
