/**
 * A product's form (admins) or its fields read-only (atendimento). Multipart, so a new image
 * travels with the fields and the whole works without JavaScript; prices in reais with a comma.
 */
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import {
  PRODUCT_TYPE_LABELS,
  PRODUCT_TYPES,
  productFormFields,
  SHIFTS,
  type ProductExtrasText,
  type ProductFieldsText,
  type ProductFormFields,
  type VariantFieldsText,
} from "#api/contract/gestor/catalogue.ts";
import { CheckboxChoices } from "#app/ui/checkbox-choices.tsx";
import { FieldErrors, FormErrors, SelectField, TextAreaField, TextField } from "#app/ui/form-field.tsx";
import type { UnitOption } from "../unit-options.ts";
import { gestorButton, gestorCard } from "../gestor-ui.tsx";
import { CheckboxField, ReadOnlyFields } from "./catalogue-ui.tsx";
import { ProductOptionsFields, type ProductFormText } from "./product-options-form.tsx";

export interface ProductFormOptions {
  categories: { slug: string; title: string }[];
  series: { id: number; label: string }[];
  /** The store's units a product may be sold by (unitOptions: active ones and the product's own). */
  units: UnitOption[];
}

/** A stored option as the page has it: its fields' text, and whether a sale holds its code. */
export interface ProductVariantDefaults {
  fields: VariantFieldsText;
  sold: boolean;
}

const LABELS: Record<keyof ProductFieldsText | keyof ProductExtrasText, string> = {
  itemTOTVSId: "Código do item no TOTVS (itemTOTVSId)",
  NOME: "Nome",
  slug: "Slug (endereço na loja)",
  descricao: "Descrição",
  categoria: "Categoria",
  TIPO: "Tipo (TIPO)",
  PRECO: "Preço em reais (PRECO)",
  DESCONTO: "Preço de venda, com desconto, em reais (DESCONTO)",
  PARCELAS: "Parcelas quando comprado sozinho (PARCELAS)",
  TURNO: "Turno (TURNO)",
  CODCOLIGADA: "Unidade (CODCOLIGADA)",
  maxInstallments: "Máximo de parcelas do plano",
  turnYear: "O plano de pagamento vira o ano",
  schoolYear: "Ano letivo do plano",
  seriesTOTVSID: "Séries",
  visivel: "Visível na loja",
  imagem: "Imagem",
  optionName: "Nome da opção",
  sizeChart: "Tabela de medidas",
  capacity: "Capacidade da turma",
};

const checkbox = (value: string | undefined) => (value === "1" ? "on" : undefined);

export function ProductReadOnly({
  fields,
  variants,
  options,
}: {
  fields: Record<string, string>;
  variants: readonly ProductVariantDefaults[];
  options: ProductFormOptions;
}) {
  const seriesLabel = (fields.seriesTOTVSID ?? "")
    .split(",")
    .filter(Boolean)
    .map((id) => options.series.find((serie) => String(serie.id) === id)?.label ?? id)
    .join("; ");
  const rows = (Object.keys(LABELS) as (keyof typeof LABELS)[]).map((key) => {
    const value = fields[key] ?? "";
    if (key === "capacity") return [LABELS[key], value || "Ilimitada"] as const;
    if (key === "seriesTOTVSID") return [LABELS[key], seriesLabel] as const;
    if (key === "turnYear" || key === "visivel") return [LABELS[key], value === "1" ? "Sim" : "Não"] as const;
    if (key === "PRECO" || key === "DESCONTO") return [LABELS[key], `R$ ${value}`] as const;
    if (key === "CODCOLIGADA")
      return [LABELS[key], options.units.find((unit) => unit.value === value)?.label ?? value] as const;
    return [LABELS[key], value] as const;
  });
  const optionRows = variants.map(
    ({ fields: variant }) =>
      [
        `${fields.optionName || "Opção"} ${variant.value}`,
        [
          `código ${variant.itemTOTVSId}`,
          variant.PRECO ? `R$ ${variant.PRECO}` : "",
          variant.DESCONTO ? `de venda R$ ${variant.DESCONTO}` : "",
          variant.active === "1" ? "ativa" : "inativa",
        ]
          .filter(Boolean)
          .join(", "),
      ] as const,
  );
  return <ReadOnlyFields rows={[...rows, ...optionRows]} />;
}

