/**
 * The gestor area's catalogue (issue 15; docs/decisions/0032-catalogue-editing.md): categories,
 * products, the home's highlight banners, and the products' CSV import and export.
 *
 * A product's fields are named as the CSV's columns (spec §3's names where it has them) and
 * travel as the text a person typed or a spreadsheet holds: one schema (productFields) checks
 * the edit form in the browser, the form's action, the API's create and update, and each row
 * of an import, with the same Portuguese messages.
 */
import { z } from "zod";
import { centsToReaisInput, parseReaisToCents } from "#core/money.ts";
import { CATEGORY_ICON_KEYS } from "#core/category-icons.ts";
import { HOME_CATEGORIES_MAX } from "../catalogue.ts";
import { endpoint } from "../endpoint.ts";
import { MAX_INTEGER_ID, uuidParam } from "../fields.ts";
import { pageField, pageOf } from "./paging.ts";
import { sitePath } from "#core/site-path.ts";
import { counted } from "#core/text.ts";

export const PRODUCT_TYPES = ["S", "M", "P"] as const;
export const PRODUCT_TYPE_LABELS: Record<(typeof PRODUCT_TYPES)[number], string> = {
  S: "S: curso, serviço ou evento",
  M: "M: produto manual",
  P: "P: produto físico",
};
export const SHIFTS = ["Manhã", "Tarde", "Integral", "Noite"] as const;

/** Upload limit of a product image (decoded bytes). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TOO_LARGE = "A imagem deve ter no máximo 2 MB.";
export const IMAGE_WRONG_TYPE = "Envie uma imagem JPEG, PNG ou WebP.";
/** Upload limit of an import file. */
export const CSV_MAX_BYTES = 2 * 1024 * 1024;
export const CSV_TOO_LARGE = "O arquivo deve ter no máximo 2 MB.";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MESSAGE = "Use só letras minúsculas sem acento, números e hífens (ex.: apostila-6-ano).";

/** Empty text is "not given", as Conform reads an empty field. */
export const given = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** A required text of at most `max` characters, trimmed. */
export const text = (required: string, max: number) =>
  z.preprocess(
    given,
    z
      .string({ message: required })
      .trim()
      .min(1, { message: required })
      .max(max, { message: `Use no máximo ${max} caracteres.` }),
  );

const optionalSlug = z.preprocess(
  given,
  z
    .string()
    .trim()
    .max(120, { message: "Use no máximo 120 caracteres." })
    .regex(SLUG, { message: SLUG_MESSAGE })
    .optional(),
);

const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    given,
    z.coerce.number<string | number>({ message }).int({ message }).min(min, { message }).max(max, { message }),
  );

/** "1.234,56" → 123456 centavos (reais with a comma, spec §9). */
const reaisCents = (required: string) =>
  z
    .string({ message: required })
    .transform((value, ctx) => {
      const cents = parseReaisToCents(value);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: "Informe o valor em reais com vírgula, por exemplo 1.234,56." });
        return z.NEVER;
      }
      return cents;
    })
    .refine((cents) => cents <= 100_000_000, { message: "O valor passa do limite de R$ 1.000.000,00." });
const reais = (required: string) => z.preprocess(given, reaisCents(required));

const YES = ["1", "sim", "s", "true", "on"];
const NO = ["0", "nao", "não", "n", "false", "off"];
/** A checkbox ("on" or absent) or a spreadsheet's 1/0, sim/não. */
const yesNo = z.preprocess(
  (value) => (value === undefined || value === null ? "0" : typeof value === "boolean" ? String(value) : value),
  z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .refine((value) => YES.includes(value) || NO.includes(value), { message: "Use 1 (sim) ou 0 (não)." })
    .transform((value) => YES.includes(value)),
);

/** Grades (series) ids: checkboxes, or "12,13" in a spreadsheet cell. */
const seriesIds = z.preprocess(
  (value) =>
    value === undefined || value === null
      ? []
      : typeof value === "string"
        ? value.split(",").filter((part) => part.trim() !== "")
        : value,
  z
    .array(
      z.coerce
        .number<string | number>({ message: "Séries: use os números das séries separados por vírgula." })
        .int({ message: "Séries: use os números das séries separados por vírgula." })
        .positive({ message: "Séries: use os números das séries separados por vírgula." })
        .max(MAX_INTEGER_ID, { message: "Séries: use os números das séries separados por vírgula." }),
    )
    .max(100, { message: "Escolha no máximo 100 séries." }),
);

