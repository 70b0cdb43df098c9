/**
 * Unidades (issue 27; docs/decisions/0055-school-units-as-data.md, 0057-gestor-units.md): what
 * an admin creates, edits and reorders, each change audited in its own transaction. A unit is
 * never deleted, only made inactive; its code never changes; the head office stays active.
 */
import {
  isHeadOffice,
  UNIT_MESSAGES,
  type GestorUnit,
  type NewUnitFields,
  type UnitDirection,
  type UnitFields,
} from "../../contract/gestor/units.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, badRequest, notFound } from "../../errors.ts";
import { assertStoreExists } from "../../stores/repository.ts";
import { listUnits } from "../../units/repository.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { findUnit, insertUnit, isDuplicateKey, renumberUnits, updateUnit } from "./repository.ts";

/** How the audit log names a unit: "3 – Colégio Saber Casa Forte". */
const unitLabel = (unit: Pick<GestorUnit, "code" | "name">) => `${unit.code} – ${unit.name}`;

/** What the audit log keeps of a unit: its fields, without its place in the order. */
const audited = ({ position: _position, ...unit }: GestorUnit) => unit;

const FIELD_LABELS: Record<keyof UnitFields, string> = {
  name: "nome",
  address: "endereço",
  city: "cidade",
  phone: "telefone",
  email: "e-mail",
  pickupHours: "horário de retirada",
  active: "situação",
};

function refuseInactiveHeadOffice(code: string, fields: UnitFields) {
  if (isHeadOffice(code) && !fields.active) throw badRequest(UNIT_MESSAGES.headOfficeActive);
}

export async function listGestorUnits({ db }: ApiDeps, storeId: number): Promise<GestorUnit[]> {
  return listUnits(db, storeId);
}

export async function getGestorUnit({ db }: ApiDeps, storeId: number, code: string): Promise<GestorUnit> {
  const unit = await findUnit(db, storeId, code);
  if (!unit) throw notFound(UNIT_MESSAGES.notFound);
  return unit;
}

export async function createUnit(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  { code, ...fields }: NewUnitFields,
): Promise<GestorUnit> {
  refuseInactiveHeadOffice(code, fields);
  await assertStoreExists(deps, storeId);
  const now = deps.now();
  return deps.db
    .transaction()
    .execute(async (trx) => {
      if (await findUnit(trx, storeId, code)) throw new ApiError(409, UNIT_MESSAGES.codeTaken);
      await insertUnit(trx, storeId, code, fields, now.toISOString());
      const after = (await findUnit(trx, storeId, code))!;
      await recordAudit(
        trx,
        actor,
        {
          action: "unit.create",
          targetType: "unit",
          targetId: code,
          summary: `Criou a unidade ${unitLabel(after)}`,
          after: audited(after),
        },
        now,
      );
      return after;
    })
    .catch((error: unknown) => {
      if (isDuplicateKey(error)) throw new ApiError(409, UNIT_MESSAGES.codeTaken);
      throw error;
    });
}

/** "Desativou", "Reativou" or "Alterou", and which fields changed. */
function updateSummary(before: GestorUnit, after: GestorUnit): string {
  const changed = (Object.keys(FIELD_LABELS) as (keyof UnitFields)[]).filter(
    (field) => (before[field] ?? null) !== (after[field] ?? null),
  );
  const verb = before.active && !after.active ? "Desativou" : !before.active && after.active ? "Reativou" : "Alterou";
  const details = changed.filter((field) => field !== "active").map((field) => FIELD_LABELS[field]);
  return `${verb} a unidade ${unitLabel(after)}${details.length ? ` (${details.join(", ")})` : ""}`;
}

/** Saving what is already there writes nothing: no entry, no new catalogue version. */
export async function updateGestorUnit(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  code: string,
  fields: UnitFields,
): Promise<GestorUnit> {
  refuseInactiveHeadOffice(code, fields);
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = await findUnit(trx, storeId, code);
    if (!before) throw notFound(UNIT_MESSAGES.notFound);
    const unchanged = (Object.keys(FIELD_LABELS) as (keyof UnitFields)[]).every(
      (field) => (before[field] ?? null) === (fields[field] ?? null),
    );
    if (unchanged) return before;
    await updateUnit(trx, storeId, code, fields, now.toISOString());
    const after = (await findUnit(trx, storeId, code))!;
    await recordAudit(
      trx,
      actor,
      {
        action: "unit.update",
        targetType: "unit",
        targetId: code,
        summary: updateSummary(before, after),
        before: audited(before),
        after: audited(after),
      },
      now,
    );
    return after;
  });
}

/**
 * One place up or down in the network's order (the storefront's lists and the gestor's filters
 * follow it). The first unit moved up, the last down, or a unit no longer at the place the
 * person saw (`seenAt`: a double click moves once) stays: nothing written.
 */
export async function moveUnit(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  code: string,
  { direction, seenAt }: { direction: UnitDirection; seenAt?: number },
): Promise<GestorUnit[]> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const units = await listUnits(trx, storeId);
    const from = units.findIndex((unit) => unit.code === code);
    if (from < 0) throw notFound(UNIT_MESSAGES.notFound);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= units.length || (seenAt !== undefined && seenAt !== from + 1)) return units;
    const ordered = [...units];
    [ordered[from], ordered[to]] = [ordered[to]!, ordered[from]!];
    await renumberUnits(trx, storeId, ordered, now.toISOString());
    const moved = units[from]!;
    await recordAudit(
      trx,
      actor,
      {
        action: "unit.move",
        targetType: "unit",
        targetId: code,
        summary: `Moveu a unidade ${unitLabel(moved)} para ${direction === "up" ? "cima" : "baixo"} (${from + 1}ª → ${to + 1}ª)`,
        before: { place: from + 1 },
        after: { place: to + 1 },
      },
      now,
    );
    return listUnits(trx, storeId);
  });
}
