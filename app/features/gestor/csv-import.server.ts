/**
 * A gestor CSV import's action (Catálogo, Séries; docs/decisions/0032): "preview" reads the
 * uploaded file and asks the API what it would do, writing nothing; the page then holds the
 * file's text in a hidden field, so "import" needs no state on the server. A refusal of the
 * API shows on the page; the import's success goes back to the list with a toast.
 */
import { data } from "react-router";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";

export type CsvImportActionData<Report> =
  { step: "preview"; csv: string; fileName: string; report: Report } | { step: "refused"; message: string };

/** The uploaded file ("arquivo") as text, or why it cannot be read (no file, too large). */
export async function uploadedCsv(
  formData: FormData,
  { maxBytes, tooLarge }: { maxBytes: number; tooLarge: string },
): Promise<{ csv: string; fileName: string } | { refused: string }> {
  const file = formData.get("arquivo");
  if (!(file instanceof File) || file.size === 0) return { refused: "Escolha o arquivo CSV." };
  if (file.size > maxBytes) return { refused: tooLarge };
  return { csv: await file.text(), fileName: file.name };
}

export async function csvImportAction<Report>(
  formData: FormData,
  {
    maxBytes,
    tooLarge,
    preview,
    run,
    done,
  }: {
    maxBytes: number;
    tooLarge: string;
    preview: (csv: string) => Promise<Report>;
    run: (csv: string) => Promise<Report>;
    /** Where the import goes, with its toast. */
    done: (report: Report) => { path: string; message: string };
  },
) {
  const refused = (message: string, status: number) =>
    formReply<CsvImportActionData<Report>>({ step: "refused", message }, status);
  const intent = formData.get("intent");
  let csv: string;
  let fileName = "";
  if (intent === "preview") {
    const file = await uploadedCsv(formData, { maxBytes, tooLarge });
    if ("refused" in file) return refused(file.refused, 400);
    ({ csv, fileName } = file);
  } else if (intent === "import") csv = String(formData.get("csv") ?? "");
  else throw data("Ação desconhecida.", { status: 400 });
  try {
    if (intent === "preview")
      return formReply<CsvImportActionData<Report>>({ step: "preview", csv, fileName, report: await preview(csv) });
    const { path, message } = done(await run(csv));
    return toasts().redirectWithSuccess(path, message);
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return refused(error.message, error.status);
  }
}
