/**
 * The gestor's Listas de material (issue 29; docs/decisions/0074-gestor-material-lists.md): one
 * list per grade of a school period (the grades of Séries), its lines in order, its publish
 * date and its "Lista completa" discount; copied from the previous period, imported and
 * exported as CSV. Admins only, as Séries. The storefront's side is api/contract/material-lists.ts.
 *
 * One schema per form checks the gestor's form in the browser, its action, the API's body and
 * each row of an import, with the same Portuguese messages.
 */
import { z } from "zod";
import { isCalendarDate } from "#core/dates.ts";
import { periodCodeField } from "../catalogue.ts";
import { endpoint } from "../endpoint.ts";
import { uuidParam } from "../fields.ts";
import { MATERIAL_LIST_MESSAGES } from "../material-lists.ts";
import { asFormText, given, importError } from "./catalogue.ts";
import { GRADE_MESSAGES, gradeFields } from "./grades.ts";
import { itemCodeField } from "./stock.ts";

export const GESTOR_LIST_MESSAGES = {
  notFound: MATERIAL_LIST_MESSAGES.notFound,
  lineNotFound: "Item da lista não encontrado.",
  tooManyLines: MATERIAL_LIST_MESSAGES.tooManyLines,
  samePeriod: GRADE_MESSAGES.samePeriod,
} as const;

/** A list holds at most this many lines (MATERIAL_LIST_MESSAGES.tooManyLines). */
export const MAX_LIST_LINES = 200;
export const LIST_NOTE_MAX = 200;
export const LIST_NOTICE_MAX = 1000;

export const gradeWithoutList = (codgrade: string, period: string) =>
  `A série ${codgrade} não existe no período ${period}. Cadastre-a em Séries antes.`;
export const listExists = (codgrade: string, period: string) =>
  `A série ${codgrade} já tem lista de material no período ${period}.`;
export const noPreviousList = (codgrade: string, period: string) =>
  `A série ${codgrade} não tem lista de material no período ${period} para copiar.`;
export const productTwice = (title: string) =>
  `O produto "${title}" já está nesta lista: mude a quantidade do item que já existe.`;
export const unknownItem = (code: number) => `Nenhum produto da loja tem o código de item ${code}.`;
export const variantItem = (code: number, size: string, title: string, productCode: number) =>
  `O código ${code} é do tamanho ${size} de "${title}". Use o código do produto (${productCode}): o responsável escolhe o tamanho.`;

/** The law (Lei nº 12.886/2013) forbids asking parents for items of collective use: said on the line and the list. */
export const COLLECTIVE_USE_WARNING =
  "Uso coletivo: a escola não pode exigir dos responsáveis itens de uso coletivo (Lei nº 12.886/2013).";
export const REQUIRED_COLLECTIVE_USE_WARNING =
  "Obrigatório e de uso coletivo: a lei proíbe exigir este item dos responsáveis (Lei nº 12.886/2013). Desmarque obrigatório ou tire o item da lista.";

const QUANTITY_RANGE = "A quantidade deve ser um número inteiro de 1 a 99.";
const DISCOUNT_RANGE = "O desconto deve ser um número inteiro de 1 a 50, ou fique em branco.";

/** A form's checkbox ("on") or the JSON's boolean. */
const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

const optionalText = (max: number) =>
  z.preprocess(
    given,
    z
      .string()
      .trim()
      .max(max, { message: `Use no máximo ${max} caracteres.` })
      .optional(),
  );

export const quantityField = z.preprocess(
  given,
  z.coerce
    .number({ message: QUANTITY_RANGE })
    .int({ message: QUANTITY_RANGE })
    .min(1, { message: QUANTITY_RANGE })
    .max(99, { message: QUANTITY_RANGE }),
);

/** What the gestor says of a line, besides its product. */
export const listLineFields = z.object({
  quantity: quantityField,
  required: checkbox,
  collectiveUse: checkbox,
  note: optionalText(LIST_NOTE_MAX),
});
export type ListLineFields = z.output<typeof listLineFields>;

/** A new line: the product by its item code (a sized product's own, never a size's), and the line's fields. */
export const newListLineFields = listLineFields.extend({ item: itemCodeField });
export type NewListLineFields = z.output<typeof newListLineFields>;

/**
 * The list's own fields: the notice for parents, "Publicar a partir de" (empty: a draft),
 * and "Lista completa com X% de desconto" (empty: none).
 */
export const listSettingsFields = z.object({
  notice: optionalText(LIST_NOTICE_MAX),
  publishFrom: z.preprocess(
    given,
    z.string().trim().refine(isCalendarDate, { message: "Informe uma data válida." }).optional(),
  ),
  discountPercentage: z.preprocess(
    given,
    z.coerce
      .number({ message: DISCOUNT_RANGE })
      .int({ message: DISCOUNT_RANGE })
      .min(1, { message: DISCOUNT_RANGE })
      .max(50, { message: DISCOUNT_RANGE })
      .optional(),
  ),
});
export type ListSettingsFields = z.output<typeof listSettingsFields>;

/** A grade of a period, by its codes: the list to create or copy. */
export const listGradeFields = z.object({ CODPERLET: periodCodeField, codgrade: gradeFields.shape.codgrade });