/** Where an image may point: a path of this store, or an https address. */
const imagePath = z
  .string({ message: "Informe a imagem." })
  .trim()
  .max(500, { message: "Use no máximo 500 caracteres." })
  .regex(/^(\/[^\s/]\S*|https:\/\/\S+)$/, { message: "Informe um caminho que comece com / ou um endereço https." });
const imageAddress = z.preprocess(given, imagePath.optional());

const optionalText = (max: number) =>
  z.preprocess(
    given,
    z
      .string()
      .trim()
      .max(max, { message: `Use no máximo ${max} caracteres.` })
      .optional(),
  );

/** A product's own fields, as typed: named as the CSV's columns. */
const productShape = {
  itemTOTVSId: wholeNumber("Informe o código do item no TOTVS (número inteiro positivo).", 1, MAX_INTEGER_ID),
  NOME: text("Informe o nome do produto.", 120),
  slug: optionalSlug,
  // Optional inside, "" outside: Conform's coercion reads an empty field as undefined after any
  // preprocess of ours, so a default given there never reached the string.
  descricao: z
    .preprocess(given, z.string().trim().max(5000, { message: "Use no máximo 5000 caracteres." }).optional())
    .transform((value) => value ?? ""),
  categoria: z.preprocess(
    given,
    z.string({ message: "Escolha a categoria." }).trim().regex(SLUG, { message: "Escolha a categoria." }),
  ),
  TIPO: z.preprocess(
    (value) => (typeof value === "string" ? given(value.trim().toUpperCase()) : value),
    z.enum(PRODUCT_TYPES, { message: "Escolha o tipo: S, M ou P." }),
  ),
  PRECO: reais("Informe o preço."),
  DESCONTO: reais("Informe o preço com desconto (o de venda)."),
  PARCELAS: wholeNumber("Parcelas: um número de 1 a 12.", 1, 12),
  TURNO: z.preprocess(given, z.enum(SHIFTS, { message: "Turno: Manhã, Tarde, Integral, Noite ou vazio." }).optional()),
  CODCOLIGADA: z.preprocess(
    given,
    z
      .string({ message: "Informe a unidade (CODCOLIGADA)." })
      .trim()
      .regex(/^\d{1,4}$/, {
        message: "A unidade (CODCOLIGADA) é um número de até 4 dígitos.",
      }),
  ),
  maxInstallments: wholeNumber("Máximo de parcelas do plano: um número de 1 a 12.", 1, 12),
  turnYear: yesNo,
  schoolYear: wholeNumber("Ano letivo: um ano entre 2000 e 2100.", 2000, 2100),
  seriesTOTVSID: seriesIds,
  visivel: yesNo,
  imagem: imageAddress,
};
const discountWithinPrice = {
  check: (product: { PRECO: number; DESCONTO: number }) => product.DESCONTO <= product.PRECO,
  params: { path: ["DESCONTO"], message: "O preço com desconto não pode ser maior que o preço." },
};

/** A product as typed: named as the CSV's columns. */
export const productFields = z.object(productShape).refine(discountWithinPrice.check, discountWithinPrice.params);
export type ProductFields = z.output<typeof productFields>;
/** The text of each field, as the form shows it and the CSV holds it. */
export type ProductFieldsText = Record<keyof z.input<typeof productFields>, string>;

/** The CSV's columns, in order (the import page and 0032 document them). */
export const PRODUCT_CSV_COLUMNS = Object.keys(productFields.shape) as (keyof ProductFieldsText)[];

/** A product's fields as text: the edit form's values, an export's row. */
export function productFieldsText(product: ProductFields & { slug: string; imagem: string }): ProductFieldsText {
  return {
    itemTOTVSId: String(product.itemTOTVSId),
    NOME: product.NOME,
    slug: product.slug,
    descricao: product.descricao,
    categoria: product.categoria,
    TIPO: product.TIPO,
    PRECO: centsToReaisInput(product.PRECO),
    DESCONTO: centsToReaisInput(product.DESCONTO),
    PARCELAS: String(product.PARCELAS),
    TURNO: product.TURNO ?? "",
    CODCOLIGADA: product.CODCOLIGADA,
    maxInstallments: String(product.maxInstallments),
    turnYear: product.turnYear ? "1" : "0",
    schoolYear: String(product.schoolYear),
    seriesTOTVSID: product.seriesTOTVSID.join(","),
    visivel: product.visivel ? "1" : "0",
    imagem: product.imagem,
  };
}

