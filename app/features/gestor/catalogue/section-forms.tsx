/**
 * The small forms of the Categorias and Destaques pages: one form per category or banner, so
 * a refused one keeps what was typed there and shows its messages beside its fields.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CATEGORY_ICON_KEYS, type CategoryIconKey } from "#core/category-icons.ts";
import {
  bannerFields,
  categoryFields,
  highlightFields,
  type BannerFields,
  type CategoryFields,
  type GestorCategoryRow,
  type HighlightFields,
} from "#api/contract/gestor/catalogue.ts";
import { FormErrors, SelectField, TextField } from "#app/ui/form-field.tsx";
import { gestorButton, gestorCard } from "../gestor-ui.tsx";
import { CheckboxField } from "./catalogue-ui.tsx";

export interface SectionReply {
  formId?: string;
  result?: SubmissionResult<string[]>;
}

const resultFor = (formId: string, reply: SectionReply | undefined) =>
  reply?.formId === formId ? reply.result : undefined;

/** The icon keys of spec §9, as the gestor reads them. */
const ICON_LABELS: Record<CategoryIconKey, string> = {
  agenda: "Agenda",
  apostilhas: "Apostilas",
  camisas: "Camisas",
  canecas: "Canecas",
  cursos: "Cursos",
  "e-books": "E-books",
  eventos: "Eventos",
  fardamento: "Fardamento",
  "material-didatico": "Material didático",
  papelaria: "Papelaria",
  squeezes: "Squeezes",
  outros: "Outros",
};
const ICON_OPTIONS = CATEGORY_ICON_KEYS.map((key) => ({ value: key, label: ICON_LABELS[key] }));

type CategoryFormFields =
  "title" | "slug" | "position" | "visible" | "icon" | "homePosition" | "homeHeading" | "homeMenuLabel";

const optionalText = (value: string | number | null) => (value === null ? undefined : String(value));

export function CategoryForm({
  formId,
  category,
  reply,
}: {
  formId: string;
  category?: Omit<GestorCategoryRow, "productCount">;
  reply?: SectionReply;
}) {
  const [form, fields] = useForm<Partial<Record<CategoryFormFields, string>>, CategoryFields>({
    id: formId,
    lastResult: resultFor(formId, reply),
    defaultValue: category
      ? {
          title: category.title,
          slug: category.slug,
          position: String(category.position),
          visible: category.visible ? "on" : undefined,
          icon: optionalText(category.icon),
          homePosition: optionalText(category.homePosition),
          homeHeading: optionalText(category.homeHeading),
          homeMenuLabel: optionalText(category.homeMenuLabel),
        }
      : { position: "0", visible: "on" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categoryFields }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className={`${gestorCard} grid items-end gap-3 md:grid-cols-4`}
    >
      <AuthenticityTokenInput name="csrf" />
      {category ? <input type="hidden" name="categoryId" value={category.id} /> : null}
      <div className="md:col-span-4">
        <FormErrors id={form.errorId} errors={form.errors} />
      </div>
      <TextField meta={fields.title} label="Título" maxLength={60} />
      <TextField meta={fields.slug} label="Slug" maxLength={120} placeholder="Em branco: formado do título" />
      <TextField meta={fields.position} label="Ordem no menu" inputMode="numeric" />
      <SelectField meta={fields.icon} label="Ícone" placeholder="Pelo endereço (slug)" options={ICON_OPTIONS} />
      <TextField
        meta={fields.homePosition}
        label="Posição na página inicial"
        inputMode="numeric"
        placeholder="Em branco: fora da página inicial"
      />
      <TextField
        meta={fields.homeHeading}
        label="Cabeçalho da seção na página inicial"
        maxLength={60}
        placeholder="Em branco: o título"
      />
      <TextField
        meta={fields.homeMenuLabel}
        label="Rótulo no menu da página inicial"
        maxLength={30}
        placeholder="Em branco: o título"
      />
      <CheckboxField meta={fields.visible} label="Visível na loja" />
      <div className="md:col-span-4">
        <button type="submit" name="intent" value={category ? "update" : "create"} className={gestorButton}>
          {category ? `Salvar ${category.title}` : "Criar categoria"}
        </button>
      </div>
    </Form>
  );
}

export function HighlightForm({
  highlight,
  reply,
}: {
  highlight: { id: number; title: string; visible: boolean };
  reply?: SectionReply;
}) {
  const formId = `destaque-form-${highlight.id}`;
  const [form, fields] = useForm<Partial<Record<"title" | "visible", string>>, HighlightFields>({
    id: formId,
    lastResult: resultFor(formId, reply),
    defaultValue: { title: highlight.title, visible: highlight.visible ? "on" : undefined },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: highlightFields }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className={`${gestorCard} grid items-end gap-3 md:grid-cols-3`}
    >
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="highlightId" value={highlight.id} />
      <div className="md:col-span-3">
        <FormErrors id={form.errorId} errors={form.errors} />
      </div>
      <TextField meta={fields.title} label="Título do destaque" maxLength={80} />
      <CheckboxField meta={fields.visible} label="Visível na página inicial" />
      <div>
        <button type="submit" name="intent" value="highlight" className={gestorButton}>
          Salvar destaque
        </button>
      </div>
    </Form>
  );
}

export function BannerForm({
  highlightId,
  banner,
  reply,
}: {
  highlightId: number;
  banner: { id: string; title: string; subtitle: string; image: string; link: string; position: number };
  reply?: SectionReply;
}) {
  const formId = `banner-${banner.id}`;
  const [form, fields] = useForm<
    Partial<Record<"title" | "subtitle" | "image" | "link" | "position", string>>,
    BannerFields
  >({
    id: formId,
    lastResult: resultFor(formId, reply),
    defaultValue: { ...banner, position: String(banner.position) },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bannerFields }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className={`${gestorCard} grid gap-3 md:grid-cols-2`}>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="highlightId" value={highlightId} />
      <input type="hidden" name="bannerId" value={banner.id} />
      <div className="md:col-span-2">
        <FormErrors id={form.errorId} errors={form.errors} />
      </div>
      <img
        src={banner.image}
        alt={`Banner atual: ${banner.title}`}
        width={300}
        height={100}
        className="rounded border md:col-span-2"
      />
      <TextField meta={fields.title} label="Título" maxLength={80} />
      <TextField meta={fields.subtitle} label="Subtítulo" maxLength={120} />
      <TextField meta={fields.image} label="Imagem (caminho ou endereço https)" maxLength={500} />
      <TextField meta={fields.link} label="Link na loja (ex.: /categoria/cursos)" maxLength={500} />
      <TextField meta={fields.position} label="Ordem" inputMode="numeric" />
      <div className="flex items-end">
        <button type="submit" name="intent" value="banner" className={gestorButton}>
          Salvar banner
        </button>
      </div>
    </Form>
  );
}
