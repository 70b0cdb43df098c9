/**
 * "Alunos matriculados" calls (api/contract/gestor/roster.ts; issue 27): admins only. An import
 * the store refuses (a row now wrong, an upload expired, changed or imported already) answers
 * 409 with the reason and writes nothing.
 */
import { Hono } from "hono";
import { currentPeriodCode } from "#core/dates.ts";
import { gestorRoster, ROSTER_STUDENT_NOT_FOUND } from "../../contract/gestor/roster.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, notFound } from "../../errors.ts";
import { at, validated } from "../../validation.ts";
import { GestorError } from "../gestor-error.ts";
import { requireAdmin, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import { rosterCsvTemplate } from "./roster-csv.ts";
import { listRosterStudents, rosterStudentDetails } from "./roster-directory.ts";
import { importRoster, previewRoster } from "./service.ts";

export function gestorRosterRoutes(deps: ApiDeps) {
  const { list, student, previewImport, runImport, template } = gestorRoster;
  const admins = requireAdmin(deps);
  return (
    new Hono<StaffEnv>()
      .on(...at(list), admins, validated(list), async (c) => {
        const { storeId, q, unidade, periodo, serie, naoMatriculados, page } = c.req.valid("query");
        return c.json(
          await listRosterStudents(deps.db, storeId, {
            q,
            unidade,
            period: periodo || currentPeriodCode(deps.now()),
            serie,
            notEnrolledOnly: naoMatriculados === "1",
            page,
          }),
        );
      })
      .on(...at(student), admins, validated(student), async (c) => {
        const details = await rosterStudentDetails(
          deps.db,
          c.req.valid("query").storeId,
          c.req.valid("param").studentId,
        );
        if (!details) throw notFound(ROSTER_STUDENT_NOT_FOUND);
        return c.json(details);
      })
      .on(...at(previewImport), admins, validated(previewImport), async (c) => {
        const { storeId, csv, fileName } = c.req.valid("json");
        return c.json(await previewRoster(deps, storeId, { csv, fileName }, staffActor(c)));
      })
      .on(...at(runImport), admins, validated(runImport), async (c) => {
        const { storeId, uploadId, sha256 } = c.req.valid("json");
        try {
          return c.json(await importRoster(deps, storeId, { uploadId, sha256 }, staffActor(c)));
        } catch (error) {
          if (error instanceof GestorError) throw new ApiError(409, error.message);
          throw error;
        }
      })
      // The example row names the current school period.
      .on(...at(template), admins, validated(template), (c) =>
        c.body(rosterCsvTemplate(currentPeriodCode(deps.now())), 200, {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": 'attachment; filename="alunos-matriculados-modelo.csv"',
        }),
      )
  );
}