/**
 * A product's measurements table (issue 28), stored as this JSON in products.size_chart. The
 * gestor types it as text: the first line the header, one row per line, cells separated by ";".
 */
export interface SizeChart {
  columns: string[];
  rows: string[][];
}
export const SIZE_CHART_MAX_COLUMNS = 12;
export const SIZE_CHART_MAX_ROWS = 40;
const SIZE_CHART_CELL_MAX = 40;

/** The typed table, or the message of its first wrong line. */
export function sizeChartFromText(text: string): SizeChart | { error: string } {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const cellsOf = (line: string) => line.split(";").map((cell) => cell.trim());
  const [header, ...rows] = lines.map(cellsOf);
  if (!header || rows.length === 0)
    return { error: "A tabela de medidas precisa do cabeçalho e de ao menos uma linha de medidas." };
  if (header.length > SIZE_CHART_MAX_COLUMNS)
    return { error: `A tabela de medidas tem no máximo ${SIZE_CHART_MAX_COLUMNS} colunas.` };
  if (rows.length > SIZE_CHART_MAX_ROWS)
    return { error: `A tabela de medidas tem no máximo ${SIZE_CHART_MAX_ROWS} linhas de medidas.` };
  if (header.some((cell) => cell === "")) return { error: "Dê um título a cada coluna do cabeçalho (1ª linha)." };
  for (const [index, row] of [header, ...rows].entries()) {
    if (row.length !== header.length)
      return {
        error: `A linha ${index + 1} da tabela de medidas tem ${counted(row.length, "célula", "células")}; o cabeçalho tem ${header.length}.`,
      };
    if (row.some((cell) => cell.length > SIZE_CHART_CELL_MAX))
      return {
        error: `A linha ${index + 1} da tabela de medidas tem uma célula com mais de ${SIZE_CHART_CELL_MAX} caracteres.`,
      };
  }
  return { columns: header, rows };
}

/** The table as the gestor types it (the form's textarea, the CSV's cell). */
export const sizeChartText = (chart: SizeChart) =>
  [chart.columns, ...chart.rows].map((row) => row.join("; ")).join("\n");

const sizeChartField = z.preprocess(
  given,
  z
    .string()
    .max(5000, { message: "Use no máximo 5000 caracteres." })
    .transform((value, ctx) => {
      const chart = sizeChartFromText(value);
      if ("error" in chart) {
        ctx.addIssue({ code: "custom", message: chart.error });
        return z.NEVER;
      }
      return chart;
    })
    .optional(),
);

/** At most this many options (sizes) per product. */
export const VARIANTS_MAX = 30;

/** An option of a product (a size): sold under its own item code; prices empty: the product's. */
export const variantFields = z.object({
  /** The stored variant being edited; absent for a new one. */
  id: z.preprocess(given, z.uuid({ message: "Opção desconhecida: recarregue a página." }).optional()),
  value: text("Informe a opção (ex.: M).", 40),
  itemTOTVSId: wholeNumber("Informe o código TOTVS da opção (número inteiro positivo).", 1, MAX_INTEGER_ID),
  PRECO: z.preprocess(given, reaisCents("").optional()),
  DESCONTO: z.preprocess(given, reaisCents("").optional()),
  active: yesNo,
});
export type VariantFieldsText = Record<keyof z.input<typeof variantFields>, string>;
export const VARIANT_FIELD_NAMES = Object.keys(variantFields.shape) as (keyof VariantFieldsText)[];

/** A course's or event's seats; at most this many. */
export const CAPACITY_MAX = 100_000;

/**
 * The product form (the gestor's page and the API's create and update): the product's own
 * fields, the option's name, its variants, the size chart and a course's capacity. The rules
 * across fields live here, so the browser, the form's action and the API say the same.
 */
/** The option's name, the size chart and a course's capacity: the form's and the CSV's product row. */
const productExtrasShape = {
  optionName: optionalText(40),
  sizeChart: sizeChartField,
  capacity: z.preprocess(
    given,
    wholeNumber(
      `Capacidade: um número de vagas de 1 a ${CAPACITY_MAX}, ou em branco para ilimitada.`,
      1,
      CAPACITY_MAX,
    ).optional(),
  ),
};
export const productExtrasFields = z.object(productExtrasShape);