/** Every list of `from` into `to`, for the grades of `to` without one. */
export const copyListsFields = z
  .object({ from: periodCodeField, to: periodCodeField })
  .refine((copy) => copy.from !== copy.to, { message: GESTOR_LIST_MESSAGES.samePeriod, path: ["to"] });

export const moveFields = z.object({ direction: z.enum(["up", "down"], { message: "Escolha subir ou descer." }) });

/** How the gestor reads a list now: a draft, published from a day still to come, or published. */
export const LIST_STATES = ["rascunho", "agendada", "publicada"] as const;
export type ListState = (typeof LIST_STATES)[number];

const listSummary = z.object({
  id: z.string(),
  state: z.enum(LIST_STATES),
  /** YYYY-MM-DD; null: a draft. */
  publishFrom: z.string().nullable(),
  discountPercentage: z.number().nullable(),
  lineCount: z.number(),
  /** Lines marked "uso coletivo", and those also required (the law's warning). */
  collectiveUseCount: z.number(),
  requiredCollectiveUseCount: z.number(),
  updatedAt: z.string(),
});
export type ListSummary = z.infer<typeof listSummary>;

const gestorListLine = z.object({
  id: z.string(),
  productId: z.string(),
  /** The product's item code (a sized product's own). */
  itemTOTVSId: z.number(),
  title: z.string(),
  /** "Tamanho": the parent picks the size; null: none. */
  optionName: z.string().nullable(),
  /** Not shown in the shop now (disabled or hidden product or category): parents cannot buy it. */
  offSale: z.boolean(),
  quantity: z.number(),
  required: z.boolean(),
  collectiveUse: z.boolean(),
  note: z.string().nullable(),
});
export type GestorListLine = z.infer<typeof gestorListLine>;

const gestorList = listSummary.extend({
  CODPERLET: z.string(),
  codgrade: z.string(),
  CURSO: z.string(),
  HABILITACAO: z.string(),
  notice: z.string().nullable(),
  lines: z.array(gestorListLine),
});
export type GestorMaterialList = z.infer<typeof gestorList>;

/** A line the copy leaves behind: its product is no longer sold (disabled in the catalogue). */
const droppedLine = z.object({ itemTOTVSId: z.number(), title: z.string() });

/** What copying the period's lists does, grade by grade of the source period. */
const copyPlan = z.object({
  from: z.string(),
  to: z.string(),
  grades: z.array(
    z.object({
      codgrade: z.string(),
      HABILITACAO: z.string(),
      action: z.enum(["copiar", "ignorar"]),
      /** Why a list is not copied: the grade is missing in `to`, or it has a list there. */
      reason: z.string().nullable(),
      lines: z.number(),
      dropped: z.array(droppedLine),
    }),
  ),
  copies: z.number(),
  skips: z.number(),
});
export type ListCopyPlan = z.infer<typeof copyPlan>;

/** The file's columns; ORDEM, USO_COLETIVO and OBSERVACAO may be blank. */
export const LIST_CSV_COLUMNS = [
  "CODPERLET",
  "CODGRADE",
  "ITEM",
  "QUANTIDADE",
  "OBRIGATORIO",
  "USO_COLETIVO",
  "OBSERVACAO",
  "ORDEM",
] as const;
export const LIST_CSV_MAX_BYTES = 512 * 1024;
export const LIST_CSV_TOO_LARGE = "O arquivo deve ter no máximo 512 KB.";
export const LIST_CSV_MAX_ROWS = 10_000;

const listImportReport = z.object({
  rows: z.array(
    z.object({
      line: z.number(),
      CODPERLET: z.string(),
      codgrade: z.string(),
      itemTOTVSId: z.number(),
      title: z.string(),
      action: z.enum(["criar", "atualizar", "sem mudança"]),
    }),
  ),
  /** Lines of a list the file names that the file leaves out: the import removes them. */
  removed: z.array(
    z.object({ CODPERLET: z.string(), codgrade: z.string(), itemTOTVSId: z.number(), title: z.string() }),
  ),
  /** Lists the file names that do not exist yet: created as drafts. */
  newLists: z.array(z.object({ CODPERLET: z.string(), codgrade: z.string() })),
  errors: z.array(importError),
  creates: z.number(),
  updates: z.number(),
  unchanged: z.number(),
});
export type ListImportReport = z.infer<typeof listImportReport>;

const csvBody = z.object({
  csv: z.string({ message: "Envie o arquivo CSV." }).max(LIST_CSV_MAX_BYTES, { message: LIST_CSV_TOO_LARGE }),
});

const listPath = z.object({ listId: uuidParam(GESTOR_LIST_MESSAGES.notFound) });
const linePath = listPath.extend({ lineId: uuidParam(GESTOR_LIST_MESSAGES.lineNotFound) });
const listReply = z.object({ list: z.object({ id: z.string() }) });
const path = "/gestor/material-lists";

