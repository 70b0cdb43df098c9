import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { couponFields, type GestorCoupon } from "#api/contract/gestor/coupons.ts";
import { CheckboxChoices } from "#app/ui/checkbox-choices.tsx";
import { FieldErrors, FormErrors } from "#app/ui/form-field.tsx";
import type { UnitOption } from "../unit-options.ts";
import { GestorField } from "../gestor-field.tsx";
import { gestorButton, gestorCard, gestorLabel } from "../gestor-ui.tsx";

/** Checkboxes of one list field; none ticked is "every one". */
function ChoiceGroup({
  meta,
  legend,
  choices,
  chosen,
}: {
  meta: FieldMetadata<string[] | undefined>;
  legend: string;
  choices: { value: string; label: string }[];
  chosen: readonly string[];
}) {
  return (
    <fieldset className="min-w-0">
      <legend className={gestorLabel}>{legend}</legend>
      <p className="mb-1 text-xs text-slate-600">Nenhuma marcada: vale para todas.</p>
      <div className="grid max-h-48 grid-cols-1 gap-1 overflow-y-auto rounded border border-slate-200 p-2 sm:grid-cols-2">
        <CheckboxChoices
          name={meta.name}
          choices={choices}
          isTicked={(value) => chosen.includes(value)}
          labelClassName="flex items-center gap-2"
          boxClassName="h-4 w-4"
        />
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/**
 * The coupon's fields, for a new coupon and for an edit. One schema (couponFields) checks them
 * here and in the API; without JavaScript the server's reply brings back what was typed.
 */
export function CouponForm({
  coupon,
  categories,
  unitChoices,
  result,
  today,
  submitLabel,
}: {
  coupon?: GestorCoupon;
  categories: { id: string; title: string }[];
  /** The store's units a coupon may name (unitOptions, from the loader). */
  unitChoices: UnitOption[];
  result?: SubmissionResult<string[]>;
  today?: string;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: coupon ? `cupom-${coupon.id}` : "novo-cupom",
    lastResult: result,
    shouldValidate: "onSubmit",
    defaultValue: coupon
      ? {
          ...coupon,
          percentage: String(coupon.percentage),
          maxUses: coupon.maxUses?.toString(),
          maxUsesPerCustomer: coupon.maxUsesPerCustomer?.toString(),
        }
      : { startsOn: today },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: couponFields }),
  });
  // What the person ticked last (a refused form) or what is saved.
  const ticked = (meta: FieldMetadata<string[] | undefined>, saved: string[] | undefined) => {
    const value = meta.initialValue as unknown;
    return Array.isArray(value) ? (value as string[]) : typeof value === "string" ? [value] : (saved ?? []);
  };
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} noValidate className={`${gestorCard} flex flex-col gap-4`}>
      <AuthenticityTokenInput name="csrf" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <GestorField
          meta={fields.code}
          label="Código"
          hint="Letras, números, - ou _; a loja não diferencia maiúsculas."
          autoCapitalize="characters"
        />
        <GestorField meta={fields.percentage} label="Desconto (%)" inputMode="numeric" />
        <div className="hidden lg:block" />
        <GestorField meta={fields.startsOn} label="Válido a partir de" type="date" />
        <GestorField meta={fields.endsOn} label="Válido até (inclusive)" type="date" />
        <div className="hidden lg:block" />
        <GestorField
          meta={fields.maxUses}
          label="Limite de usos no total (opcional)"
          inputMode="numeric"
          hint="Em branco: sem limite."
        />
        <GestorField
          meta={fields.maxUsesPerCustomer}
          label="Limite de usos por cliente (opcional)"
          inputMode="numeric"
          hint="Em branco: sem limite."
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <ChoiceGroup
          meta={fields.unitCodes}
          legend="Unidades"
          choices={unitChoices}
          chosen={ticked(fields.unitCodes, coupon?.unitCodes)}
        />
        <ChoiceGroup
          meta={fields.categoryIds}
          legend="Categorias"
          choices={categories.map((category) => ({ value: category.id, label: category.title }))}
          chosen={ticked(fields.categoryIds, coupon?.categoryIds)}
        />
      </div>
      <p className="text-xs text-slate-600">
        Com unidades ou categorias marcadas, o cupom só vale quando todos os itens do carrinho são delas.
      </p>
      <div>
        <button type="submit" name="intent" value="save" disabled={busy} className={gestorButton}>
          {busy ? "Salvando..." : submitLabel}
        </button>
      </div>
    </Form>
  );
}
