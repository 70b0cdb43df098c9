import { Form, Link } from "react-router";
import type { AuditEntryReply } from "#api/contract/gestor/team.ts";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import {
  gestorButton,
  GestorFilterInput,
  GestorPagination,
  gestorSecondaryButton,
  GestorTable,
} from "#app/features/gestor/gestor-ui.tsx";
import { auditPage, type AuditFilterName } from "#app/features/gestor/staff/audit.server.ts";
import { whenLabel } from "#app/features/gestor/staff/team-labels.ts";
import type { Route } from "./+types/audit";

export const meta = () => [{ title: "Auditoria | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => auditPage(request);

/** Where a target's own page is, for the targets that have one. */
const TARGET_PAGES: Record<string, (id: string) => string> = {
  staff: (id) => `${GESTOR_PATHS.team}/${id}`,
  sale: (id) => `/gestor/pedidos/${id}`,
  customer: (id) => `/gestor/clientes/${id}`,
  ticket: (id) => `/gestor/atendimento/${id}`,
  product: (id) => `/gestor/catalogo/produtos/${id}`,
  coupon: (id) => `/gestor/cupons/${id}`,
  unit: (code) => GESTOR_PATHS.unit(code),
};

const FIELDS: { name: AuditFilterName; label: string; type: "text" | "date"; list?: string }[] = [
  { name: "actor", label: "Pessoa (e-mail ou “linha de comando”)", type: "text" },
  { name: "action", label: "Ação (ou o início, como “cart.”)", type: "text", list: "acoes-conhecidas" },
  { name: "targetType", label: "Tipo do alvo", type: "text" },
  { name: "targetId", label: "Identificador do alvo", type: "text" },
  { name: "from", label: "De", type: "date" },
  { name: "to", label: "Até", type: "date" },
];

function Target({ entry }: { entry: AuditEntryReply }) {
  const page = entry.targetId ? TARGET_PAGES[entry.targetType] : undefined;
  return (
    <>
      <span className="block text-xs text-slate-600">{entry.targetType}</span>
      {entry.targetId && page ? (
        <Link to={page(entry.targetId)} className="font-mono text-xs break-all underline">
          {entry.targetId}
        </Link>
      ) : (
        <span className="font-mono text-xs break-all">{entry.targetId ?? "–"}</span>
      )}
    </>
  );
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

function Change({ entry }: { entry: AuditEntryReply }) {
  if (entry.before == null && entry.after == null) return <>–</>;
  return (
    <details>
      <summary className="cursor-pointer underline">Antes e depois</summary>
      <div className="mt-1 grid gap-2 md:grid-cols-2">
        <div>
          <p className="text-xs font-semibold">Antes</p>
          <pre className="overflow-x-auto rounded bg-slate-50 p-2 text-xs">{pretty(entry.before ?? null)}</pre>
        </div>
        <div>
          <p className="text-xs font-semibold">Depois</p>
          <pre className="overflow-x-auto rounded bg-slate-50 p-2 text-xs">{pretty(entry.after ?? null)}</pre>
        </div>
      </div>
    </details>
  );
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { log, filters } = loaderData;
  const hrefOf = (page: number) => {
    const search = new URLSearchParams(
      Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    search.set("page", String(page));
    return `${GESTOR_PATHS.audit}?${search}`;
  };
  return (
    <>
      <GestorPageHeader title="Auditoria" />
      <p className="mb-3 text-slate-600">
        Tudo o que a equipe e a linha de comando fizeram, do mais recente ao mais antigo. Ninguém pode alterar ou apagar
        estes registros.
      </p>
      <Form method="get" className="mb-4 grid gap-3 rounded border border-slate-200 bg-white p-3 sm:grid-cols-3">
        {FIELDS.map((field) => (
          <GestorFilterInput
            key={field.name}
            idPrefix="filtro"
            {...field}
            value={filters[field.name] ?? ""}
            maxLength={254}
          />
        ))}
        <datalist id="acoes-conhecidas">
          {log.actions.map((action) => (
            <option key={action} value={action} />
          ))}
        </datalist>
        <div className="flex items-end gap-2 sm:col-span-3">
          <button type="submit" className={gestorButton}>
            Filtrar
          </button>
          <Link to={GESTOR_PATHS.audit} className={gestorSecondaryButton}>
            Limpar filtros
          </Link>
        </div>
      </Form>
      <GestorTable
        caption="Registros da auditoria"
        headers={["Quando", "Quem", "O quê", "Alvo", "Alterações"]}
        empty={log.total === 0 ? "Nenhum registro com estes filtros." : null}
      >
        {log.rows.map((entry) => (
          <tr key={entry.id}>
            <td className="whitespace-nowrap">{whenLabel(entry.at)}</td>
            <td className="break-all">{entry.actor}</td>
            <td>
              {entry.summary}
              <span className="block font-mono text-xs text-slate-600">{entry.action}</span>
            </td>
            <td>
              <Target entry={entry} />
            </td>
            <td>
              <Change entry={entry} />
            </td>
          </tr>
        ))}
      </GestorTable>
      <GestorPagination page={log.page} pageCount={log.pageCount} total={log.total} hrefOf={hrefOf} />
    </>
  );
}
