import { getInputProps, getSelectProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { StudentListLine, StudentMaterialList } from "#api/contract/material-lists.ts";
import { FieldErrors, FormErrors, SubmitButton } from "#app/ui/form-field.tsx";
import { useForm } from "#app/ui/use-form.ts";
import { productPath } from "#app/lib/product-path.ts";
import { formatBRL } from "#core/money.ts";
import { counted } from "#core/text.ts";
import {
  BUY,
  boughtTotal,
  choicesOf,
  initialChoices,
  isBuyable,
  SKIP,
  studentListSchema,
  type StudentListFields,
  type StudentListValue,
} from "./student-list-schema.ts";

type LineFields = ReturnType<
  ReturnType<FieldMetadata<StudentListFields["lines"]>["getFieldList"]>[number]["getFieldset"]
>;

/**
 * The student's list as one form (a plain POST: it works without JavaScript): each line with its
 * picture, quantity, price and note; a line to buy says "Comprar" or "Já tenho" (required lines
 * start on "Comprar", optional ones on "Não quero") and a sized line asks for the size. The
 * total of the lines to buy is the server's at first and follows the choices with JavaScript.
 */
export function StudentListForm({
  list,
  sent,
  lastResult,
}: {
  list: StudentMaterialList;
  /** The page shows what the last "Adicionar ao carrinho" did. */
  sent: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const buyable = list.lines.filter(isBuyable);
  const defaultValue = initialChoices(list, sent);
  const [form, fields] = useForm<StudentListFields, StudentListValue>({
    id: `lista-${list.id}`,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: studentListSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // The choices as the browser holds them (JavaScript): the total and each line's chosen size's price follow them.
  const [choices, setChoices] = useState(defaultValue.lines);
  const lineFields = fields.lines.getFieldList();
  const fieldsOf = new Map(buyable.map((line, i) => [line.lineId, lineFields[i]?.getFieldset()]));
  const busy = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      onChange={(event) => setChoices(choicesOf(new FormData(event.currentTarget), buyable.length))}
      noValidate
      className="flex flex-col gap-4"
    >
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name={fields.listId.name} value={list.id} />
      <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.lines.errors ?? [])]} />
      <ol className="flex flex-col divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200">
        {list.lines.map((line) => (
          <ListLine
            key={line.lineId}
            line={line}
            fields={fieldsOf.get(line.lineId)}
            chosenSize={choices.find((choice) => choice.lineId === line.lineId)?.size}
          />
        ))}
      </ol>
      <div className="flex flex-col gap-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-800" aria-live="polite">
          Total dos itens marcados:{" "}
          <strong data-testid="list-total">{formatBRL(boughtTotal(list.lines, choices))}</strong>
        </p>
        <SubmitButton busy={busy} className="sm:w-auto">
          {busy ? "Adicionando..." : "Adicionar ao carrinho"}
        </SubmitButton>
      </div>
    </Form>
  );
}

const badge = "rounded-full px-2 py-0.5 text-xs font-semibold";

function ListLine({
  line,
  fields,
  chosenSize,
}: {
  line: StudentListLine;
  fields: LineFields | undefined;
  /** The size chosen now (its item code), whose own price the line shows. */
  chosenSize: string | undefined;
}) {
  const titleId = `linha-${line.lineId}`;
  const size = line.options.find((option) => String(option.itemTOTVSId) === chosenSize);
  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start"
      data-testid="list-line"
      aria-labelledby={titleId}
    >
      <img src={line.image} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded-lg object-cover" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-semibold text-slate-900">
            {line.title}
          </h3>
          <span className={`${badge} ${line.required ? "bg-brand-50 text-brand-700" : "bg-slate-100 text-slate-700"}`}>
            {line.required ? "Obrigatório" : "Opcional"}
          </span>
          {line.schoolOnly ? (
            <span className={`${badge} bg-amber-50 text-amber-800`}>Vendido só pela escola</span>
          ) : null}
        </div>
        <p className="text-sm text-slate-700">
          {counted(line.quantity, "unidade", "unidades")} · {formatBRL((size ?? line).price)} cada
        </p>
        {line.note ? <p className="text-sm text-slate-600 italic">{line.note}</p> : null}
      </div>
      <div className="flex flex-col gap-2 sm:w-64">
        <LineChoice line={line} fields={fields} titleId={titleId} />
      </div>
    </li>
  );
}

/** What the parent can do with the line now: buy it or not (and its size), or why not. */
function LineChoice({
  line,
  fields,
  titleId,
}: {
  line: StudentListLine;
  fields: LineFields | undefined;
  titleId: string;
}) {
  if (line.inBag) return <p className="font-semibold text-emerald-700">Já está no carrinho</p>;
  if (line.unavailable) return <p className="font-semibold text-slate-600">Indisponível no momento</p>;
  if (line.soldOut)
    return (
      <p className="flex flex-wrap items-center gap-3">
        <span className="font-semibold text-red-700">Esgotado</span>
        <a
          href={productPath(line.categorySlug, line.productSlug)}
          className="font-semibold text-brand-600 hover:underline"
        >
          Avise-me<span className="sr-only"> quando {line.title} chegar</span>
        </a>
      </p>
    );
  if (!fields) return null;
  return (
    <>
      <input type="hidden" name={fields.lineId.name} value={line.lineId} />
      {line.optionName !== null ? <input type="hidden" name={fields.sized.name} value="1" /> : null}
      <fieldset aria-labelledby={titleId} className="flex gap-2">
        {[
          { value: BUY, label: "Comprar" },
          { value: SKIP, label: line.required ? "Já tenho" : "Não quero" },
        ].map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-1.5 text-sm ring-1 ring-slate-300 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600"
          >
            <input {...getInputProps(fields.buy, { type: "radio", value: choice.value })} className="h-4 w-4" />
            {choice.label}
          </label>
        ))}
      </fieldset>
      {line.optionName !== null ? <SizeChoice line={line} meta={fields.size} /> : null}
    </>
  );
}

/** The sizes of a sized line; a sold-out size is named and cannot be chosen. */
function SizeChoice({ line, meta }: { line: StudentListLine; meta: LineFields["size"] }) {
  const props = getSelectProps(meta);
  return (
    <div>
      <label htmlFor={meta.id} className="text-sm font-semibold text-slate-700">
        {line.optionName}
        <span className="sr-only"> de {line.title}</span>
      </label>
      <select
        {...props}
        key={props.key}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 aria-[invalid=true]:border-red-500"
      >
        <option value="">Escolha</option>
        {line.options.map((option) => (
          <option key={option.itemTOTVSId} value={option.itemTOTVSId} disabled={option.soldOut}>
            {sizeLabel(line, option)}
          </option>
        ))}
      </select>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** "M", "GG · R$ 59,90" (a size with a price of its own), "P (esgotado)". */
function sizeLabel(line: StudentListLine, option: StudentListLine["options"][number]): string {
  const label = option.price === line.price ? option.value : `${option.value} · ${formatBRL(option.price)}`;
  return option.soldOut ? `${label} (esgotado)` : label;
}
