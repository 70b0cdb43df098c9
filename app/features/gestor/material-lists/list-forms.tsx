/**
 * A material list's forms (issue 29): the list's own fields (notice, publish date, discount),
 * a new line, and each line's fields with its ↑/↓ and "Tirar da lista". Each is one plain POST
 * form with its intent, checked in the browser with the schema the action and the API use; a
 * refused one keeps what was typed.
 */
import { getFormProps, getTextareaProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import {
  COLLECTIVE_USE_WARNING,
  LIST_NOTE_MAX,
  LIST_NOTICE_MAX,
  listLineFields,
  listSettingsFields,
  newListLineFields,
  REQUIRED_COLLECTIVE_USE_WARNING,
  type GestorListLine,
  type GestorMaterialList,
  type ListLineFields,
  type ListSettingsFields,
  type NewListLineFields,
} from "#api/contract/gestor/material-lists.ts";
import { FieldErrors, FormErrors } from "#app/ui/form-field.tsx";
import { counted } from "#core/text.ts";
import { useForm } from "#app/ui/use-form.ts";
import { CheckboxField } from "../catalogue/catalogue-ui.tsx";
import { GestorField } from "../gestor-field.tsx";
import {
  gestorButton,
  gestorCard,
  gestorDangerButton,
  gestorInput,
  gestorLabel,
  gestorSecondaryButton,
} from "../gestor-ui.tsx";

export interface ListFormReply {
  formId?: string;
  result?: SubmissionResult<string[]>;
}

const resultFor = (formId: string, reply: ListFormReply | undefined) =>
  reply?.formId === formId ? reply.result : undefined;

type Field = FieldMetadata<string | boolean | undefined>;

/** The law's warning on a line of collective use; the strongest when it is also required. */
export function CollectiveUseWarning({ required }: { required: boolean }) {
  return (
    <p
      role="note"
      className={`rounded px-2 py-1 text-sm font-semibold ${required ? "bg-red-100 text-red-900" : "bg-amber-100 text-amber-950"}`}
    >
      {required ? REQUIRED_COLLECTIVE_USE_WARNING : COLLECTIVE_USE_WARNING}
    </p>
  );
}

/** Notice for parents, "Publicar a partir de" and "Lista completa com X% de desconto". */
export function ListSettingsForm({ list, reply }: { list: GestorMaterialList; reply?: ListFormReply }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<
    Partial<Record<"notice" | "publishFrom" | "discountPercentage", string>>,
    ListSettingsFields
  >({
    id: "lista",
    lastResult: resultFor("lista", reply),
    defaultValue: {
      notice: list.notice ?? "",
      publishFrom: list.publishFrom ?? "",
      discountPercentage: list.discountPercentage === null ? "" : String(list.discountPercentage),
    },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: listSettingsFields }),
  });
  const notice = getTextareaProps(fields.notice);
  return (
    <Form method="post" {...getFormProps(form)} noValidate className={`${gestorCard} grid gap-3 md:grid-cols-2`}>
      <AuthenticityTokenInput name="csrf" />
      <div className="md:col-span-2">
        <FormErrors id={form.errorId} errors={form.errors} />
      </div>
      <div className="md:col-span-2">
        <label htmlFor={fields.notice.id} className={gestorLabel}>
          Aviso aos responsáveis (opcional)
        </label>
        <textarea {...notice} key={notice.key} rows={3} maxLength={LIST_NOTICE_MAX} className={gestorInput} />
        <FieldErrors id={fields.notice.errorId} errors={fields.notice.errors} />
      </div>
      <GestorField
        meta={fields.publishFrom}
        label="Publicar a partir de"
        type="date"
        hint="Em branco, a lista fica como rascunho: só a equipe a vê."
      />
      <GestorField
        meta={fields.discountPercentage}
        label="Lista completa com desconto de (%)"
        inputMode="numeric"
        maxLength={2}
        hint="De 1 a 50, quando todos os itens obrigatórios estão no carrinho. Em branco: sem desconto."
      />
      <div>
        <button type="submit" name="intent" value="settings" className={gestorButton} disabled={busy}>
          Salvar lista
        </button>
      </div>
    </Form>
  );
}

/** Quantity, obrigatório, uso coletivo and the note: a line's fields, in its form or the new line's. */
function LineFields({ fields }: { fields: { [Key in "quantity" | "required" | "collectiveUse" | "note"]: Field } }) {
  return (
    <>
      <GestorField meta={fields.quantity} label="Quantidade" inputMode="numeric" maxLength={2} />
      <div className="flex flex-col justify-end gap-1">
        <CheckboxField meta={fields.required} label="Obrigatório" />
        <CheckboxField meta={fields.collectiveUse} label="Uso coletivo" />
      </div>
      <GestorField
        meta={fields.note}
        label="Observação para os responsáveis (opcional)"
        maxLength={LIST_NOTE_MAX}
        placeholder="pode ser o do ano anterior"
      />
    </>
  );
}

