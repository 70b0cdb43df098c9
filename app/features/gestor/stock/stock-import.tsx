/** The stock import's preview (each row's count before and after, each row's errors) and the file's columns. */
import type { StockImportReport } from "#api/contract/gestor/stock.ts";
import { CsvColumnsGuide, CsvImportPreview } from "../csv-import.tsx";
import { GestorTable } from "../gestor-ui.tsx";

export function StockImportPreview({
  report,
  ...preview
}: {
  csv: string;
  fileName: string;
  report: StockImportReport;
  busy: boolean;
}) {
  return (
    <CsvImportPreview
      {...preview}
      report={report}
      rows={
        report.rows.length > 0 ? (
          <GestorTable
            caption="O que cada linha faria"
            headers={["Linha", "Unidade", "Código do item", "Produto", "Disponível agora", "Novo disponível", "Ação"]}
          >
            {report.rows.map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                <td>{row.unitCode}</td>
                <td className="font-mono">{row.itemTOTVSId}</td>
                <td>{row.title ?? "—"}</td>
                <td>{row.before ?? "não acompanhado"}</td>
                <td>{row.available}</td>
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
  ["unidade", "Código da unidade (CODCOLIGADA) onde as peças estão."],
  ["codigo_item", "Código do item (itemTOTVSId) do produto ou do tamanho."],
  ["produto", "Nome do produto, para conferência: a importação não o altera."],
  ["opcao", "Tamanho ou outra opção, para conferência: a importação não a altera."],
  [
    "disponivel",
    "Quantas peças (ou vagas) há disponíveis, um número inteiro de 0 a 100.000. Um item ainda não acompanhado passa a ser.",
  ],
];

export function StockImportColumns() {
  return (
    <CsvColumnsGuide
      columns={COLUMNS}
      note={`Cada linha define o disponível do item, registrado no histórico com o motivo "Importação de estoque". Itens que não estão no arquivo ficam como estão.`}
    />
  );
}
