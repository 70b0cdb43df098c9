/**
 * What Separação, Prontos and the Painel read (api/contract/gestor/delivery.ts; issue 30,
 * docs/decisions/0075): the bags of paid sales with a line of goods of the person's units in a
 * state, the per-unit counts, and the pending pickups as CSV. A bag counts in a state when one
 * of its lines of the person's units (a course or event has no state to move) is in it; the
 * Painel counts bags, as the lists it links to show them, so a count and its list agree.
 */
import type { Kysely } from "kysely";
import { brazilDateTime, currentPeriodCode } from "#core/dates.ts";
import {
  daysWaiting,
  DELIVERY_STATE_LABELS,
  isReadyOverdue,
  PENDING_DELIVERY_STATES,
  READY_OVERDUE_DAYS,
  readyOverdueBefore,
  type GoodsDeliveryState,
} from "#core/delivery.ts";
import type { Database } from "#db/schema.ts";
import type { BagClassFields, DeliveryBag, DeliveryBagFilters } from "../../contract/gestor/delivery.ts";
import { paging, GESTOR_PAGE_SIZE } from "../../contract/gestor/paging.ts";
import { listUnits } from "../../units/repository.ts";
import { writeGestorCsv } from "../csv-file.ts";
import { periodGrades } from "../grades/repository.ts";
import { unitsOf, type StaffScope } from "../staff/staff-scope.ts";
import { readDeliveryBags } from "./delivery-bags.ts";
import { paidLines } from "./paid-lines.ts";

type Db = Kysely<Database>;

interface LineFilter {
  states: readonly GoodsDeliveryState[];
  unitCode?: string;
  /** Only lines made ready before this instant. */
  readyBefore?: string;
}

/** The goods lines of paid sales of the store in the person's units matching the filter. */
function pendingLines(db: Db, storeId: number, scope: StaffScope, filter: LineFilter) {
  return paidLines(db, storeId, scope, { seats: false })
    .where("line.delivery_state", "in", [...filter.states])
    .$if(filter.unitCode !== undefined, (query) => query.where("line.unit_code", "=", filter.unitCode!))
    .$if(filter.readyBefore !== undefined, (query) => query.where("line.delivery_state_at", "<", filter.readyBefore!));
}

/** Grade, class and student, as the unit's shelves are arranged; a bag outside the roster last. */
function byGradeClassStudent(a: DeliveryBag, b: DeliveryBag): number {
  const text = (x: string | null, y: string | null) =>
    x === y ? 0 : x === null ? 1 : y === null ? -1 : x.localeCompare(y, "pt-BR", { numeric: true });
  return (
    text(a.codgrade, b.codgrade) ||
    text(a.turma, b.turma) ||
    a.studentName.localeCompare(b.studentName, "pt-BR") ||
    a.referenceCode.localeCompare(b.referenceCode)
  );
}

/** A class as Separação groups it: a grade and a class of the roster, null for "none". */
export interface BagClass {
  codgrade: string | null;
  turma: string | null;
}

/**
 * The bags of the filters, every one, in the list's order: by grade, class and student;
 * "Pronto para retirada" by how long the bag has waited, oldest first (Prontos asks who is
 * late), then the same. Each says since when it is in the state and whether it is late
 * (core/delivery.ts isReadyOverdue, the Painel's rule). The grade and class are the roster's
 * of now (readDeliveryBags), so they are filtered here; `ofClass` is one class exactly.
 */
export async function filteredBags(
  db: Db,
  storeId: number,
  scope: StaffScope,
  filters: DeliveryBagFilters & { ofClass?: BagClass },
  now: Date,
) {
  const candidates = await pendingLines(db, storeId, scope, {
    states: [filters.state],
    unitCode: filters.unitCode,
    readyBefore: filters.state === "ready" && filters.overdue ? readyOverdueBefore(now) : undefined,
  })
    .select(["bag.id"])
    .select((eb) => eb.fn.min(eb.fn.coalesce("line.delivery_state_at", "sale.paid_at", "sale.created_at")).as("since"))
    .groupBy("bag.id")
    .execute();
  const sinceOf = new Map(candidates.map((row) => [row.id, new Date(String(row.since)).toISOString()]));
  const { ofClass } = filters;
  const bags = (
    await readDeliveryBags(
      db,
      storeId,
      candidates.map((row) => row.id),
      scope,
      now,
    )
  )
    .filter((bag) =>
      ofClass
        ? bag.codgrade === ofClass.codgrade && bag.turma === ofClass.turma
        : (!filters.codgrade || bag.codgrade === filters.codgrade) && (!filters.turma || bag.turma === filters.turma),
    )
    .map((bag) => {
      const since = sinceOf.get(bag.id)!;
      return {
        ...bag,
        since,
        waitingDays: daysWaiting(since, now),
        overdue: filters.state === "ready" && isReadyOverdue(since, now),
      };
    });
  return bags.sort((a, b) =>
    filters.state === "ready" ? a.since.localeCompare(b.since) || byGradeClassStudent(a, b) : byGradeClassStudent(a, b),
  );
}

/** Separação's and Prontos' list, a page of filteredBags. */
export async function listDeliveryBags(
  db: Db,
  storeId: number,
  scope: StaffScope,
  filters: DeliveryBagFilters,
  page: number,
  now: Date,
) {
  const bags = await filteredBags(db, storeId, scope, filters, now);
  const { offset, pageCount, page: current } = paging(page, bags.length);
  return { rows: bags.slice(offset, offset + GESTOR_PAGE_SIZE), page: current, pageCount, total: bags.length };
}