export const productFormFields = z
  .object({
    ...productShape,
    ...productExtrasShape,
    variants: z.preprocess(
      (value) => value ?? [],
      z.array(variantFields).max(VARIANTS_MAX, { message: `Use no máximo ${VARIANTS_MAX} opções.` }),
    ),
  })
  .refine(discountWithinPrice.check, discountWithinPrice.params)
  .superRefine((product, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    const hasVariants = product.variants.length > 0;
    if (hasVariants && product.optionName === undefined)
      issue(["optionName"], "Informe o nome da opção (ex.: Tamanho): o produto tem opções.");
    if (!hasVariants && product.optionName !== undefined)
      issue(["optionName"], "Adicione ao menos uma opção, ou deixe o nome da opção em branco.");
    if (product.capacity !== undefined && product.TIPO !== "S")
      issue(["capacity"], "A capacidade vale só para cursos e eventos (tipo S).");
    if (product.capacity !== undefined && hasVariants)
      issue(["capacity"], "Um curso com capacidade não tem opções: deixe a capacidade ou as opções em branco.");
    const values = new Set<string>();
    const codes = new Set([product.itemTOTVSId]);
    for (const [index, variant] of product.variants.entries()) {
      const value = variant.value.toLocaleLowerCase("pt-BR");
      if (values.has(value)) issue(["variants", index, "value"], `A opção "${variant.value}" aparece duas vezes.`);
      values.add(value);
      if (variant.itemTOTVSId === product.itemTOTVSId)
        issue(["variants", index, "itemTOTVSId"], "Use um código diferente do código do produto (o do modelo).");
      else if (codes.has(variant.itemTOTVSId))
        issue(["variants", index, "itemTOTVSId"], `O código ${variant.itemTOTVSId} aparece em duas opções.`);
      codes.add(variant.itemTOTVSId);
      if ((variant.DESCONTO ?? product.DESCONTO) > (variant.PRECO ?? product.PRECO))
        issue(["variants", index, "DESCONTO"], "O preço com desconto da opção não pode ser maior que o preço dela.");
    }
  });
export type ProductFormFields = z.output<typeof productFormFields>;
/** The form's fields beyond the CSV's product columns, as text. */
export type ProductExtrasText = Record<"optionName" | "sizeChart" | "capacity", string>;
export const PRODUCT_EXTRA_FIELDS = ["optionName", "sizeChart", "capacity"] as const;

/**
 * The catalogue CSV's columns for options (issue 28), after PRODUCT_CSV_COLUMNS; a file without
 * them imports as before and leaves every product's options as they are. A product's row may
 * hold its option's name, size chart and capacity; an option's row names its product by
 * produto_pai (the product's item code) and its value in opcao, with its own itemTOTVSId,
 * PRECO and DESCONTO (empty: the product's) and visivel (active); its other cells stay empty.
 */
export const OPTION_CSV_COLUMNS = {
  optionName: "opcao_nome",
  sizeChart: "tabela_medidas",
  capacity: "capacidade",
  parent: "produto_pai",
  value: "opcao",
} as const;
export const CATALOGUE_CSV_COLUMNS = [...PRODUCT_CSV_COLUMNS, ...Object.values(OPTION_CSV_COLUMNS)];

/** An uploaded image, base64 in the JSON body (the only calls with a larger body limit). */
const imageUpload = z
  .string()
  .max(Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + 8, { message: IMAGE_TOO_LARGE })
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: IMAGE_WRONG_TYPE })
  .optional();

/** The product's fields as text, plus an optional new image. */
const productBody = z.object({
  fields: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** Every option of the product, in order (absent: none); one missing from the list is removed. */
  variants: z.array(z.record(z.string(), z.string())).max(VARIANTS_MAX).optional(),
  image: imageUpload,
});

const productRow = z.object({
  id: z.string(),
  itemTOTVSId: z.number(),
  title: z.string(),
  category: z.object({ title: z.string(), slug: z.string() }),
  PRECO: z.number(),
  DESCONTO: z.number(),
  visible: z.boolean(),
});

const productDetail = z.object({
  id: z.string(),
  /** The product's page in the shop. */
  shopPath: z.string(),
  fields: z.record(z.string(), z.string()),
  /** Its options as the form shows them; sold: on a sale, so never removed (deactivated instead). */
  variants: z.array(
    z.object({
      fields: z.object({
        id: z.string(),
        value: z.string(),
        itemTOTVSId: z.string(),
        PRECO: z.string(),
        DESCONTO: z.string(),
        active: z.string(),
      }),
      sold: z.boolean(),
    }),
  ),
  /** Seats of the course taken by sales that hold them (the least its capacity may be). */
  seatsTaken: z.number(),
});

