/**
 * /api/docs: the OpenAPI document as one readable HTML page, drawn on the server with no script and
 * nothing from another server (the store's machines may have no internet; issue 26).
 */
import type { OpenApiDocument } from "./document.ts";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

const block = (value: unknown) => `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`;

type Operation = {
  operationId: string;
  tags: string[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

function operationHtml(method: string, path: string, operation: Operation): string {
  const parameters = operation.parameters?.length
    ? `<p>Parâmetros: ${operation.parameters
        .map(
          (p) =>
            `<code>${escape(p.name)}</code> (${p.in === "path" ? "caminho" : "consulta"}${p.required ? ", obrigatório" : ""})`,
        )
        .join(", ")}</p>`
    : "";
  const body = operation.requestBody
    ? `<details><summary>Corpo (JSON)</summary>${block(operation.requestBody.content["application/json"]?.schema)}</details>`
    : "";
  const replies = Object.entries(operation.responses)
    .filter(([status]) => status !== "default")
    .map(([status, reply]) =>
      reply.content
        ? `<details><summary>Resposta ${status}</summary>${block(reply.content["application/json"]?.schema)}</details>`
        : `<p>Resposta ${status}: ${escape(reply.description)}</p>`,
    )
    .join("");
  return `<section id="${escape(operation.operationId)}"><h3><code>${method.toUpperCase()} ${escape(path)}</code></h3><p><small>${escape(operation.operationId)}</small></p>${parameters}${body}${replies}</section>`;
}

export function referencePage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods as Record<string, Operation>)) {
      const tag = operation.tags[0] ?? "";
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, operation)]);
    }
  }
  const sections = document.tags
    .map(
      (tag) =>
        `<h2>${escape(tag.name)} (${byTag.get(tag.name)?.length ?? 0})</h2><p>${escape(tag.description)}</p>${(byTag.get(tag.name) ?? []).join("")}`,
    )
    .join("");
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1e293b;line-height:1.5}
section{border-top:1px solid #e2e8f0;padding:.5rem 0}h3{margin:.25rem 0;font-size:1rem}
pre{background:#f1f5f9;padding:.75rem;overflow-x:auto;font-size:.8rem}summary{cursor:pointer}
</style>
</head>
<body>
<h1>${escape(document.info.title)}</h1>
<p>${escape(document.info.description)}</p>
<p>O mesmo contrato em formato de máquina: <a href="openapi.json">openapi.json</a> (OpenAPI ${escape(document.openapi)}).</p>
${sections}
</body>
</html>`;
}
