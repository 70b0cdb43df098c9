import { Form, Link, useLocation } from "react-router";
import type { StudentLink } from "#api/contract/students.ts";
import type { SerieOption, SchoolLevel } from "#app/features/catalogue/series.ts";
import type { LinkMode } from "#app/features/students/link-mode.ts";
import { chooserDialog, StudentChooser, type StudentChooserReply } from "#app/features/students/student-chooser.tsx";
import { CheckboxChoices } from "#app/ui/checkbox-choices.tsx";
import { formatBRL } from "#core/money.ts";
import { priceView } from "#core/price-view.ts";
import { CHECKOUT_PATH, hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import type { ItemOutcome } from "./item-outcomes.ts";
import { QUICK_PARAMS, QUICK_PURCHASE_PATH, quickPurchaseHref } from "./quick-purchase-state.ts";
import { quickLineOf, type QuickItem } from "./recommendation.ts";

const primary = "rounded-full bg-brand-600 px-5 py-2.5 font-bold text-white hover:bg-brand-700";
const secondary = "rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50";

function Problem({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="rounded-lg bg-red-50 p-3 font-semibold text-red-700">
      {message}
    </p>
  ) : null;
}

const hiddenIds = (name: string, ids: readonly number[]) =>
  ids.map((id) => <input key={`${name}-${id}`} type="hidden" name={name} value={id} />);

/**
 * Step 1: the grades by level (spec §3), a plain GET form to step 2. `studentsGrades`: the ticked
 * ones are the parent's students' grades, not a choice of theirs yet (issue 27).
 */
export function GradeStep({
  groups,
  series,
  problem,
  studentsGrades,
}: {
  groups: { level: SchoolLevel; options: SerieOption[] }[];
  series: number[];
  problem: string | null;
  studentsGrades: boolean;
}) {
  const { search } = useLocation();
  return (
    <Form key={search} method="get" action={QUICK_PURCHASE_PATH} className="flex flex-col gap-5">
      <h2 className="text-xl font-bold text-slate-900">Qual é a série do estudante?</h2>
      <Problem message={problem} />
      {studentsGrades ? (
        <p className="text-sm text-slate-600" data-testid="students-grades-hint">
          Séries dos seus estudantes
        </p>
      ) : null}
      {groups.length === 0 ? <p className="text-slate-600">Nenhuma série disponível no momento.</p> : null}
      <input type="hidden" name={QUICK_PARAMS.step} value="2" />
      <div className="grid gap-5 md:grid-cols-3">
        {groups.map((group) => (
          <fieldset key={group.level}>
            <legend className="mb-2 font-bold text-slate-800">{group.level}</legend>
            <div className="flex flex-col gap-1.5">
              <CheckboxChoices
                name={QUICK_PARAMS.serie}
                choices={group.options.map((option) => ({ value: option.serie_id, label: option.label }))}
                isTicked={(serieId) => series.includes(serieId)}
                labelClassName="flex items-center gap-2 text-slate-700"
                boxClassName="h-4 w-4 accent-brand-600"
              />
            </div>
          </fieldset>
        ))}
      </div>
      {groups.length > 0 ? (
        <button type="submit" className={`${primary} self-end`}>
          Continuar
        </button>
      ) : null}
    </Form>
  );
}

/**
 * A product sold in sizes (issue 28): the size is the choice, "Não incluir" leaves it out. The
 * chosen size's own item code goes in ?item=, as a ticked box's does (plain GET, no JavaScript);
 * the title's label names the select.
 */
function SizeSelect({
  item,
  options,
  ticked,
}: {
  item: QuickItem;
  options: NonNullable<QuickItem["options"]>;
  ticked: number[];
}) {
  const chosen = options.sizes.find((size) => ticked.includes(size.itemTOTVS));
  return (
    <span className="flex w-full items-center gap-2 pl-[3.75rem] text-sm sm:w-auto sm:pl-0">
      <span aria-hidden="true" className="text-slate-700">
        {options.name}
      </span>
      <select
        id={`item-${item.itemTOTVS}`}
        name={QUICK_PARAMS.item}
        defaultValue={chosen ? String(chosen.itemTOTVS) : ""}
        className="rounded-lg border border-slate-300 bg-white px-2 py-1"
      >
        <option value="">Não incluir</option>
        {options.sizes.map((size) => (
          <option key={size.itemTOTVS} value={size.itemTOTVS}>
            {size.value}
          </option>
        ))}
      </select>
    </span>
  );
}

function ItemPrice({ item }: { item: QuickItem }) {
  const price = priceView(item, item.installments);
  if (price.free) return <span className="font-bold text-emerald-700">Grátis</span>;
  return (
    <span className="flex flex-col items-end text-right">
      {price.was ? (
        <span className="text-xs text-slate-600">
          de <s>{price.was}</s> por
        </span>
      ) : null}
      <span className="font-bold text-brand-700">{price.price}</span>
      <span className="text-xs text-slate-600">{price.installments ?? "à vista"}</span>
    </span>
  );
}

function ItemChecklist({
  title,
  note,
  items,
  ticked,
}: {
  title: string;
  note?: string;
  items: QuickItem[];
  ticked: number[];
}) {
  if (items.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-bold text-slate-800">{title}</legend>
      {note ? <p className="text-sm text-slate-600">{note}</p> : null}
      <ul className="flex flex-col divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        {items.map((item) => (
          <li key={item.itemTOTVS} className="flex flex-wrap items-center gap-3 p-3">
            {item.options ? null : (
              <input
                id={`item-${item.itemTOTVS}`}
                type="checkbox"
                name={QUICK_PARAMS.item}
                value={item.itemTOTVS}
                defaultChecked={ticked.includes(item.itemTOTVS)}
                className="h-5 w-5 shrink-0 accent-brand-600"
              />
            )}
            <img
              src={item.image}
              alt=""
              width={48}
              height={48}
              className="h-12 w-12 shrink-0 rounded-lg object-cover"
            />
            <label htmlFor={`item-${item.itemTOTVS}`} className="flex-1 text-sm font-semibold text-slate-800">
              {item.title}
            </label>
            <ItemPrice item={item} />
            {item.options ? <SizeSelect item={item} options={item.options} ticked={ticked} /> : null}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Step 2: the chosen grades' list, ticked as suggested; a plain GET form to step 3. */
export function ItemsStep({
  series,
  items,
  ticked,
  problem,
}: {
  series: number[];
  items: QuickItem[];
  ticked: number[];
  problem: string | null;
}) {
  const { search } = useLocation();
  return (
    <Form key={search} method="get" action={QUICK_PURCHASE_PATH} className="flex flex-col gap-5">
      <h2 className="text-xl font-bold text-slate-900">Itens indicados para a série</h2>
      <Problem message={problem} />
      <input type="hidden" name={QUICK_PARAMS.step} value="3" />
      {hiddenIds(QUICK_PARAMS.serie, series)}
      <ItemChecklist title="Material e fardamento" items={items.filter((item) => !item.activity)} ticked={ticked} />
      <ItemChecklist
        title="Cursos e eventos (opcionais)"
        note="Cada estudante pode ter um curso ou evento no carrinho: marque o que desejar."
        items={items.filter((item) => item.activity)}
        ticked={ticked}
      />
      <div className="flex justify-between gap-3">
        <Link to={quickPurchaseHref({ step: 1, series, items: [] })} className={secondary}>
          Voltar
        </Link>
        {items.length > 0 ? (
          <button type="submit" className={primary}>
            Continuar
          </button>
        ) : null}
      </div>
    </Form>
  );
}

/** Step 3: who the ticked items are for: a visitor logs in first and comes back here. */
export function StudentChoiceStep({
  series,
  items,
  ticked,
  loggedIn,
  mode,
  students,
  selectedStudentId,
  studentDataId,
  removeLinkId,
  reply,
}: {
  series: number[];
  items: QuickItem[];
  ticked: number[];
  loggedIn: boolean;
  mode: LinkMode;
  students: StudentLink[];
  selectedStudentId: string | null;
  studentDataId: string | null;
  removeLinkId: string | null;
  reply?: StudentChooserReply;
}) {
  const location = useLocation();
  const basePath = quickPurchaseHref({ step: 3, series, items: ticked });
  const chosen = ticked.flatMap((code) => quickLineOf(items, code) ?? []);
  const total = chosen.reduce((sum, line) => sum + line.DESCONTO, 0);
  // A card's "Ver dados" or "Remover vínculo" (spec §2) opens over the list.
  const cardDialog =
    mode === "lista" ? chooserDialog({ basePath, students, selectedStudentId, studentDataId, removeLinkId }) : null;
  return (
    <section aria-labelledby="quick-student-title" className="flex flex-col gap-5">
      <h2 id="quick-student-title" className="text-xl font-bold text-slate-900">
        {mode === "novo" || mode === "completo"
          ? "Preencha os dados do aluno que será adicionado!"
          : "Esses itens são para quem?"}
      </h2>
      <div className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700" data-testid="quick-purchase-summary">
        <p className="font-semibold">
          {chosen.length} {chosen.length === 1 ? "item marcado" : "itens marcados"}, {formatBRL(total)}
        </p>
        <ul className="mt-1 list-inside list-disc">
          {chosen.map((line) => (
            <li key={line.itemTOTVS}>{line.title}</li>
          ))}
        </ul>
      </div>
      {loggedIn ? (
        <StudentChooser
          basePath={basePath}
          mode={mode}
          students={students}
          selectedStudentId={selectedStudentId}
          confirmLabel="Adicionar ao carrinho"
          reply={reply}
        />
      ) : (
        <div className="flex flex-col items-start gap-3 rounded-xl bg-brand-50 p-4 text-brand-900">
          <p>Entre na sua conta para escolher o estudante. Suas escolhas ficam guardadas.</p>
          <Link
            to={hrefWithParam(location, URL_STATE.account.key, URL_STATE.account.login)}
            preventScrollReset
            className={primary}
          >
            Entrar
          </Link>
        </div>
      )}
      <Link to={quickPurchaseHref({ step: 2, series, items: ticked })} className={`${secondary} self-start`}>
        Voltar aos itens
      </Link>
      {cardDialog}
    </section>
  );
}

export interface ResultLine {
  itemTOTVS: number;
  title: string;
  result: ItemOutcome["result"];
  text: string;
}

const RESULT_STYLE: Record<ItemOutcome["result"], string> = {
  added: "text-emerald-700",
  already: "text-slate-700",
  refused: "text-red-700",
  unavailable: "text-red-700",
  failed: "text-red-700",
};

/** Step 4: what happened to each item, then the cart or the checkout. */
export function ResultStep({ studentName, lines }: { studentName: string | null; lines: ResultLine[] | null }) {
  const location = useLocation();
  return (
    <section aria-labelledby="quick-result-title" className="flex flex-col gap-5">
      <h2 id="quick-result-title" className="text-xl font-bold text-slate-900">
        {studentName ? `Itens para ${studentName}` : "Itens enviados ao carrinho"}
      </h2>
      {lines ? (
        <ul className="flex flex-col divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {lines.map((line) => (
            <li
              key={line.itemTOTVS}
              className="flex flex-col gap-0.5 p-3 sm:flex-row sm:justify-between sm:gap-4"
              data-testid="quick-purchase-outcome"
              data-result={line.result}
            >
              <span className="font-semibold text-slate-800">{line.title}</span>
              <span className={`text-sm font-semibold ${RESULT_STYLE[line.result]}`}>{line.text}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">Veja no carrinho o que foi adicionado.</p>
      )}
      <div className="flex flex-wrap gap-3">
        <Link
          to={hrefWithParam(location, URL_STATE.cart.key, URL_STATE.cart.open)}
          preventScrollReset
          className={secondary}
        >
          Ver carrinho
        </Link>
        <Link to={CHECKOUT_PATH} className={primary}>
          Ir para o pagamento
        </Link>
        <Link to={QUICK_PURCHASE_PATH} className={secondary}>
          Nova Compra Rápida
        </Link>
      </div>
    </section>
  );
}