const categoryRow = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  visible: z.boolean(),
  position: z.number(),
  productCount: z.number(),
  icon: z.string().nullable(),
  /** null: not on the home page; heading and menu label null: the title. */
  homePosition: z.number().nullable(),
  homeHeading: z.string().nullable(),
  homeMenuLabel: z.string().nullable(),
});
export type GestorCategoryRow = z.infer<typeof categoryRow>;

export const categoryFields = z
  .object({
    title: text("Informe o título da categoria.", 60),
    slug: optionalSlug,
    position: wholeNumber("Ordem: um número inteiro de 0 a 999.", 0, 999),
    visible: yesNo,
    // Beyond spec §9's slug-keyed icons and home sections (docs/decisions/0032): empty keeps them.
    icon: z.preprocess(given, z.enum(CATEGORY_ICON_KEYS, { message: "Escolha um dos ícones da lista." }).optional()),
    homePosition: z.preprocess(
      given,
      wholeNumber(
        `Posição na página inicial: um número de 1 a ${HOME_CATEGORIES_MAX}, ou em branco para não mostrar.`,
        1,
        HOME_CATEGORIES_MAX,
      ).optional(),
    ),
    homeHeading: optionalText(60),
    homeMenuLabel: optionalText(30),
  })
  .superRefine((category, ctx) => {
    if (category.homePosition !== undefined) return;
    for (const field of ["homeHeading", "homeMenuLabel"] as const)
      if (category[field] !== undefined)
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: "Informe a posição na página inicial, ou deixe este campo em branco.",
        });
  });
export type CategoryFields = z.output<typeof categoryFields>;

export const highlightFields = z.object({
  title: text("Informe o título do destaque.", 80),
  visible: yesNo,
});
export type HighlightFields = z.output<typeof highlightFields>;

export const bannerFields = z.object({
  title: text("Informe o título do banner.", 80),
  subtitle: z.preprocess(
    (value) => given(value) ?? "",
    z.string().trim().max(120, { message: "Use no máximo 120 caracteres." }),
  ),
  image: z.preprocess(given, imagePath),
  link: z.preprocess(
    given,
    z
      .string({ message: "Informe o link do banner." })
      .trim()
      // As a browser resolves it: "/\evil.example/x" leaves the site (core/site-path.ts).
      .refine((value) => !/\s/.test(value) && sitePath(value) !== null, {
        message: "O link é um caminho da loja que começa com /, por exemplo /categoria/cursos.",
      }),
  ),
  position: wholeNumber("Ordem: um número inteiro de 0 a 999.", 0, 999),
});
export type BannerFields = z.output<typeof bannerFields>;

const banner = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  link: z.string(),
  position: z.number(),
});

const importRow = z.object({
  line: z.number(),
  itemTOTVSId: z.string(),
  NOME: z.string(),
  action: z.enum(["criar", "atualizar", "sem mudança"]),
});
/** One error of an import file, at its line and column (the header is line 1). */
export const importError = z.object({ line: z.number(), column: z.string(), message: z.string() });
const importReport = z.object({
  rows: z.array(importRow),
  errors: z.array(importError),
  creates: z.number(),
  updates: z.number(),
  unchanged: z.number(),
});
export type ImportReport = z.infer<typeof importReport>;

const csvBody = z.object({
  csv: z.string({ message: "Envie o arquivo CSV." }).max(CSV_MAX_BYTES, { message: CSV_TOO_LARGE }),
});

const idPath = "/gestor/catalogue";

/**
 * A form's schema as a call's body: the gestor's forms send their fields as text by name, and
 * the API checks them with the same schema (and messages) as the form.
 */
export const asFormText = <T extends z.ZodType>(schema: T) =>
  schema as unknown as z.ZodType<z.output<T>, Record<string, string>>;

const productPath = z.object({ productId: uuidParam("Produto não encontrado.") });
const categoryPath = z.object({ categoryId: uuidParam("Categoria não encontrada.") });
const highlightPath = z.object({
  highlightId: z.coerce.number({ message: "Destaque não encontrado." }).int().positive().max(MAX_INTEGER_ID),
});
const bannerPath = highlightPath.extend({ bannerId: z.string().min(1).max(100) });

