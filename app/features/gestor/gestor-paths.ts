/**
 * The gestor area's addresses (issue 15; docs/decisions/0028-gestor-area.md) and its menu: one
 * home, so the routes, the guards' redirects and the menu agree.
 */
import { PART_ROLES, type StaffRole } from "#api/contract/gestor/staff.ts";

export const GESTOR_PATHS = {
  home: "/gestor",
  login: "/gestor/entrar",
  /** The authenticator's code, after the password (TOTP). */
  secondFactor: "/gestor/entrar/codigo",
  /** An admin without an authenticator enrols one before anything else (ASVS level 2). */
  enrol: "/gestor/entrar/autenticador",
  logout: "/gestor/sair",
  setPassword: (token: string) => `/gestor/definir-senha/${token}`,
  orders: "/gestor/pedidos",
  /** The filtered list as CSV (same query as the list). */
  ordersExport: "/gestor/pedidos/exportar",
  sale: (id: string) => `/gestor/pedidos/${id}`,
  carts: "/gestor/carrinhos",
  customers: "/gestor/clientes",
  customer: (id: string) => `/gestor/clientes/${id}`,
  catalogue: "/gestor/catalogo",
  catalogueNewProduct: "/gestor/catalogo/produtos/novo",
  catalogueProduct: (productId: string) => `/gestor/catalogo/produtos/${productId}`,
  catalogueCategories: "/gestor/catalogo/categorias",
  catalogueHighlights: "/gestor/catalogo/destaques",
  catalogueImport: "/gestor/catalogo/importar",
  catalogueExport: "/gestor/catalogo/exportar",
  /** Estoque: the tracked items (GET filters), one item's page, the CSV's import and export. */
  stock: "/gestor/estoque",
  stockItem: (unitCode: string, itemTOTVSId: number | string) => `/gestor/estoque/${unitCode}/${itemTOTVSId}`,
  stockImport: "/gestor/estoque/importar",
  stockExport: "/gestor/estoque/exportar",
  /** Entrega (issue 30): the counter's search (`?q=`) and one sale at the counter. */
  counter: "/gestor/entrega",
  counterSale: (saleId: string) => `/gestor/entrega/${saleId}`,
  /** Troca: the same search, then a line's sizes. */
  exchange: "/gestor/troca",
  exchangeLine: (lineId: string) => `/gestor/troca/${lineId}`,
  /** Check-in of courses and events (`?unidade=&item=`: one's seats). */
  checkIn: "/gestor/check-in",
  coupons: "/gestor/cupons",
  newCoupon: "/gestor/cupons/novo",
  coupon: (id: string) => `/gestor/cupons/${id}`,
  tickets: "/gestor/atendimento",
  ticket: (id: string) => `/gestor/atendimento/${id}`,
  units: "/gestor/unidades",
  newUnit: "/gestor/unidades/nova",
  unit: (code: string) => `/gestor/unidades/${code}`,
  /** Séries of a school period (`?periodo=202600`; the current one without it). */
  grades: (period?: string) => (period ? `/gestor/series?periodo=${period}` : "/gestor/series"),
  grade: (gradeId: number) => `/gestor/series/${gradeId}`,
  gradesImport: "/gestor/series/importar",
  /** One period's grades as CSV, or every period's without it. */
  gradesExport: (period?: string) => (period ? `/gestor/series/exportar?periodo=${period}` : "/gestor/series/exportar"),
  /** Listas de material of a school period (`?periodo=202600`; the current one without it), a list's page, the copy of a period's lists, the CSV. */
  materialLists: (period?: string) => (period ? `/gestor/listas?periodo=${period}` : "/gestor/listas"),
  materialList: (listId: string) => `/gestor/listas/${listId}`,
  materialListsCopy: "/gestor/listas/copiar",
  materialListsImport: "/gestor/listas/importar",
  materialListsExport: (period: string) => `/gestor/listas/exportar?periodo=${period}`,
  /** Alunos matriculados: the roster of a period (GET filters), a student's page, the import and its model. */
  roster: "/gestor/alunos",
  rosterStudent: (studentId: string) => `/gestor/alunos/${studentId}`,
  rosterImport: "/gestor/alunos/importar",
  rosterTemplate: "/gestor/alunos/modelo",
  team: "/gestor/equipe",
  audit: "/gestor/auditoria",
  /** The school ERP's keys for the roster and grades sync (decision 0060). */
  integrationKeys: "/gestor/integracoes",
  /** Separação (GET filters: unitCode, state, codgrade, turma), its picking lists and labels of the bags named. */
  separation: "/gestor/separacao",
  separationPrint: (bagIds: readonly string[]) => `/gestor/separacao/imprimir?sacolas=${bagIds.join(",")}`,
  separationLabels: (bagIds: readonly string[]) => `/gestor/separacao/etiquetas?sacolas=${bagIds.join(",")}`,
  /** A whole class's picking lists (every page of it): api/contract/gestor/delivery.ts bagClassFields. */
  separationClassPrint: (ofClass: {
    unitCode?: string;
    state: string;
    codgrade: string | null;
    turma: string | null;
  }) =>
    `/gestor/separacao/imprimir?${new URLSearchParams({
      ...(ofClass.unitCode ? { unitCode: ofClass.unitCode } : {}),
      state: ofClass.state,
      codgrade: ofClass.codgrade ?? "",
      turma: ofClass.turma ?? "",
    })}`,
  /** Prontos (GET filters: unitCode, overdue) and the pending pickups as CSV (`?unitCode=`). */
  readyBags: "/gestor/prontos",
  pendingPickupsExport: "/gestor/prontos/exportar",
  /** The last day's failed e-mails and WhatsApp messages, linked from the Painel (issue 31). */
  failedMessages: "/gestor/mensagens",
  /** The person's own account: password and authenticator. */
  ownAccount: "/gestor/minha-conta",
  /** The header's search: customers, students and orders (`?q=…`). */
  search: "/gestor/busca",
} as const;