/** The bags of a whole class, every page of it (Separação's "Marcar todas da turma" and its print). */
export async function classBagIds(db: Db, storeId: number, scope: StaffScope, fields: BagClassFields, now: Date) {
  const { codgrade, turma, ...filters } = fields;
  return (await filteredBags(db, storeId, scope, { ...filters, ofClass: { codgrade, turma } }, now)).map(
    (bag) => bag.id,
  );
}

/** The bags named, whole, for the picking lists and labels: only those with a pending line of the person's units. */
export async function pickingListBags(
  db: Db,
  storeId: number,
  scope: StaffScope,
  bagIds: readonly string[],
  now: Date,
) {
  const listed = await pendingLines(db, storeId, scope, { states: PENDING_DELIVERY_STATES })
    .where("bag.id", "in", [...bagIds])
    .select("bag.id")
    .distinct()
    .execute();
  const allowed = new Set(listed.map((row) => row.id));
  return readDeliveryBags(
    db,
    storeId,
    bagIds.filter((id) => allowed.has(id)),
    scope,
    now,
  );
}

/** The Painel: per unit of the person, the bags at each step and those ready for too long. */
export async function deliverySummary(db: Db, storeId: number, scope: StaffScope, now: Date) {
  const countBags = (filter: LineFilter) =>
    pendingLines(db, storeId, scope, filter)
      .select(["line.unit_code", "line.delivery_state"])
      .select((eb) => eb.fn.count<number | string>("bag.id").distinct().as("bags"))
      .groupBy(["line.unit_code", "line.delivery_state"])
      .execute();
  const [counts, overdue, units, grades] = await Promise.all([
    countBags({ states: PENDING_DELIVERY_STATES }),
    countBags({ states: ["ready"], readyBefore: readyOverdueBefore(now) }),
    listUnits(db, storeId),
    periodGrades(db, storeId, currentPeriodCode(now)),
  ]);
  const mine = scope.kind === "network" ? null : new Set(unitsOf(scope));
  const countOf = (rows: typeof counts, unitCode: string, state: GoodsDeliveryState) =>
    Number(rows.find((row) => row.unit_code === unitCode && row.delivery_state === state)?.bags ?? 0);
  // The network sees its active units and any other with something waiting (an old unit's orders).
  const shown = units.filter((unit) =>
    mine ? mine.has(unit.code) : unit.active || counts.some((row) => row.unit_code === unit.code),
  );
  return {
    overdueDays: READY_OVERDUE_DAYS,
    // Labelled as readDeliveryBags labels a bag's grade, so the filter and the list agree.
    grades: grades.map((grade) => ({
      codgrade: grade.codgrade,
      label: [grade.grade_name, grade.course].filter(Boolean).join(" · ") || grade.codgrade,
    })),
    units: shown.map((unit) => ({
      unitCode: unit.code,
      unitName: unit.name,
      awaiting: countOf(counts, unit.code, "awaiting"),
      separated: countOf(counts, unit.code, "separated"),
      ready: countOf(counts, unit.code, "ready"),
      readyOverdue: countOf(overdue, unit.code, "ready"),
    })),
  };
}

const PENDING_CSV_COLUMNS = [
  "unidade",
  "codigo_retirada",
  "pedido",
  "responsavel",
  "estudante",
  "ra",
  "serie",
  "turma",
  "item",
  "tamanho",
  "quantidade",
  "estado",
  "desde",
  "dias_esperando",
] as const;

/**
 * Every line of goods paid and not picked up of the person's units (or of one), one row each,
 * by unit, grade, class and student: the list a unit prints or sends to call families.
 */
export async function pendingPickupsCsv(
  db: Db,
  storeId: number,
  scope: StaffScope,
  unitCode: string | undefined,
  now: Date,
): Promise<string> {
  const lineIds = await pendingLines(db, storeId, scope, { states: PENDING_DELIVERY_STATES, unitCode })
    .select(["bag.id as bagId", "line.id as lineId"])
    .execute();
  const wanted = new Set(lineIds.map((row) => row.lineId));
  const bags = await readDeliveryBags(db, storeId, [...new Set(lineIds.map((row) => row.bagId))], scope, now);
  const units = await listUnits(db, storeId);
  const unitName = (code: string) => units.find((unit) => unit.code === code)?.name ?? code;
  const rows = bags.sort(byGradeClassStudent).flatMap((bag) =>
    bag.lines
      .filter((line) => wanted.has(line.id))
      .map((line) => {
        const since = line.stateAt ?? bag.paidAt;
        return {
          unit: line.unitCode,
          row: {
            unidade: unitName(line.unitCode),
            codigo_retirada: bag.pickupCode ?? "",
            pedido: bag.referenceCode,
            responsavel: bag.customerName,
            estudante: bag.studentName,
            ra: bag.studentRA ?? "",
            serie: bag.gradeLabel ?? "",
            turma: bag.turma ?? "",
            item: line.title,
            tamanho: line.optionValue ?? "",
            quantidade: line.quantity,
            estado: DELIVERY_STATE_LABELS[line.state],
            desde: brazilDateTime(since).date,
            dias_esperando: daysWaiting(since, now),
          },
        };
      }),
  );
  const order = units.map((unit) => unit.code);
  rows.sort((a, b) => order.indexOf(a.unit) - order.indexOf(b.unit));
  return writeGestorCsv(
    rows.map((entry) => entry.row),
    PENDING_CSV_COLUMNS,
  );
}
