/**
 * The product form's options (issue 28): the option's name, its rows (a size each, sold under
 * its own item code), the size chart with its preview, and a course's capacity. Adding, removing
 * and moving a row are Conform's list intents: with JavaScript they change the form in place,
 * without it they post and the action sends the form back with the list changed, keeping
 * everything typed.
 */
import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import {
  sizeChartFromText,
  type ProductExtrasText,
  type ProductFieldsText,
  type VariantFieldsText,
} from "#api/contract/gestor/catalogue.ts";
import { FieldErrors, TextAreaField, TextField } from "#app/ui/form-field.tsx";
import { SizeChartTable } from "#app/features/catalogue/size-chart-table.tsx";
import { counted } from "#core/text.ts";
import { gestorCard, gestorSecondaryButton } from "../gestor-ui.tsx";
import { CheckboxField } from "./catalogue-ui.tsx";

/** The product form's values as Conform holds them (text by field name, the options' rows). */
export type ProductFormText = Partial<ProductFieldsText & ProductExtrasText> & {
  variants?: Partial<VariantFieldsText>[];
};

type OptionsFields = {
  [K in keyof ProductExtrasText]: FieldMetadata<string | undefined, ProductFormText, string[]>;
} & { variants: FieldMetadata<Partial<VariantFieldsText>[] | undefined, ProductFormText, string[]> };

export function ProductOptionsFields({
  form,
  fields,
  soldVariantIds,
  seatsTaken,
}: {
  form: FormMetadata<ProductFormText, string[]>;
  fields: OptionsFields;
  /** Options on a sale: never removed, only deactivated. */
  soldVariantIds: ReadonlySet<string>;
  seatsTaken: number;
}) {
  const rows = fields.variants.getFieldList();
  const listName = fields.variants.name;
  return (
    <>
      <section className={`${gestorCard} flex flex-col gap-3`} aria-labelledby="produto-opcoes">
        <h2 id="produto-opcoes" className="font-bold text-slate-900">
          Opções (tamanhos)
        </h2>
        <p className="text-sm text-slate-600">
          Cada opção é vendida com o seu próprio código TOTVS; preços em branco usam os do produto. Sem opções, deixe o
          nome da opção em branco.
        </p>
        <div className="max-w-sm">
          <TextField meta={fields.optionName} label="Nome da opção" maxLength={40} placeholder="Ex.: Tamanho" />
        </div>
        <FieldErrors id={fields.variants.errorId} errors={fields.variants.errors} />
        {rows.map((row, index) => {
          const variant = row.getFieldset();
          const id = variant.id.initialValue;
          const sold = typeof id === "string" && soldVariantIds.has(id);
          return (
            <fieldset key={row.key} className="grid gap-2 rounded border border-slate-200 p-3 md:grid-cols-5">
              <legend className="px-1 font-semibold text-slate-700">Opção {index + 1}</legend>
              <input {...getInputProps(variant.id, { type: "hidden" })} key={variant.id.key} />
              <TextField meta={variant.value} label="Valor" maxLength={40} placeholder="Ex.: M" />
              <TextField meta={variant.itemTOTVSId} label="Código TOTVS" inputMode="numeric" />
              <TextField meta={variant.PRECO} label="Preço (R$)" inputMode="decimal" placeholder="O do produto" />
              <TextField
                meta={variant.DESCONTO}
                label="Preço de venda (R$)"
                inputMode="decimal"
                placeholder="O do produto"
              />
              <div className="flex flex-col gap-2 pt-6">
                <CheckboxField meta={variant.active} label="Ativa" />
              </div>
              <div className="flex flex-wrap items-center gap-2 md:col-span-5">
                {index > 0 ? (
                  <button
                    {...form.reorder.getButtonProps({ name: listName, from: index, to: index - 1 })}
                    className={gestorSecondaryButton}
                  >
                    Subir a opção {index + 1}
                  </button>
                ) : null}
                {sold ? (
                  <p className="text-sm text-slate-600">
                    Já vendida: não pode ser removida, pois as vendas guardam o seu código. Desmarque “Ativa” para parar
                    de vendê-la.
                  </p>
                ) : (
                  <button {...form.remove.getButtonProps({ name: listName, index })} className={gestorSecondaryButton}>
                    Remover a opção {index + 1}
                  </button>
                )}
              </div>
            </fieldset>
          );
        })}
        <div>
          <button
            {...form.insert.getButtonProps({ name: listName, defaultValue: { active: "on" } })}
            className={gestorSecondaryButton}
          >
            Adicionar opção
          </button>
        </div>
        <TextAreaField
          meta={fields.sizeChart}
          label="Tabela de medidas"
          hint="Primeira linha: o cabeçalho. Uma linha por tamanho, células separadas por ponto e vírgula. Ex.: Tamanho; Busto (cm) e, abaixo, P; 80."
          maxLength={5000}
          rows={5}
        />
        <SizeChartPreview text={String(fields.sizeChart.value ?? "")} />
      </section>
      <section className={`${gestorCard} flex flex-col gap-1`} aria-labelledby="produto-vagas">
        <h2 id="produto-vagas" className="font-bold text-slate-900">
          Vagas (cursos e eventos)
        </h2>
        <div className="max-w-sm">
          <TextField
            meta={fields.capacity}
            label="Capacidade da turma"
            inputMode="numeric"
            placeholder="Em branco: ilimitada"
          />
        </div>
        <p className="text-sm text-slate-600">
          Só para o tipo S.{" "}
          {seatsTaken > 0
            ? `${counted(seatsTaken, "vaga já ocupada", "vagas já ocupadas")} por vendas, ofertas da lista de espera ou matrículas feitas na escola.`
            : ""}
        </p>
      </section>
    </>
  );
}

/** The table as the shop will show it, while the text makes one. */
function SizeChartPreview({ text }: { text: string }) {
  if (text.trim() === "") return null;
  const chart = sizeChartFromText(text);
  if ("error" in chart) return <p className="text-sm text-slate-600">Prévia: {chart.error}</p>;
  return (
    <div className="overflow-x-auto">
      <SizeChartTable chart={chart} caption="Prévia da tabela de medidas" />
    </div>
  );
}