export function ProductForm({
  defaults,
  variants = [],
  seatsTaken = 0,
  options,
  lastResult,
  submitLabel,
}: {
  defaults: Partial<Record<keyof ProductFieldsText | keyof ProductExtrasText, string>>;
  variants?: readonly ProductVariantDefaults[];
  seatsTaken?: number;
  options: ProductFormOptions;
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<ProductFormText, ProductFormFields>({
    id: "produto",
    lastResult,
    defaultValue: {
      ...defaults,
      turnYear: checkbox(defaults.turnYear),
      visivel: checkbox(defaults.visivel),
      variants: variants.map((variant) => ({ ...variant.fields, active: checkbox(variant.fields.active) })),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productFormFields }),
  });
  const soldVariantIds = new Set(variants.filter((variant) => variant.sold).map((variant) => variant.fields.id));
  const chosenSeries = new Set(
    [fields.seriesTOTVSID.initialValue ?? []].flat().flatMap((value) => String(value ?? "").split(",")),
  );
  const units = [...options.units];
  // A code no unit of the store has (an imported product): shown as it is, not silently changed.
  if (defaults.CODCOLIGADA && !units.some((unit) => unit.value === defaults.CODCOLIGADA))
    units.push({ value: defaults.CODCOLIGADA, label: defaults.CODCOLIGADA });
  const imageError = (lastResult?.error?.novaImagem as string[] | undefined) ?? undefined;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      className="flex flex-col gap-4"
    >
      <AuthenticityTokenInput name="csrf" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <section className={`${gestorCard} grid gap-3 md:grid-cols-2`} aria-labelledby="produto-identificacao">
        <h2 id="produto-identificacao" className="font-bold text-slate-900 md:col-span-2">
          Identificação
        </h2>
        <TextField meta={fields.NOME} label={LABELS.NOME} maxLength={120} />
        <TextField meta={fields.itemTOTVSId} label={LABELS.itemTOTVSId} inputMode="numeric" />
        <SelectField
          meta={fields.categoria}
          label={LABELS.categoria}
          placeholder="Escolha a categoria"
          options={options.categories.map((category) => ({ value: category.slug, label: category.title }))}
        />
        <TextField
          meta={fields.slug}
          label={LABELS.slug}
          maxLength={120}
          placeholder="Em branco: formado a partir do nome"
        />
        <div className="md:col-span-2">
          <TextAreaField
            meta={fields.descricao}
            label={LABELS.descricao}
            hint="Até 5000 caracteres."
            maxLength={5000}
            rows={4}
          />
        </div>
      </section>
      <section className={`${gestorCard} grid gap-3 md:grid-cols-3`} aria-labelledby="produto-preco">
        <h2 id="produto-preco" className="font-bold text-slate-900 md:col-span-3">
          Preço e pagamento
        </h2>
        <TextField meta={fields.PRECO} label={LABELS.PRECO} inputMode="decimal" placeholder="1.234,56" />
        <TextField meta={fields.DESCONTO} label={LABELS.DESCONTO} inputMode="decimal" placeholder="1.234,56" />
        <TextField meta={fields.PARCELAS} label={LABELS.PARCELAS} inputMode="numeric" />
        <TextField meta={fields.maxInstallments} label={LABELS.maxInstallments} inputMode="numeric" />
        <TextField meta={fields.schoolYear} label={LABELS.schoolYear} inputMode="numeric" />
        <CheckboxField meta={fields.turnYear} label={LABELS.turnYear} />
      </section>
      <section className={`${gestorCard} grid gap-3 md:grid-cols-3`} aria-labelledby="produto-escola">
        <h2 id="produto-escola" className="font-bold text-slate-900 md:col-span-3">
          Escola
        </h2>
        <SelectField
          meta={fields.TIPO}
          label={LABELS.TIPO}
          placeholder="Escolha o tipo"
          options={PRODUCT_TYPES.map((type) => ({ value: type, label: PRODUCT_TYPE_LABELS[type] }))}
        />
        <SelectField
          meta={fields.TURNO}
          label={LABELS.TURNO}
          placeholder="Não se aplica"
          options={SHIFTS.map((shift) => ({ value: shift, label: shift }))}
        />
        <SelectField
          meta={fields.CODCOLIGADA}
          label={LABELS.CODCOLIGADA}
          placeholder="Escolha a unidade"
          options={units}
        />
        <fieldset className="md:col-span-3" aria-describedby={fields.seriesTOTVSID.errorId}>
          <legend className="mb-1 font-semibold text-slate-700">{LABELS.seriesTOTVSID}</legend>
          <div className="grid max-h-64 gap-1 overflow-y-auto rounded border border-slate-200 p-2 sm:grid-cols-2 lg:grid-cols-3">
            <CheckboxChoices
              name={fields.seriesTOTVSID.name}
              choices={options.series.map((serie) => ({ value: serie.id, label: serie.label }))}
              isTicked={(id) => chosenSeries.has(String(id))}
              labelClassName="inline-flex items-center gap-2"
              boxClassName="size-4"
            />
          </div>
          <FieldErrors id={fields.seriesTOTVSID.errorId} errors={fields.seriesTOTVSID.errors} />
        </fieldset>
      </section>
      <ProductOptionsFields form={form} fields={fields} soldVariantIds={soldVariantIds} seatsTaken={seatsTaken} />
      <section className={`${gestorCard} grid gap-3 md:grid-cols-2`} aria-labelledby="produto-vitrine">
        <h2 id="produto-vitrine" className="font-bold text-slate-900 md:col-span-2">
          Vitrine
        </h2>
        <input {...getInputProps(fields.imagem, { type: "hidden" })} key={fields.imagem.key} />
        <div className="flex items-start gap-3">
          {defaults.imagem ? (
            <img
              src={defaults.imagem}
              alt="Imagem atual do produto"
              width={96}
              height={96}
              className="rounded border"
            />
          ) : null}
          <div className="flex-1">
            <label htmlFor="produto-nova-imagem" className="mb-1 block text-xs font-semibold text-slate-700">
              Nova imagem (JPEG, PNG ou WebP, até 2 MB)
            </label>
            <input
              id="produto-nova-imagem"
              type="file"
              name="novaImagem"
              accept="image/jpeg,image/png,image/webp"
              aria-invalid={imageError ? true : undefined}
              aria-describedby={imageError ? "produto-nova-imagem-erro" : undefined}
            />
            <FieldErrors id="produto-nova-imagem-erro" errors={imageError} />
          </div>
        </div>
        <CheckboxField meta={fields.visivel} label={LABELS.visivel} />
      </section>
      <div>
        <button type="submit" className={gestorButton} disabled={navigation.state === "submitting"}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
