/**
 * Estoque's screens (issue 28): the list's GET filters, the tracked items, one item's history,
 * and the count form, which is one plain POST form checked in the browser with the schema the
 * action and the API use. The form carries the level it showed (`seen`, from the loader, never
 * from what was typed): after a refusal because the level changed, the page shows the current
 * count and the next send compares with that one.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import {
  LOW_STOCK_THRESHOLD,
  STOCK_REASON_LABELS,
  stockAdjustFields,
  type StockAdjustFields,
  type GestorStockItem,
  type GestorStockMovement,
  type StockFilters,
} from "#api/contract/gestor/stock.ts";
import { brazilDateTime } from "#core/dates.ts";
import { FormErrors, SelectField, TextField } from "#app/ui/form-field.tsx";
import { useForm } from "#app/ui/use-form.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import {
  gestorButton,
  gestorCard,
  gestorSecondaryButton,
  GestorFilterInput,
  GestorFilterSelect,
  GestorTable,
} from "../gestor-ui.tsx";
import { useUnitLabel } from "../unit-options.ts";
import { waitingCount } from "./waiting-list-ui.tsx";
import { chosenOption } from "#core/product-options.ts";

export interface StockFormReply {
  formId?: string;
  result?: SubmissionResult<string[]>;
}

/** "Camisa Polo · Tamanho: M", or the code when no product has it any more. */
export const itemName = (item: GestorStockItem) =>
  item.title
    ? [item.title, chosenOption(item.optionName, item.optionValue)].filter(Boolean).join(" · ")
    : `Item ${item.itemTOTVSId} (sem produto)`;

const dateTime = (iso: string) => {
  const { date, time } = brazilDateTime(iso);
  return `${date} ${time}`;
};

export function StockFilterForm({
  filters,
  units,
  categories,
}: {
  filters: StockFilters;
  units: readonly { code: string; name: string }[];
  categories: readonly { id: string; title: string }[];
}) {
  return (
    <Form method="get" className={`${gestorCard} mb-4 grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-6`}>
      <GestorFilterSelect
        idPrefix="estoque"
        name="unitCode"
        label="Unidade"
        value={filters.unitCode ?? ""}
        options={[
          ["", "Todas as unidades"],
          ...units.map((unit) => [unit.code, `${unit.code} · ${unit.name}`] as const),
        ]}
      />
      <GestorFilterSelect
        idPrefix="estoque"
        name="categoryId"
        label="Categoria"
        value={filters.categoryId ?? ""}
        options={[["", "Todas as categorias"], ...categories.map((category) => [category.id, category.title] as const)]}
      />
      <GestorFilterInput idPrefix="estoque" name="option" label="Tamanho" value={filters.option ?? ""} maxLength={40} />
      <label className="flex items-center gap-2 font-semibold text-slate-800">
        <input type="checkbox" name="low" value="1" defaultChecked={filters.low === "1"} />
        Baixo estoque ({LOW_STOCK_THRESHOLD} ou menos)
      </label>
      <label className="flex items-center gap-2 font-semibold text-slate-800">
        <input type="checkbox" name="full" value="1" defaultChecked={filters.full === "1"} />
        Turmas lotadas
      </label>
      <div className="flex gap-2">
        <button type="submit" className={gestorButton}>
          Filtrar
        </button>
        <Link to={GESTOR_PATHS.stock} className={gestorSecondaryButton}>
          Limpar
        </Link>
      </div>
    </Form>
  );
}

export function StockTable({ rows }: { rows: readonly GestorStockItem[] }) {
  const unitLabel = useUnitLabel();
  return (
    <GestorTable
      caption="Itens com estoque acompanhado"
      headers={["Unidade", "Produto", "Código do item", "Disponível", "Em pedidos pendentes", "Última movimentação"]}
      empty={rows.length === 0 ? "Nenhum item com estoque acompanhado para estes filtros." : null}
    >
      {rows.map((item) => (
        <tr key={`${item.unitCode}/${item.itemTOTVSId}`}>
          <td>{unitLabel(item.unitCode)}</td>
          <td>
            <Link
              to={GESTOR_PATHS.stockItem(item.unitCode, item.itemTOTVSId)}
              className="font-semibold text-slate-900 underline"
            >
              {itemName(item)}
            </Link>
            {item.categoryTitle ? <span className="block text-xs text-slate-600">{item.categoryTitle}</span> : null}
          </td>
          <td className="font-mono">{item.itemTOTVSId}</td>
          <td className={item.available <= LOW_STOCK_THRESHOLD ? "font-bold text-red-800" : ""}>
            {item.available}
            {item.capacity !== null ? ` de ${item.capacity} vagas` : ""}
            {item.capacity !== null && item.available === 0 ? " (turma lotada)" : ""}
            {item.waiting > 0 ? (
              <span className="block text-xs font-normal text-slate-700">{waitingCount(item.waiting)}</span>
            ) : null}
          </td>
          <td>{item.held}</td>
          <td className="whitespace-nowrap">{item.lastMovementAt ? dateTime(item.lastMovementAt) : "—"}</td>
        </tr>
      ))}
    </GestorTable>
  );
}