type LineFormValues = Partial<Record<"quantity" | "required" | "collectiveUse" | "note", string | boolean>>;

/** A new line, by the product's item code (`item`: filled from the search's "Usar este"). */
export function NewLineForm({ item, reply, full }: { item: string; reply?: ListFormReply; full: boolean }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<LineFormValues & { item?: string }, NewListLineFields>({
    id: "novo-item",
    lastResult: resultFor("novo-item", reply),
    defaultValue: { item, quantity: "1", required: false, collectiveUse: false, note: "" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newListLineFields }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className={`${gestorCard} grid items-start gap-3 md:grid-cols-[10rem_7rem_auto_1fr_auto]`}
    >
      <AuthenticityTokenInput name="csrf" />
      <div className="md:col-span-5">
        <FormErrors id={form.errorId} errors={form.errors} />
      </div>
      <GestorField
        meta={fields.item}
        label="Código do item"
        inputMode="numeric"
        maxLength={10}
        hint="O código do produto, mesmo com tamanhos: o responsável escolhe o tamanho."
      />
      <LineFields fields={fields} />
      <div className="self-end">
        <button type="submit" name="intent" value="add-line" className={gestorButton} disabled={busy || full}>
          Incluir item
        </button>
      </div>
    </Form>
  );
}

/** One line: its fields' form, then ↑, ↓ and "Tirar da lista", each its own POST. */
export function LineCard({
  line,
  index,
  count,
  reply,
}: {
  line: GestorListLine;
  index: number;
  count: number;
  reply?: ListFormReply;
}) {
  const formId = `item-${line.id}`;
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<LineFormValues, ListLineFields>({
    id: formId,
    lastResult: resultFor(formId, reply),
    defaultValue: {
      quantity: String(line.quantity),
      required: line.required,
      collectiveUse: line.collectiveUse,
      note: line.note ?? "",
    },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: listLineFields }),
  });
  const name = `${line.title} (${line.itemTOTVSId})`;
  return (
    <li className={`${gestorCard} flex flex-col gap-3`} aria-label={`Item ${index + 1}: ${line.title}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {index + 1}. {line.title} <span className="font-mono text-sm text-slate-600">({line.itemTOTVSId})</span>
        </p>
        <div className="flex flex-wrap gap-2 text-sm">
          {/* What is saved, apart from the fields being typed in. */}
          <span data-testid="resumo-item" className="rounded bg-slate-100 px-2 py-0.5">
            {counted(line.quantity, "unidade", "unidades")} · {line.required ? "Obrigatório" : "Opcional"}
            {line.collectiveUse ? " · Uso coletivo" : ""}
          </span>
          {line.optionName ? (
            <span className="rounded bg-slate-100 px-2 py-0.5">{line.optionName}: o responsável escolhe</span>
          ) : null}
          {line.offSale ? (
            <span className="rounded bg-amber-100 px-2 py-0.5 text-amber-950">
              Fora da loja: os responsáveis não conseguem comprar
            </span>
          ) : null}
        </div>
      </div>
      {line.collectiveUse ? <CollectiveUseWarning required={line.required} /> : null}
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate
        className="grid items-start gap-3 md:grid-cols-[7rem_auto_1fr_auto]"
      >
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="lineId" value={line.id} />
        <div className="md:col-span-4">
          <FormErrors id={form.errorId} errors={form.errors} />
        </div>
        <LineFields fields={fields} />
        <div className="self-end">
          <button type="submit" name="intent" value="update-line" className={gestorSecondaryButton} disabled={busy}>
            Salvar item<span className="sr-only"> {name}</span>
          </button>
        </div>
      </Form>
      <div className="flex flex-wrap gap-2">
        {(
          [
            ["up", "↑", "Subir", index === 0],
            ["down", "↓", "Descer", index === count - 1],
          ] as const
        ).map(([direction, arrow, text, edge]) => (
          <Form method="post" key={direction}>
            <AuthenticityTokenInput name="csrf" />
            <input type="hidden" name="lineId" value={line.id} />
            <input type="hidden" name="direction" value={direction} />
            <button
              type="submit"
              name="intent"
              value="move-line"
              disabled={edge}
              className={`${gestorSecondaryButton} px-2 py-0.5`}
            >
              <span aria-hidden="true">{arrow} </span>
              {text}
              <span className="sr-only"> {name}</span>
            </button>
          </Form>
        ))}
        <Form method="post">
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="lineId" value={line.id} />
          <button type="submit" name="intent" value="remove-line" className={`${gestorDangerButton} px-2 py-0.5`}>
            Tirar da lista<span className="sr-only">: {name}</span>
          </button>
        </Form>
      </div>
    </li>
  );
}
