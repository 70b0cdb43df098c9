/**
 * The gestor's Estoque (issue 28; docs/decisions/0067-stock-and-seats.md): per unit, the items
 * whose stock the store tracks (a stock_levels row: pieces of a product or of a size, free seats
 * of a course), their history, and the counts the staff set by hand, always with a reason.
 *
 * Who (the issue leaves it open): admins everywhere; a unit's secretary for her units (she is
 * the one who counts the uniforms on the unit's shelf, decision 0061); atendimento reads, to
 * answer a parent's "ainda tem o tamanho M?", and changes nothing (as in Catálogo and Cupons).
 *
 * One schema (stockAdjustFields) checks the adjust form in the browser, its action and the
 * API, with the same Portuguese messages; the API checks again against the level it reads.
 */
import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { asFormText, given, importError, text } from "./catalogue.ts";
import { pageField, pageOf } from "./paging.ts";
import { PART_ROLES, type StaffRole } from "./staff.ts";
import { unitCodeField } from "./units.ts";

/** Who opens Estoque, and who changes it (see above). */
export const STOCK_READ_ROLES = PART_ROLES.stock;
export const STOCK_CHANGE_ROLES = ["admin", "secretaria"] as const satisfies readonly StaffRole[];

/** "Baixo estoque": this many or fewer left (the filter and the Painel's count). */
export const LOW_STOCK_THRESHOLD = 5;

export const STOCK_MESSAGES = {
  notFound: "Item de estoque não encontrado.",
  unknownItem: "Nenhum produto ou tamanho desta unidade tem este código de item.",
  modelCode: "Este código é o do modelo, que tem tamanhos: acompanhe o estoque de cada tamanho pelo código dele.",
  unchanged: "Nada mudou: o estoque já era este.",
  // One home for a class's seats: its capacity (decision 0068), so the count is never set twice.
  classSeats:
    "As vagas de uma turma seguem a capacidade do curso: altere a capacidade no Catálogo, na página do produto.",
} as const;

/** The count went below zero: refused, nothing changed. */
export const belowZero = (available: number) =>
  `O estoque não pode ficar abaixo de zero: há ${available} disponíve${available === 1 ? "l" : "is"}, retire no máximo ${available}.`;

/** Someone (another tab, a sale) changed the level since the form was opened: nothing changed. */
export const staleLevel = (current: number | null) =>
  current === null
    ? "Este item deixou de ser acompanhado enquanto você editava. Nada foi alterado."
    : `O estoque deste item mudou enquanto você editava: agora ${current === 1 ? "há 1 disponível" : `há ${current} disponíveis`}. Nada foi alterado; confira e ajuste de novo.`;

/** A level already tracked, when the start-tracking form is sent for it. */
export const alreadyTracked = (current: number) =>
  `Este item já tem estoque acompanhado (${current} disponíve${current === 1 ? "l" : "is"}): ajuste-o na página dele.`;

/** What each ledger reason is called on screen (stock_movements.reason). */
export const STOCK_REASON_LABELS: Record<string, string> = {
  sale: "Venda",
  release: "Devolução ao estoque (pedido encerrado)",
  retake: "Pedido retomado",
  adjust: "Ajuste manual",
  import: "Importação de estoque",
  capacity: "Mudança de vagas da turma",
  seat_offer: "Vaga oferecida à lista de espera",
  exchange: "Troca de tamanho na unidade",
};

/** The note an import's movements carry, as the issue names it. */
export const STOCK_IMPORT_REASON = "Importação de estoque";

const integerText = (required: string) =>
  z.preprocess(
    given,
    z.coerce
      .number({ message: required })
      .refine(Number.isFinite, { message: required })
      .refine(Number.isInteger, { message: "Use um número inteiro." })
      .refine((value) => Math.abs(value) <= 100_000, { message: "Use um número de até 100.000." }),
  );

export const itemCodeField = z.preprocess(
  given,
  z.coerce
    .number({ message: "Informe o código do item." })
    .int({ message: "Informe o código do item (só números)." })
    .positive({ message: "Informe o código do item (só números)." })
    .max(2_147_483_647, { message: "Informe o código do item (só números)." }),
);

/**
 * An adjust: a new count ("set") or pieces added or taken out ("change", negative to take out),
 * its reason, and the level the form showed (`seen`; blank: the item was not tracked), which the
 * API compares with the current one: another tab's change is never overwritten.
 */
export const stockAdjustFields = z
  .object({
    unitCode: unitCodeField,
    itemTOTVSId: itemCodeField,
    mode: z.enum(["set", "change"], { message: "Escolha entre informar a contagem ou somar/retirar peças." }),
    amount: integerText("Informe a quantidade."),
    reason: text("Informe o motivo do ajuste.", 200),
    seen: z.preprocess(given, z.coerce.number().int().min(0).optional()),
  })
  .superRefine((adjust, ctx) => {
    if (adjust.mode === "set" && adjust.amount < 0)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "A contagem não pode ser negativa." });
    if (adjust.mode === "change") {
      if (adjust.seen === undefined)
        ctx.addIssue({
          code: "custom",
          path: ["mode"],
          message: "Para começar a acompanhar o item, informe a contagem.",
        });
      else if (adjust.amount === 0)
        ctx.addIssue({
          code: "custom",
          path: ["amount"],
          message: "Informe quantas peças somar, ou retirar com o sinal de menos (ex.: -2).",
        });
      else if (adjust.seen + adjust.amount < 0)
        ctx.addIssue({ code: "custom", path: ["amount"], message: belowZero(adjust.seen) });
    }
  });
export type StockAdjustFields = z.infer<typeof stockAdjustFields>;

