/** The lists import's preview (each row's action, the lines that leave, each row's errors) and the file's columns. */
import type { ListImportReport } from "#api/contract/gestor/material-lists.ts";
import { CsvColumnsGuide, CsvImportPreview } from "../csv-import.tsx";
import { GestorTable } from "../gestor-ui.tsx";

export function ListImportPreview({
  report,
  ...preview
}: {
  csv: string;
  fileName: string;
  report: ListImportReport;
  busy: boolean;
}) {
  return (
    <CsvImportPreview
      {...preview}
      report={report}
      rows={
        <>
          {report.newLists.length > 0 ? (
            <p>
              Listas novas, criadas como rascunho:{" "}
              {report.newLists.map((list) => `${list.codgrade} (${list.CODPERLET})`).join(", ")}.
            </p>
          ) : null}
          {report.removed.length > 0 ? (
            <GestorTable
              caption="Itens que saem das listas (não estão no arquivo)"
              headers={["Período", "Série", "Código", "Produto"]}
            >
              {report.removed.map((line) => (
                <tr key={`${line.CODPERLET}-${line.codgrade}-${line.itemTOTVSId}`}>
                  <td>{line.CODPERLET}</td>
                  <td>{line.codgrade}</td>
                  <td>{line.itemTOTVSId}</td>
                  <td>{line.title}</td>
                </tr>
              ))}
            </GestorTable>
          ) : null}
          {report.rows.length > 0 ? (
            <GestorTable
              caption="O que cada linha faria"
              headers={["Linha", "Período", "Série", "Código", "Produto", "Ação"]}
            >
              {report.rows.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>{row.CODPERLET}</td>
                  <td>{row.codgrade}</td>
                  <td>{row.itemTOTVSId}</td>
                  <td>{row.title}</td>
                  <td>{row.action}</td>
                </tr>
              ))}
            </GestorTable>
          ) : null}
        </>
      }
    />
  );
}

const COLUMNS: readonly (readonly [string, string])[] = [
  ["CODPERLET", "Período letivo: o ano seguido de 00 (ex.: 202700)."],
  ["CODGRADE", "Código da série no período (ex.: EF06); a série deve existir em Séries."],
  ["ITEM", "Código do item do produto. Produto com tamanhos: o código do produto, não o de um tamanho."],
  ["QUANTIDADE", "Quantidade, de 1 a 99."],
  ["OBRIGATORIO", "S para obrigatório, N para opcional."],
  [
    "USO_COLETIVO",
    "S para item de uso coletivo (a escola não pode exigi-lo: Lei nº 12.886/2013); N ou em branco, não.",
  ],
  [
    "OBSERVACAO",
    "Observação para os responsáveis, até 200 caracteres (ex.: pode ser o do ano anterior); pode ficar em branco.",
  ],
  ["ORDEM", "Posição do item na lista (1 a 999); em branco, segue a ordem do arquivo, depois dos numerados."],
];

export function ListImportColumns() {
  return (
    <CsvColumnsGuide
      columns={COLUMNS}
      note={
        "Cada linha é um item. As linhas de uma série e período formam a lista inteira: itens que não estão no " +
        "arquivo saem da lista; listas que o arquivo não cita ficam como estão; uma lista que não existe é criada " +
        "como rascunho. A data de publicação e o desconto não vão no arquivo: defina-os na página de cada lista."
      }
    />
  );
}