export const gestorCatalogue = {
  /** Bearer (staff, any role). Search by title, filter by category slug and visibility. */
  listProducts: endpoint({
    method: "GET",
    path: `${idPath}/products`,
    query: z.object({
      q: z.string().trim().max(100).optional().catch(undefined),
      categoria: z.string().trim().max(120).optional().catch(undefined),
      visivel: z.enum(["sim", "nao"]).optional().catch(undefined),
      page: pageField,
    }),
    reply: pageOf(productRow),
  }),
  /** Bearer (staff, any role). A product's fields as the edit form shows them. */
  getProduct: endpoint({
    method: "GET",
    path: `${idPath}/products/:productId`,
    params: productPath,
    reply: z.object({ product: productDetail }),
  }),
  /** Bearer (admin). Audited "product.create". */
  createProduct: endpoint({
    method: "POST",
    path: `${idPath}/products`,
    body: productBody,
    reply: z.object({ product: z.object({ id: z.string() }) }),
  }),
  /** Bearer (admin). Audited "product.update" with the changed fields before and after. */
  updateProduct: endpoint({
    method: "POST",
    path: `${idPath}/products/:productId`,
    params: productPath,
    body: productBody,
    reply: z.object({ product: z.object({ id: z.string() }) }),
  }),
  /** Bearer (staff, any role). What the product form offers: categories and grades. */
  options: endpoint({
    method: "GET",
    path: `${idPath}/options`,
    reply: z.object({
      categories: z.array(z.object({ slug: z.string(), title: z.string() })),
      series: z.array(z.object({ id: z.number(), label: z.string() })),
    }),
  }),
  /** Bearer (staff, any role). */
  listCategories: endpoint({
    method: "GET",
    path: `${idPath}/categories`,
    reply: z.object({ categories: z.array(categoryRow) }),
  }),
  /** Bearer (admin). Audited "category.create". */
  createCategory: endpoint({
    method: "POST",
    path: `${idPath}/categories`,
    body: asFormText(categoryFields),
    reply: z.object({ category: z.object({ id: z.string() }) }),
  }),
  /** Bearer (admin). Audited "category.update". */
  updateCategory: endpoint({
    method: "POST",
    path: `${idPath}/categories/:categoryId`,
    params: categoryPath,
    body: asFormText(categoryFields),
    reply: z.object({ category: z.object({ id: z.string() }) }),
  }),
  /** Bearer (staff, any role). Every highlight with its banners, in order. */
  listHighlights: endpoint({
    method: "GET",
    path: `${idPath}/highlights`,
    reply: z.object({
      highlights: z.array(
        z.object({ id: z.number(), title: z.string(), visible: z.boolean(), banners: z.array(banner) }),
      ),
    }),
  }),
  /** Bearer (admin). A highlight's title and visibility. Audited "highlight.update". */
  updateHighlight: endpoint({
    method: "POST",
    path: `${idPath}/highlights/:highlightId`,
    params: highlightPath,
    body: asFormText(highlightFields),
    reply: z.object({ highlight: z.object({ id: z.number() }) }),
  }),
  /** Bearer (admin). Audited "highlight.update-banner". */
  updateBanner: endpoint({
    method: "POST",
    path: `${idPath}/highlights/:highlightId/banners/:bannerId`,
    params: bannerPath,
    body: asFormText(bannerFields),
    reply: z.object({ banner: z.object({ id: z.string() }) }),
  }),
  /** Bearer (admin). Reads a CSV and says what an import would do; writes nothing. */
  previewImport: endpoint({
    method: "POST",
    path: `${idPath}/import/preview`,
    body: csvBody,
    reply: importReport,
  }),
  /** Bearer (admin). Writes every row in one transaction, or nothing (400) when a row is wrong. Audited "catalogue.import". */
  runImport: endpoint({
    method: "POST",
    path: `${idPath}/import`,
    body: csvBody,
    reply: importReport,
  }),
  /**
   * Public, no token: an image uploaded here, at the address a product's `image` names (outside
   * /gestor: the shop's pages show it). Never changed at its address: cached for a year.
   */
  productImage: endpoint({ method: "GET", path: "/product-images/:file", cacheable: true, reply: null }),
  /** Bearer (staff, any role). The whole catalogue as the import reads it: text/csv. */
  exportProducts: endpoint({ method: "GET", path: `${idPath}/export`, reply: null }),
};

/** The catalogue's calls that carry a file (base64 image, CSV): past the API's 100 KB body limit (api/app.ts). */
export const GESTOR_UPLOAD_CALLS = [
  gestorCatalogue.createProduct,
  gestorCatalogue.updateProduct,
  gestorCatalogue.previewImport,
  gestorCatalogue.runImport,
];
/** An image's base64 or a CSV, with the form's other fields. */
export const UPLOAD_BODY_LIMIT_BYTES = 3 * 1024 * 1024;
