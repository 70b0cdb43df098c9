/** The import's preview (what each row would do, and each row's errors) and the columns' guide. */
import type { ImportReport } from "#api/contract/gestor/catalogue.ts";
import { CsvColumnsGuide, CsvImportPreview } from "../csv-import.tsx";
import { GestorTable } from "../gestor-ui.tsx";

export function ImportPreview({
  report,
  ...preview
}: {
  csv: string;
  fileName: string;
  report: ImportReport;
  busy: boolean;
}) {
  return (
    <CsvImportPreview
      {...preview}
      report={report}
      rows={
        report.rows.length > 0 ? (
          <GestorTable caption="O que cada linha faria" headers={["Linha", "Código", "Nome", "Ação"]}>
            {report.rows.map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                <td>{row.itemTOTVSId}</td>
                <td>{row.NOME}</td>
                <td>{row.action}</td>
              </tr>
            ))}
          </GestorTable>
        ) : null
      }
    />
  );
}

const COLUMNS: readonly (readonly [string, string])[] = [
  ["itemTOTVSId", "Código do item no TOTVS (número). Um código que já existe atualiza o produto; um novo cria."],
  ["NOME", "Nome do produto."],
  ["slug", "Endereço na loja (letras minúsculas, números e hífens); em branco, formado do nome."],
  ["descricao", "Descrição (pode ficar em branco)."],
  ["categoria", "Slug da categoria (ex.: papelaria)."],
  ["TIPO", "S (curso, serviço ou evento), M (produto manual) ou P (produto físico)."],
  ["PRECO", "Preço em reais com vírgula (ex.: 1234,56 ou 1.234,56)."],
  ["DESCONTO", "Preço de venda, com desconto, em reais com vírgula; não pode passar do PRECO."],
  ["PARCELAS", "Parcelas quando comprado sozinho (1 a 12)."],
  ["TURNO", "Manhã, Tarde, Integral, Noite ou em branco."],
  ["CODCOLIGADA", "Código da unidade (até 4 dígitos)."],
  ["maxInstallments", "Máximo de parcelas do plano (1 a 12)."],
  ["turnYear", "1 se o plano vira o ano, 0 se não."],
  ["schoolYear", "Ano letivo do plano (ex.: 2027)."],
  ["seriesTOTVSID", "Números das séries separados por vírgula (ex.: 12,13), ou em branco."],
  ["visivel", "1 para visível na loja, 0 para oculto."],
  ["imagem", "Caminho ou endereço https da imagem; em branco mantém a atual."],
];

export function ImportColumns() {
  return <CsvColumnsGuide columns={COLUMNS} />;
}
