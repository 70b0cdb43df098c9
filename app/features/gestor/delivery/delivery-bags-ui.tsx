/**
 * Separação's and Prontos' parts (issue 30): the filters as a GET form, a student's bag as the
 * unit sees it, and the bags grouped by grade and class with a checkbox each. Each action is a
 * button of one POST form: the ticked bags, or a class's or a bag's own (its value names them),
 * so choosing a whole class needs no JavaScript.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { DeliveryBag } from "#api/contract/gestor/delivery.ts";
import { brazilDateTime } from "#core/dates.ts";
import { DELIVERY_STATE_LABELS, formatPickupCode } from "#core/delivery.ts";
import { chosenOption } from "#core/product-options.ts";
import {
  gestorButton,
  gestorCard,
  GestorFilterInput,
  GestorFilterSelect,
  gestorSecondaryButton,
} from "../gestor-ui.tsx";

interface UnitChoice {
  unitCode: string;
  unitName: string;
}

/** The unit choice, for whoever has more than one unit. */
function unitOptions(units: readonly UnitChoice[]) {
  return [["", "Todas as suas unidades"] as const, ...units.map((unit) => [unit.unitCode, unit.unitName] as const)];
}

/**
 * Separação's and Prontos' GET filters: the unit (for whoever has several), the grade (a
 * select of the period's grades) and the class (typed: the roster's classes are free text); `children` adds the page's own (the state, the late ones).
 */
export function DeliveryFilterForm({
  action,
  idPrefix,
  units,
  grades,
  filters,
  children,
}: {
  action: string;
  idPrefix: string;
  units: readonly UnitChoice[];
  /** The period's grades (Séries), in order. */
  grades: readonly { codgrade: string; label: string }[];
  filters: { unitCode?: string; codgrade?: string; turma?: string };
  children: ReactNode;
}) {
  return (
    <Form method="get" action={action} className={`${gestorCard} mb-4 flex flex-wrap items-end gap-3`}>
      {units.length > 1 ? (
        <GestorFilterSelect
          idPrefix={idPrefix}
          name="unitCode"
          label="Unidade"
          value={filters.unitCode ?? ""}
          options={unitOptions(units)}
        />
      ) : null}
      <GestorFilterSelect
        idPrefix={idPrefix}
        name="codgrade"
        label="Série"
        value={filters.codgrade ?? ""}
        options={[["", "Todas as séries"], ...grades.map((grade) => [grade.codgrade, grade.label] as const)]}
      />
      <GestorFilterInput idPrefix={idPrefix} name="turma" label="Turma" value={filters.turma ?? ""} maxLength={20} />
      {children}
      <button type="submit" className={gestorSecondaryButton}>
        Filtrar
      </button>
    </Form>
  );
}

const itemName = (line: DeliveryBag["lines"][number]) => {
  const option = chosenOption(line.optionName, line.optionValue);
  return option ? `${line.title} (${option})` : line.title;
};

/** The bag's facts and lines; the checkbox names it to the form's buttons. */
export function DeliveryBagCard({
  bag,
  checkbox = true,
  children,
  highlight = false,
}: {
  bag: DeliveryBag;
  checkbox?: boolean;
  children?: ReactNode;
  highlight?: boolean;
}) {
  const titleId = `sacola-${bag.id}`;
  const paid = brazilDateTime(bag.paidAt);
  return (
    <article
      aria-labelledby={titleId}
      data-testid="delivery-bag"
      className={`${gestorCard} ${highlight ? "border-amber-500 bg-amber-50" : ""}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold text-slate-900">
          {checkbox ? (
            <label className="inline-flex items-center gap-2">
              <input type="checkbox" name="bagIds" value={bag.id} className="size-4" />
              {bag.studentName}
            </label>
          ) : (
            bag.studentName
          )}
        </h3>
        {children}
      </div>
      <p className="text-sm text-slate-700">
        {bag.studentRA ? `RA ${bag.studentRA} · ` : ""}
        {bag.gradeLabel ?? "Sem série no cadastro"}
        {bag.turma ? ` · Turma ${bag.turma}` : ""} · Pedido {bag.referenceCode}
        {bag.pickupCode ? (
          <>
            {" "}
            · Código de retirada <strong>{formatPickupCode(bag.pickupCode)}</strong>
          </>
        ) : null}{" "}
        · Pago em {paid.date}
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {bag.lines.map((line) => (
          <li key={line.id} className={line.otherUnit ? "text-slate-500" : "text-slate-900"}>
            {line.quantity} × {itemName(line)} — {DELIVERY_STATE_LABELS[line.state]}
            {line.otherUnit ? ` (unidade ${line.unitCode}: outra unidade)` : ""}
          </li>
        ))}
      </ul>
    </article>
  );
}

/** The bags by grade and class, in the list's order (the API's). */
export function groupsOf(bags: readonly DeliveryBag[]) {
  const groups: { key: string; title: string; bags: DeliveryBag[] }[] = [];
  for (const bag of bags) {
    const key = `${bag.codgrade ?? ""}|${bag.turma ?? ""}`;
    const title = `${bag.gradeLabel ?? "Sem série no cadastro"}${bag.turma ? ` · Turma ${bag.turma}` : ""}`;
    const group = groups.find((candidate) => candidate.key === key);
    if (group) group.bags.push(bag);
    else groups.push({ key, title, bags: [bag] });
  }
  return groups;
}

/** A button of the page's form acting on the bags it names ("intent:id,id"), not the ticked ones. */
export function OwnBagsButton({
  intent,
  bagIds,
  label,
  ariaLabel,
}: {
  intent: string;
  bagIds: readonly string[];
  label: string;
  /** The button's full name when `label` repeats on the page ("Desfazer separação: Lucas"). */
  ariaLabel?: string;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={`${intent}:${bagIds.join(",")}`}
      aria-label={ariaLabel}
      className={gestorSecondaryButton}
    >
      {label}
    </button>
  );
}

/**
 * A button acting on a whole class as the list groups it, every page of it ("intent@grade|class",
 * in the list's state and unit): the API finds its bags.
 */
export function ClassButton({
  intent,
  bag,
  label,
  group,
}: {
  intent: string;
  /** Any bag of the class: its grade and class name it. */
  bag: DeliveryBag;
  label: string;
  /** The class's title, which the button's name adds after its visible text (WCAG 2.5.3). */
  group: string;
}) {
  const part = (text: string | null) => encodeURIComponent(text ?? "");
  return (
    <button
      type="submit"
      name="intent"
      value={`${intent}@${part(bag.codgrade)}|${part(bag.turma)}`}
      aria-label={`${label}: ${group}`}
      className={gestorSecondaryButton}
    >
      {label}
    </button>
  );
}

/** A button acting on the ticked bags. */
export function TickedBagsButton({
  intent,
  label,
  primary = false,
}: {
  intent: string;
  label: string;
  primary?: boolean;
}) {
  return (
    <button type="submit" name="intent" value={intent} className={primary ? gestorButton : gestorSecondaryButton}>
      {label}
    </button>
  );
}