export function MovementsTable({ rows }: { rows: readonly GestorStockMovement[] }) {
  return (
    <GestorTable
      caption="Histórico de movimentações"
      headers={["Data", "Movimento", "Quantidade", "Motivo", "Por"]}
      empty={rows.length === 0 ? "Nenhuma movimentação registrada." : null}
    >
      {rows.map((movement) => (
        <tr key={movement.id}>
          <td className="whitespace-nowrap">{dateTime(movement.at)}</td>
          <td>{STOCK_REASON_LABELS[movement.reason] ?? movement.reason}</td>
          <td className="font-mono">{movement.delta > 0 ? `+${movement.delta}` : movement.delta}</td>
          <td>{movement.note ?? "—"}</td>
          <td>
            {movement.saleId && movement.saleReferenceCode ? (
              <Link to={GESTOR_PATHS.sale(movement.saleId)} className="underline">
                Pedido {movement.saleReferenceCode}
              </Link>
            ) : (
              (movement.staffName ?? "—")
            )}
          </td>
        </tr>
      ))}
    </GestorTable>
  );
}

type AdjustValues = Partial<Record<"unitCode" | "itemTOTVSId" | "mode" | "amount" | "reason" | "seen", string>>;

const MODE_OPTIONS = [
  { value: "set", label: "Informar a nova contagem" },
  { value: "change", label: "Somar ou retirar peças" },
];

/**
 * The count form: on an item's page (`item` given: a new count or pieces added or taken out),
 * or on the list to start tracking an item of a unit (the unit and the code typed).
 */
export function StockCountForm({
  formId,
  item,
  units,
  reply,
}: {
  formId: string;
  item?: GestorStockItem;
  units?: readonly { code: string; name: string }[];
  reply?: StockFormReply;
}) {
  // A second click while the first is on its way would only meet "o estoque mudou".
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<AdjustValues, StockAdjustFields>({
    id: formId,
    lastResult: reply?.formId === formId ? reply.result : undefined,
    defaultValue: { mode: "set" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: stockAdjustFields }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className={`${gestorCard} mb-4 grid items-end gap-3 md:grid-cols-4`}
    >
      <AuthenticityTokenInput name="csrf" />
      {item ? (
        <>
          <input type="hidden" name="unitCode" value={item.unitCode} />
          <input type="hidden" name="itemTOTVSId" value={item.itemTOTVSId} />
          <input type="hidden" name="seen" value={item.available} />
          <p className="md:col-span-4">
            Disponível agora: <strong data-testid="estoque-disponivel">{item.available}</strong>
          </p>
        </>
      ) : (
        <>
          <input type="hidden" name="seen" value="" />
          <input type="hidden" name="mode" value="set" />
        </>
      )}
      <div className="md:col-span-4">
        <FormErrors id={form.errorId} errors={form.errors} />
      </div>
      {item ? (
        <SelectField meta={fields.mode} label="Como ajustar" options={MODE_OPTIONS} placeholder="Escolha" />
      ) : (
        <>
          <SelectField
            meta={fields.unitCode}
            label="Unidade"
            options={(units ?? []).map((unit) => ({ value: unit.code, label: `${unit.code} · ${unit.name}` }))}
            placeholder="Escolha a unidade"
          />
          <TextField meta={fields.itemTOTVSId} label="Código do item" inputMode="numeric" maxLength={10} />
        </>
      )}
      <TextField
        meta={fields.amount}
        label={item ? "Quantidade (use - para retirar)" : "Contagem inicial"}
        // The minus sign of "-2" is missing from a phone's numeric keypad.
        inputMode={item ? "text" : "numeric"}
        maxLength={7}
      />
      <TextField meta={fields.reason} label="Motivo" maxLength={200} placeholder="Contagem de inventário" />
      <div>
        <button type="submit" name="intent" value={item ? "adjust" : "track"} className={gestorButton} disabled={busy}>
          {item ? "Ajustar estoque" : "Começar a acompanhar"}
        </button>
      </div>
    </Form>
  );
}
