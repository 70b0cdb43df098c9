/**
 * Pedidos' filters: a GET form (the address is the list's state, so a filtered list can be
 * bookmarked or reloaded), checked by the API query's own schema in the browser and the loader.
 */
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { saleFilters, type SaleFilterQuery } from "#api/contract/gestor/sales.ts";
import { SALE_STATUS_LABELS } from "#core/sales.ts";
import { PAYMENT_METHOD_LABELS } from "#core/payment-methods.ts";
import { FieldErrors } from "#app/ui/form-field.tsx";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import type { UnitOption } from "../unit-options.ts";
import { gestorButton, gestorInput, gestorLabel, gestorSecondaryButton } from "../gestor-ui.tsx";

const STATUS_OPTIONS = Object.entries(SALE_STATUS_LABELS).map(([value, label]) => ({
  value,
  label: value === "declined" ? `${label} (tentativas de cartão)` : label,
}));
const METHOD_OPTIONS = Object.entries(PAYMENT_METHOD_LABELS).map(([value, label]) => ({ value, label: label.summary }));

function Field({ meta, label, children }: { meta: FieldMetadata<unknown>; label: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={meta.id} className={gestorLabel}>
        {label}
      </label>
      {children}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function Select({
  meta,
  label,
  options,
  all,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  options: readonly { value: string; label: string }[];
  all: string;
}) {
  const props = getSelectProps(meta as FieldMetadata<string>);
  return (
    <Field meta={meta} label={label}>
      <select {...props} key={props.key} className={gestorInput}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

function Input({
  meta,
  label,
  type = "text",
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  type?: "text" | "date";
}) {
  const props = getInputProps(meta as FieldMetadata<string>, { type });
  return (
    <Field meta={meta} label={label}>
      <input {...props} key={props.key} maxLength={254} className={gestorInput} />
    </Field>
  );
}

export function OrderFilters({
  query,
  result,
  unitChoices,
}: {
  query: SaleFilterQuery;
  result: SubmissionResult<string[]> | null;
  /** Every unit of the store (unitOptions, from the loader). */
  unitChoices: UnitOption[];
}) {
  const [form, fields] = useForm({
    id: "filtros-pedidos",
    lastResult: result,
    defaultValue: query,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: saleFilters }),
  });
  return (
    <Form
      method="get"
      {...getFormProps(form)}
      noValidate
      aria-label="Filtros dos pedidos"
      className="mb-4 grid gap-3 rounded border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <Input meta={fields.q} label="Busca (nome, e-mail, CPF, RA ou número do pedido)" />
      <Input meta={fields.customer} label="Cliente (e-mail ou CPF)" />
      <Input meta={fields.ra} label="RA do estudante" />
      <Select meta={fields.status} label="Situação" options={STATUS_OPTIONS} all="Todas (sem tentativas recusadas)" />
      <Select meta={fields.method} label="Forma de pagamento" options={METHOD_OPTIONS} all="Todas" />
      <Select meta={fields.unit} label="Unidade" options={unitChoices} all="Todas" />
      <Input meta={fields.from} label="De (data do pedido)" type="date" />
      <Input meta={fields.to} label="Até" type="date" />
      <div className="flex items-end gap-2">
        <button type="submit" className={gestorButton}>
          Filtrar
        </button>
        <Link to={GESTOR_PATHS.orders} className={gestorSecondaryButton}>
          Limpar
        </Link>
      </div>
    </Form>
  );
}