/** The list's filters (GET query, so a filtered list is a link: the Painel's counts point at them). */
export const stockFilters = z.object({
  unitCode: unitCodeField.optional().catch(undefined),
  categoryId: z.preprocess(given, z.string().max(100).optional()).catch(undefined),
  /** A size or another option's value ("M", "10"), as the product names it. */
  option: z.preprocess(given, z.string().trim().max(40).optional()).catch(undefined),
  /** "1": LOW_STOCK_THRESHOLD or fewer left. */
  low: z.preprocess(given, z.literal("1").optional()).catch(undefined),
  /** "1": classes (a product with a capacity) with no seat left. */
  full: z.preprocess(given, z.literal("1").optional()).catch(undefined),
});
export type StockFilters = z.infer<typeof stockFilters>;

const stockItem = z.object({
  unitCode: z.string(),
  itemTOTVSId: z.number(),
  /** null: no product or size has the code any more (the level stays, the history with it). */
  productId: z.string().nullable(),
  title: z.string().nullable(),
  optionName: z.string().nullable(),
  optionValue: z.string().nullable(),
  categoryTitle: z.string().nullable(),
  /** A course's class size; null for pieces. */
  capacity: z.number().nullable(),
  available: z.number(),
  /** Taken by sales still waiting for their payment (processing or pending): back if they expire. */
  held: z.number(),
  /** Parents in a full class's waiting list (waiting or holding an offered seat); 0 for pieces. */
  waiting: z.number(),
  lastMovementAt: z.string().nullable(),
});
export type GestorStockItem = z.infer<typeof stockItem>;

const stockMovement = z.object({
  id: z.string(),
  at: z.string(),
  delta: z.number(),
  reason: z.string(),
  note: z.string().nullable(),
  staffName: z.string().nullable(),
  saleId: z.string().nullable(),
  saleReferenceCode: z.string().nullable(),
});
export type GestorStockMovement = z.infer<typeof stockMovement>;

/** The file's columns; "disponivel" is the count the import sets. */
export const STOCK_CSV_COLUMNS = ["unidade", "codigo_item", "produto", "opcao", "disponivel"] as const;
export const STOCK_CSV_MAX_BYTES = 512 * 1024;
export const STOCK_CSV_TOO_LARGE = "O arquivo deve ter no máximo 512 KB.";
export const STOCK_CSV_MAX_ROWS = 5000;

const stockImportReport = z.object({
  rows: z.array(
    z.object({
      line: z.number(),
      unitCode: z.string(),
      itemTOTVSId: z.number(),
      title: z.string().nullable(),
      before: z.number().nullable(),
      available: z.number(),
      action: z.enum(["criar", "atualizar", "sem mudança"]),
    }),
  ),
  errors: z.array(importError),
  creates: z.number(),
  updates: z.number(),
  unchanged: z.number(),
});
export type StockImportReport = z.infer<typeof stockImportReport>;

const csvBody = z.object({
  csv: z.string({ message: "Envie o arquivo CSV." }).max(STOCK_CSV_MAX_BYTES, { message: STOCK_CSV_TOO_LARGE }),
});

const itemPath = z.object({ unitCode: unitCodeField, itemTOTVSId: itemCodeField });
const path = "/gestor/stock";

// The fixed paths come before `/items/:unitCode/:itemTOTVSId` (api/gestor/stock/routes.ts).
export const gestorStock = {
  /** Bearer (STOCK_READ_ROLES; a secretary: her units). The tracked items, filtered, a page. */
  list: endpoint({
    method: "GET",
    path,
    query: stockFilters.extend({ page: pageField }),
    reply: pageOf(stockItem).extend({ categories: z.array(z.object({ id: z.string(), title: z.string() })) }),
  }),
  /** Bearer (STOCK_READ_ROLES; a secretary: her units). The Painel's counts. */
  summary: endpoint({
    method: "GET",
    path: `${path}/summary`,
    reply: z.object({ lowStock: z.number(), fullClasses: z.number() }),
  }),
  /**
   * Bearer (STOCK_CHANGE_ROLES; a secretary: her units). Sets or moves one item's level, or
   * starts tracking it; 409 when `seen` is not the current level or the count would go below
   * zero. A stock_movements row (adjust, the person, the reason) and the audit log
   * ("stock.adjust"), in one transaction.
   */
  adjust: endpoint({
    method: "POST",
    path: `${path}/adjust`,
    body: asFormText(stockAdjustFields),
    reply: z.object({ item: z.object({ before: z.number().nullable(), available: z.number(), changed: z.boolean() }) }),
  }),
  /** Bearer (STOCK_READ_ROLES; a secretary: her units). text/csv in the import's columns. */
  exportCsv: endpoint({ method: "GET", path: `${path}/export`, query: stockFilters, reply: null }),
  /** Bearer (STOCK_CHANGE_ROLES). Reads a CSV and says what an import would do; writes nothing. */
  previewImport: endpoint({ method: "POST", path: `${path}/import/preview`, body: csvBody, reply: stockImportReport }),
  /**
   * Bearer (STOCK_CHANGE_ROLES). Sets every row's level in one transaction, or nothing (400)
   * when a row is wrong. Audited "stock.import" with the counts.
   */
  runImport: endpoint({ method: "POST", path: `${path}/import`, body: csvBody, reply: stockImportReport }),
  /** Bearer (STOCK_READ_ROLES; a secretary: her units). One item and its history, newest first. */
  item: endpoint({
    method: "GET",
    path: `${path}/items/:unitCode/:itemTOTVSId`,
    params: itemPath,
    paramsNotFound: true,
    query: z.object({ page: pageField }),
    reply: z.object({ item: stockItem, movements: pageOf(stockMovement) }),
  }),
};
