/**
 * The store API described as OpenAPI 3.1, built from api/contract's own Zod declarations, so the
 * description cannot drift from what the routes parse and answer (issue 26). A school network that
 * serves spec §7 itself implements the operations tagged "Spec §7"; the others are the bundled
 * API's own (docs/decisions/0026-school-api-optional-calls.md, 0028-gestor-area.md).
 */
import { z } from "zod";
import { gestorContract } from "../contract/gestor/index.ts";
import { apiErrorBody, contract, type Endpoint } from "../contract/index.ts";

type JsonSchema = Record<string, unknown>;

export const SPEC_TAG = "Spec §7";
export const EXTENSION_TAG = "Além do §7";
export const GESTOR_TAG = "Gestor";
export const INTEGRATION_TAG = "Integração (ERP)";

const TAG_DESCRIPTIONS: Record<string, string> = {
  [SPEC_TAG]: "As chamadas da especificação (§7): o que a API de loja da rede escolar serve.",
  [EXTENSION_TAG]:
    "Chamadas da API embutida além do §7: a loja as usa quando a API de loja as tem e, sem elas, usa só o §7.",
  [GESTOR_TAG]: "A área do gestor: só a API embutida (ou outra instância dela) as serve.",
  [INTEGRATION_TAG]:
    'Chamadas que o sistema acadêmico (ERP) da escola faz com uma chave de integração criada em Gestor > Integrações, para manter alunos matriculados e séries em dia. Envie Authorization: Bearer lei_… . Exemplo: curl -X PUT -H "Authorization: Bearer lei_…" -H "Content-Type: application/json" -d \'{…}\' «endereço da loja»/api/gestor/roster/… . Cada chamada é idempotente e fica no registro de auditoria; são até 1.200 chamadas por minuto por chave (depois, 429 com Retry-After).',
};

/** Zod's JSON Schema (draft 2020-12, OpenAPI 3.1's dialect); a transform or a date becomes "any". */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

const PARAM = /:([A-Za-z0-9_]+)/g;

/** `/carts/:cartId` → `/carts/{cartId}`. */
export const openApiPath = (path: string) => path.replace(PARAM, "{$1}");

/** Each property of an object schema, as the client sends it. */
function propertiesOf(schema: z.ZodType | undefined): {
  properties: Record<string, JsonSchema>;
  required: Set<string>;
} {
  const described = schema ? jsonSchema(schema, "input") : {};
  return {
    properties: (described.properties ?? {}) as Record<string, JsonSchema>,
    required: new Set((described.required ?? []) as string[]),
  };
}

/** Path parameters typed by the contract's `params` where it has them (the API checks those), text otherwise. */
function parametersOf(declared: Endpoint) {
  const path = propertiesOf(declared.params);
  const pathParams = [...declared.path.matchAll(PARAM)].map(([, name]) => ({
    name: name!,
    in: "path",
    required: true,
    schema: path.properties[name!] ?? { type: "string" },
  }));
  const query = propertiesOf(declared.query);
  const queryParams = Object.entries(query.properties).map(([name, schema]) => ({
    name,
    in: "query",
    required: query.required.has(name),
    schema,
  }));
  return [...pathParams, ...queryParams];
}

const errorReply = {
  description: "A falha, com a mensagem em português.",
  content: json(jsonSchema(apiErrorBody, "output")),
};

function errorRepliesOf(declared: Endpoint): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(declared.errorReplies ?? {}).map(([status, reply]) => [
      status,
      { description: reply.description, content: json(jsonSchema(reply.schema, "output")) },
    ]),
  );
}

function json(schema: JsonSchema) {
  return { "application/json": { schema } };
}

function operationOf(name: string, declared: Endpoint, tag: string) {
  const success: Record<string, unknown> = {};
  if (declared.reply) success["200"] = { description: "Sucesso.", content: json(jsonSchema(declared.reply, "output")) };
  if (!declared.reply || declared.mayBeEmpty) success["204"] = { description: "Sucesso, sem corpo." };
  const parameters = parametersOf(declared);
  return {
    operationId: name,
    tags: declared.integrationKey ? [tag, INTEGRATION_TAG] : [tag],
    // An admin's session or a key of the call's scope (decision 0060).
    ...(declared.integrationKey ? { security: [{ integrationKey: [] }, { bearer: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(declared.body ? { requestBody: { required: true, content: json(jsonSchema(declared.body, "input")) } } : {}),
    responses: { ...success, ...errorRepliesOf(declared), default: errorReply },
  };
}

/** Every declared call with its name, in the contract's order: §7 areas first, then the gestor's. */
function namedEndpoints(): { name: string; declared: Endpoint; tag: string }[] {
  const store = Object.values(contract).flatMap((area) =>
    Object.entries(area as Record<string, Endpoint>).map(([name, declared]) => ({
      name,
      declared,
      tag: declared.extension ? EXTENSION_TAG : SPEC_TAG,
    })),
  );
  const gestor = Object.entries(gestorContract).flatMap(([area, calls]) =>
    Object.entries(calls as Record<string, Endpoint>).map(([name, declared]) => ({
      name: `gestor.${area}.${name}`,
      declared,
      tag: GESTOR_TAG,
    })),
  );
  return [...store, ...gestor];
}

/** The OpenAPI 3.1 document; `serverUrl` is where the API is mounted (the store's /api). */
export function openApiDocument(serverUrl = "/api") {
  const paths: Record<string, Record<string, unknown>> = {};
  const usedTags = new Set<string>();
  for (const { name, declared, tag } of namedEndpoints()) {
    const path = (paths[openApiPath(declared.path)] ??= {});
    const operation = operationOf(name, declared, tag);
    path[declared.method.toLowerCase()] = operation;
    for (const used of operation.tags) usedTags.add(used);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Loja Escolar: API de loja",
      version: "1.0.0",
      description:
        'A API que a loja chama (especificação §7) e a que ela traz embutida. Uma rede escolar que serve a própria API de loja implementa as operações marcadas "Spec §7". Toda falha responde { "error": { "message": "…" } }. Chamadas de cliente e do gestor levam o cabeçalho Authorization: Bearer com o token de login de cada um.',
    },
    servers: [{ url: serverUrl }],
    tags: Object.entries(TAG_DESCRIPTIONS)
      .filter(([name]) => usedTags.has(name))
      .map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        integrationKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "lei_…",
          description: "Uma chave de integração (Gestor > Integrações), mostrada uma só vez ao ser criada.",
        },
      },
    },
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
