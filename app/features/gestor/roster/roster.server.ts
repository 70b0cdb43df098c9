/**
 * Alunos matriculados (issue 27; docs/decisions/0059-roster-import.md): the period's list, a
 * student's page, the CSV import and its model. Admins only, and the API refuses anyone else
 * too. The import's preview stages the file in the API; "Importar" names it by its upload id
 * and SHA-256 only, so the file crosses the page once, and the API applies an upload once.
 */
import { data } from "react-router";
import { buildPath } from "#api/contract/endpoint.ts";
import { gestorGrades } from "#api/contract/gestor/grades.ts";
import {
  gestorRoster,
  ROSTER_CSV_MAX_BYTES,
  ROSTER_CSV_TOO_LARGE,
  rosterCountsText,
  rosterFilters,
  type RosterReport,
} from "#api/contract/gestor/roster.ts";
import { getEnv } from "#app/.server/env.server.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { currentPeriodCode } from "#core/dates.ts";
import { gestorCsvDownload } from "../csv-download.server.ts";
import { uploadedCsv } from "../csv-import.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { gestorUnitList } from "../gestor-units.server.ts";
import { refuseWhileSchoolApi, SCHOOL_DATA_READ_ONLY, schoolDataReadOnly } from "../school-data.server.ts";
import { requireAdmin } from "../staff-guard.server.ts";
import { ROSTER_FILTER_KEYS, rosterListPath, type RosterFilterValues } from "./roster-filters.ts";
import { unitOptions } from "../unit-options.ts";

const storeId = () => getEnv().STORE_ID;

/**
 * The list: the filters as typed (checked by the API's own schema first: a wrong one shows its
 * message and no list), the period's grades and the units for the choices.
 */
export async function rosterListPage(request: Request) {
  const { call } = await requireAdmin(request);
  const url = new URL(request.url);
  const filters = Object.fromEntries(
    ROSTER_FILTER_KEYS.map((key) => [key, url.searchParams.get(key)?.trim().slice(0, 200) ?? ""]),
  ) as RosterFilterValues;
  const parsed = rosterFilters.safeParse(filters);
  const period = (parsed.success && parsed.data.periodo) || currentPeriodCode();
  const [list, grades, units] = await Promise.all([
    parsed.success
      ? call(
          gestorRoster.list,
          {},
          {
            query: { ...parsed.data, storeId: storeId(), page: url.searchParams.get("page") ?? "1" },
          },
        )
      : null,
    call(gestorGrades.list, {}, { query: { CODPERLET: period } }),
    gestorUnitList(request),
  ]);
  const periods = [...new Set([period, ...grades.periods.map((each) => each.CODPERLET)])].sort().reverse();
  return {
    readOnly: schoolDataReadOnly() ? SCHOOL_DATA_READ_ONLY : null,
    filters,
    filterError: parsed.success ? null : parsed.error.issues[0]!.message,
    list,
    period,
    periodChoices: periods,
    gradeChoices: grades.grades.map((grade) => ({
      value: grade.codgrade,
      label: `${grade.codgrade} · ${grade.HABILITACAO}`,
    })),
    // Every unit, inactive ones too: an old period names units since closed.
    unitChoices: unitOptions(
      units,
      units.map((unit) => unit.code),
    ),
  };
}

export async function rosterStudentPage(request: Request, studentId: string) {
  const { call } = await requireAdmin(request);
  try {
    return await call(gestorRoster.student, { studentId }, { query: { storeId: storeId() } });
  } catch (error) {
    if (error instanceof StoreApiError && error.status === 404) throw data(error.message, { status: 404 });
    throw error;
  }
}

export async function rosterImportPage(request: Request) {
  await requireAdmin(request);
  refuseWhileSchoolApi();
  return null;
}

export type RosterImportActionData = { step: "preview"; report: RosterReport } | { step: "refused"; message: string };

const refused = (message: string, status: number) =>
  formReply<RosterImportActionData>({ step: "refused", message }, status);

/**
 * "preview": the uploaded file to the API, which checks it, says what importing it would do and
 * keeps it for the import; "import": the previewed upload by id and SHA-256, then the list of
 * the file's period with a toast of the counts. A refusal (an upload imported already, expired,
 * or a row the store has made wrong since) shows on the page; nothing was written.
 */
export async function rosterImportAction(request: Request) {
  const { call } = await requireAdmin(request);
  refuseWhileSchoolApi();
  const formData = await request.formData();
  const intent = formData.get("intent");
  try {
    if (intent === "preview") {
      const file = await uploadedCsv(formData, { maxBytes: ROSTER_CSV_MAX_BYTES, tooLarge: ROSTER_CSV_TOO_LARGE });
      if ("refused" in file) return refused(file.refused, 400);
      const report = await call(gestorRoster.previewImport, {}, { body: { storeId: storeId(), ...file } });
      return formReply<RosterImportActionData>({ step: "preview", report });
    }
    if (intent === "import") {
      const imported = await call(
        gestorRoster.runImport,
        {},
        {
          body: {
            storeId: storeId(),
            uploadId: String(formData.get("uploadId") ?? ""),
            sha256: String(formData.get("sha256") ?? ""),
          },
        },
      );
      const [onlyPeriod] = imported.periods.length === 1 ? imported.periods : [];
      return toasts().redirectWithSuccess(
        rosterListPath({ periodo: onlyPeriod ?? "" }),
        `Importação concluída: ${rosterCountsText(imported.counts)}.`,
      );
    }
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500 || error.status === 403) throw error;
    return refused(error.message, error.status);
  }
  throw data("Ação desconhecida.", { status: 400 });
}

/** The file's model (header and one example row), as the API writes it. */
export async function rosterTemplate(request: Request) {
  await requireAdmin(request);
  return gestorCsvDownload(request, {
    apiPath: buildPath(gestorRoster.template.path, {}, { storeId: storeId() }),
    fileName: "alunos-matriculados-modelo.csv",
    back: GESTOR_PATHS.rosterImport,
  });
}