// The fixed paths (copy, import, export) are registered before `/:listId` (api/gestor/material-lists/routes.ts).
export const gestorMaterialLists = {
  /** Bearer (admin). Every grade of a period with its list's summary (null: none), and the periods with grades or lists. */
  list: endpoint({
    method: "GET",
    path,
    query: z.object({ CODPERLET: periodCodeField }),
    reply: z.object({
      CODPERLET: z.string(),
      /** The period before: where "Copiar do ano anterior" copies from. */
      previousPeriod: z.string(),
      grades: z.array(
        z.object({
          codgrade: z.string(),
          CURSO: z.string(),
          HABILITACAO: z.string(),
          list: listSummary.nullable(),
          /** Lines of the same grade's list in the previous period; null: none there. */
          previousLineCount: z.number().nullable(),
        }),
      ),
      periods: z.array(z.object({ CODPERLET: z.string(), listCount: z.number() })),
    }),
  }),
  /** Bearer (admin). An empty draft for a grade of the period. Audited "material-list.create". */
  create: endpoint({ method: "POST", path, body: asFormText(listGradeFields), reply: listReply }),
  /**
   * Bearer (admin). The grade's list of the previous period, as a draft of this one, without
   * the lines whose product is disabled. Audited "material-list.copy".
   */
  copyPrevious: endpoint({
    method: "POST",
    path: `${path}/copy-previous`,
    body: asFormText(listGradeFields),
    reply: z.object({
      list: z.object({ id: z.string() }),
      from: z.string(),
      lines: z.number(),
      dropped: z.array(droppedLine),
    }),
  }),
  /** Bearer (admin). What copying every list of `from` into `to` would do; writes nothing. */
  previewCopyPeriod: endpoint({
    method: "GET",
    path: `${path}/copy-period`,
    query: copyListsFields,
    reply: copyPlan,
  }),
  /** Bearer (admin). Copies as drafts, in one transaction. Audited "material-lists.copy-period". */
  copyPeriod: endpoint({
    method: "POST",
    path: `${path}/copy-period`,
    body: asFormText(copyListsFields),
    reply: copyPlan,
  }),
  /** Bearer (admin). Reads a CSV and says what an import would do; writes nothing. */
  previewImport: endpoint({ method: "POST", path: `${path}/import/preview`, body: csvBody, reply: listImportReport }),
  /**
   * Bearer (admin). Replaces the lines of every list the file names, in one transaction, or
   * nothing (400) when a row is wrong; the same file twice changes nothing. Audited "material-lists.import".
   */
  runImport: endpoint({ method: "POST", path: `${path}/import`, body: csvBody, reply: listImportReport }),
  /** Bearer (admin). text/csv in the import's columns: every line of the period's lists. */
  exportCsv: endpoint({
    method: "GET",
    path: `${path}/export`,
    query: z.object({ CODPERLET: periodCodeField }),
    reply: null,
  }),
  /** Bearer (admin). A list with its lines in order. */
  get: endpoint({
    method: "GET",
    path: `${path}/:listId`,
    params: listPath,
    paramsNotFound: true,
    reply: z.object({ list: gestorList }),
  }),
  /** Bearer (admin). Notice, publish date and discount. Audited "material-list.update" with what changed. */
  update: endpoint({
    method: "POST",
    path: `${path}/:listId`,
    params: listPath,
    paramsNotFound: true,
    body: asFormText(listSettingsFields),
    reply: listReply,
  }),
  /** Bearer (admin). Back to a draft: parents stop seeing it. Audited "material-list.unpublish". */
  unpublish: endpoint({
    method: "POST",
    path: `${path}/:listId/unpublish`,
    params: listPath,
    paramsNotFound: true,
    reply: listReply,
  }),
  /** Bearer (admin). The list and its lines. Audited "material-list.remove". */
  remove: endpoint({
    method: "POST",
    path: `${path}/:listId/remove`,
    params: listPath,
    paramsNotFound: true,
    reply: listReply,
  }),
  /** Bearer (admin). A line last in the list. Audited "material-list.add-line". */
  addLine: endpoint({
    method: "POST",
    path: `${path}/:listId/lines`,
    params: listPath,
    paramsNotFound: true,
    body: asFormText(newListLineFields),
    reply: z.object({ line: z.object({ id: z.string() }) }),
  }),
  /** Bearer (admin). Audited "material-list.update-line" with what changed. */
  updateLine: endpoint({
    method: "POST",
    path: `${path}/:listId/lines/:lineId`,
    params: linePath,
    paramsNotFound: true,
    body: asFormText(listLineFields),
    reply: z.object({ line: z.object({ id: z.string() }) }),
  }),
  /** Bearer (admin). One place up or down. Audited "material-list.move-line". */
  moveLine: endpoint({
    method: "POST",
    path: `${path}/:listId/lines/:lineId/move`,
    params: linePath,
    paramsNotFound: true,
    body: moveFields,
    reply: z.object({ line: z.object({ id: z.string() }) }),
  }),
  /** Bearer (admin). Audited "material-list.remove-line". */
  removeLine: endpoint({
    method: "POST",
    path: `${path}/:listId/lines/:lineId/remove`,
    params: linePath,
    paramsNotFound: true,
    reply: z.object({ line: z.object({ id: z.string() }) }),
  }),
};
