/**
 * The small forms of the Categorias and Destaques pages: one form per category or banner, so
 * a refused one keeps what was typed there and shows its messages beside its fields.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import {
  bannerFields,
  categoryFields,
  type BannerFields,
  type CategoryFields,
} from "#api/contract/gestor/catalogue.ts";
import { FormErrors, TextField } from "#app/ui/form-field.tsx";
import { gestorButton, gestorCard } from "../gestor-ui.tsx";
import { CheckboxField } from "./catalogue-ui.tsx";

export interface SectionReply {
  formId?: string;
  result?: SubmissionResult<string[]>;
}

const resultFor = (formId: string, reply: SectionReply | undefined) =>
  reply?.formId === formId ? reply.result : undefined;

export function CategoryForm({
  formId,
  category,
  reply,
}: {
  formId: string;
  category?: { id: string; title: string; slug: string; position: number; visible: boolean };
  reply?: SectionReply;
}) {
  const [form, fields] = useForm<Partial<Record<"title" | "slug" | "position" | "visible", string>>, CategoryFields>({
    id: formId,
    lastResult: resultFor(formId, reply),
    defaultValue: category
      ? { ...category, position: String(category.position), visible: category.visible ? "on" : undefined }
      : { position: "0", visible: "on" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categoryFields }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className={`${gestorCard} grid items-end gap-3 md:grid-cols-5`}
    >
      <AuthenticityTokenInput name="csrf" />
      {category ? <input type="hidden" name="categoryId" value={category.id} /> : null}
      <div className="md:col-span-5">
        <FormErrors id={form.errorId} errors={form.errors} />
      </div>
      <TextField meta={fields.title} label="Título" maxLength={60} />
      <TextField meta={fields.slug} label="Slug" maxLength={120} placeholder="Em branco: formado do título" />
      <TextField meta={fields.position} label="Ordem no menu" inputMode="numeric" />
      <CheckboxField meta={fields.visible} label="Visível na loja" />
      <div>
        <button type="submit" name="intent" value={category ? "update" : "create"} className={gestorButton}>
          {category ? `Salvar ${category.title}` : "Criar categoria"}
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
        <button type="submit" className={gestorButton}>
          Salvar banner
        </button>
      </div>
    </Form>
  );
}
