/**
 * The list as a PDF (issue 29; docs/decisions/0073-material-list-pdf.md): the printable page's
 * checklist, drawn with pdfkit's built-in Helvetica (its WinAnsi encoding covers Portuguese:
 * ç, ã, é, º), so no font file ships with the store and nothing is fetched.
 */
import PDFDocument from "pdfkit";
import type { MaterialList, MaterialListLine } from "#api/contract/material-lists.ts";
import {
  buyAnywhereNotice,
  lineAvailabilityText,
  linePriceText,
  listSubtitle,
  listTitle,
  requiredLabel,
  SCHOOL_ONLY_MARK,
} from "./public-list-texts.ts";

export interface ListPdfInput {
  list: MaterialList;
  /** "27/11/2026": the day the prices are of. */
  pricesOn: string;
  /** The public page's full address, printed so a paper copy leads back to it. */
  pageUrl: string;
  /** Who publishes it: the store's legal name. */
  storeName: string;
}

const MARGIN = 40;
const GAP = 6;
/** The columns' left edges and widths on an A4 page (595 pt wide, 515 between the margins). */
const COLUMNS = {
  box: { x: MARGIN, width: 16 },
  quantity: { x: MARGIN + 22, width: 30 },
  item: { x: MARGIN + 58, width: 300 },
  status: { x: MARGIN + 364, width: 66 },
  price: { x: MARGIN + 430, width: 85 },
};
const GREY = "#475569";
const BLACK = "#0f172a";

type Doc = InstanceType<typeof PDFDocument>;

/** The item cell's parts, each with its font: title, the school-only mark, the note, the description. */
function itemParts(line: MaterialListLine) {
  return [
    { text: line.title, font: "Helvetica-Bold", size: 10, color: BLACK },
    line.schoolOnly ? { text: SCHOOL_ONLY_MARK, font: "Helvetica-Bold", size: 8, color: BLACK } : null,
    line.note ? { text: `Observação da escola: ${line.note}`, font: "Helvetica-Oblique", size: 8, color: BLACK } : null,
    line.description.trim() ? { text: line.description.trim(), font: "Helvetica", size: 8, color: GREY } : null,
  ].filter((part) => part !== null);
}

function heightOf(doc: Doc, parts: ReturnType<typeof itemParts>) {
  return parts.reduce(
    (total, part) =>
      total + doc.font(part.font).fontSize(part.size).heightOfString(part.text, { width: COLUMNS.item.width }) + 2,
    0,
  );
}

function tableHeader(doc: Doc) {
  const y = doc.y;
  doc.font("Helvetica-Bold").fontSize(9).fillColor(BLACK);
  doc.text("Qtd.", COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width });
  doc.text("Item", COLUMNS.item.x, y, { width: COLUMNS.item.width });
  doc.text("Situação", COLUMNS.status.x, y, { width: COLUMNS.status.width });
  doc.text("Preço na loja", COLUMNS.price.x, y, { width: COLUMNS.price.width, align: "right" });
  const bottom = y + 14;
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + 515, bottom)
    .lineWidth(1)
    .strokeColor(BLACK)
    .stroke();
  doc.y = bottom + GAP;
}

function lineRow(doc: Doc, line: MaterialListLine) {
  const parts = itemParts(line);
  const availability = lineAvailabilityText(line);
  const height = Math.max(heightOf(doc, parts), availability ? 24 : 12);
  if (doc.y + height > doc.page.height - MARGIN - 20) {
    doc.addPage();
    tableHeader(doc);
  }
  const top = doc.y;
  doc.rect(COLUMNS.box.x, top, 10, 10).lineWidth(1).strokeColor(GREY).stroke();
  doc.font("Helvetica-Bold").fontSize(10).fillColor(BLACK);
  doc.text(String(line.quantity), COLUMNS.quantity.x, top, { width: COLUMNS.quantity.width });
  doc.font("Helvetica").fontSize(9);
  doc.text(requiredLabel(line), COLUMNS.status.x, top, { width: COLUMNS.status.width });
  doc.text(linePriceText(line), COLUMNS.price.x, top, { width: COLUMNS.price.width, align: "right" });
  if (availability)
    doc.fontSize(8).text(availability, COLUMNS.price.x, top + 12, { width: COLUMNS.price.width, align: "right" });
  let y = top;
  for (const part of parts) {
    doc.font(part.font).fontSize(part.size).fillColor(part.color);
    doc.text(part.text, COLUMNS.item.x, y, { width: COLUMNS.item.width });
    y = doc.y + 2;
  }
  const bottom = top + height + GAP / 2;
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + 515, bottom)
    .lineWidth(0.5)
    .strokeColor("#cbd5e1")
    .stroke();
  doc.y = bottom + GAP;
}

/** "Página 1 de 2" at the foot of every page, once all are laid out. */
function pageNumbers(doc: Doc) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    // Writing below the bottom margin would open a new page.
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor(GREY)
      .text(`Página ${index - start + 1} de ${count}`, MARGIN, doc.page.height - MARGIN + 10, {
        width: 515,
        align: "right",
      });
    doc.page.margins.bottom = bottomMargin;
  }
}

/** The list's PDF, whole in memory (a list has at most 200 lines: a few pages). */
export function buildListPdf({ list, pricesOn, pageUrl, storeName }: ListPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    lang: "pt-BR",
    info: { Title: listTitle(list), Author: storeName, Subject: listSubtitle(list) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("Helvetica").fontSize(9).fillColor(GREY).text(storeName);
  doc.moveDown(0.5);
  doc.font("Helvetica-Bold").fontSize(18).fillColor(BLACK).text(listTitle(list));
  doc.font("Helvetica").fontSize(11).fillColor(GREY).text(listSubtitle(list));
  if (list.notice) {
    doc.moveDown(0.5);
    doc.font("Helvetica-Bold").fontSize(10).fillColor(BLACK).text("Aviso da escola: ", { continued: true });
    doc.font("Helvetica").text(list.notice);
  }
  doc.moveDown(1);
  tableHeader(doc);
  for (const line of list.lines) lineRow(doc, line);
  doc.moveDown(0.5);
  doc.font("Helvetica").fontSize(9).fillColor(BLACK).text(buyAnywhereNotice(list), MARGIN, doc.y, { width: 515 });
  doc.moveDown(0.3);
  doc.fontSize(8).fillColor(GREY).text(`Preços da loja em ${pricesOn}; podem mudar. Lista on-line: ${pageUrl}`);
  pageNumbers(doc);
  doc.end();
  return done;
}