export interface GestorMenuEntry {
  label: string;
  to: string;
  /** Roles that see the entry; every role when absent. */
  roles?: readonly StaffRole[];
}

/** The menu, in the order of a working day. */
export const GESTOR_MENU: readonly GestorMenuEntry[] = [
  { label: "Painel", to: GESTOR_PATHS.home, roles: PART_ROLES.dashboard },
  { label: "Pedidos", to: GESTOR_PATHS.orders, roles: PART_ROLES.sales },
  { label: "Carrinhos", to: GESTOR_PATHS.carts, roles: PART_ROLES.carts },
  { label: "Clientes e estudantes", to: GESTOR_PATHS.customers, roles: PART_ROLES.customers },
  { label: "Catálogo", to: GESTOR_PATHS.catalogue, roles: PART_ROLES.catalogue },
  { label: "Estoque", to: GESTOR_PATHS.stock, roles: PART_ROLES.stock },
  { label: "Separação", to: GESTOR_PATHS.separation, roles: PART_ROLES.delivery },
  { label: "Prontos", to: GESTOR_PATHS.readyBags, roles: PART_ROLES.delivery },
  { label: "Entrega", to: GESTOR_PATHS.counter, roles: PART_ROLES.delivery },
  { label: "Troca", to: GESTOR_PATHS.exchange, roles: PART_ROLES.delivery },
  { label: "Check-in", to: GESTOR_PATHS.checkIn, roles: PART_ROLES.delivery },
  { label: "Cupons", to: GESTOR_PATHS.coupons, roles: PART_ROLES.coupons },
  { label: "Atendimento", to: GESTOR_PATHS.tickets, roles: PART_ROLES.tickets },
  { label: "Unidades", to: GESTOR_PATHS.units, roles: ["admin"] },
  { label: "Séries", to: GESTOR_PATHS.grades(), roles: ["admin"] },
  { label: "Listas de material", to: GESTOR_PATHS.materialLists(), roles: ["admin"] },
  { label: "Alunos matriculados", to: GESTOR_PATHS.roster, roles: ["admin"] },
  { label: "Equipe", to: GESTOR_PATHS.team, roles: ["admin"] },
  { label: "Auditoria", to: GESTOR_PATHS.audit, roles: ["admin"] },
  { label: "Integrações", to: GESTOR_PATHS.integrationKeys, roles: ["admin"] },
];

/** Where a login goes back to: a page of the area only (never another site). */
export function gestorReturnPath(candidate: string | null | undefined): string {
  if (!candidate || !/^\/gestor(\/|$|\?)/.test(candidate) || candidate.startsWith(GESTOR_PATHS.login))
    return GESTOR_PATHS.home;
  return candidate.startsWith("//") ? GESTOR_PATHS.home : candidate;
}
