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
  ["opcao_nome", "Opcional. Na linha do produto: o nome da opção (ex.: Tamanho), ou em branco se não tem opções."],
  [
    "tabela_medidas",
    "Opcional. Na linha do produto: a tabela de medidas, primeira linha o cabeçalho, uma linha por tamanho, células separadas por ponto e vírgula (numa célula entre aspas).",
  ],
  ["capacidade", "Opcional. Na linha de um curso ou evento (tipo S): as vagas da turma; em branco, ilimitadas."],
  [
    "produto_pai",
    "Opcional. Numa linha de opção: o itemTOTVSId do produto, que vem antes no arquivo. A linha de opção preenche só itemTOTVSId (o da opção), PRECO e DESCONTO (em branco: os do produto), visivel (1 ativa, 0 inativa), produto_pai e opcao.",
  ],
  ["opcao", "Opcional. Numa linha de opção: o valor (ex.: M)."],
];

export function ImportColumns() {
  return (
    <CsvColumnsGuide
      columns={COLUMNS}
      note="As colunas das opções (opcao_nome a opcao) podem faltar: um arquivo sem elas mantém as opções de cada produto como estão. Uma opção que não está no arquivo continua como está."
    />
  );
}
