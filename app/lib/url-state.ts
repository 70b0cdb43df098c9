/**
 * Modals, the cart panel and the mobile search bar are URL state (?carrinho=aberto),
 * so the server renders them and they work without JavaScript.
 */
export const URL_STATE = {
  cart: { key: "carrinho", open: "aberto" },
  account: { key: "conta", login: "entrar", register: "registrar", forgot: "esqueci-a-senha" },
  mobileSearch: { key: "busca", open: "aberta" },
  /**
   * The product page's link modal: ?vinculo=escolha|lista|adicionar|novo|completo and the chosen
   * ?aluno=. "adicionar" links a student by RA (with the way to one without RA); "novo" is the
   * new-student wizard; "completo" its last step, after a redirect.
   */
  link: {
    key: "vinculo",
    choice: "escolha",
    list: "lista",
    add: "adicionar",
    create: "novo",
    done: "completo",
    student: "aluno",
  },
  /**
   * The option chosen in a product page's "Comprar" form (?opcao=M, docs/decisions/0066): it
   * stays in the URL while the link modal chooses the student, so the size travels with it.
   */
  option: { key: "opcao" },
  /** The student data modal (?estudante=<studentId>), on /conta and over the link modal's list. */
  studentData: { key: "estudante" },
  /** The confirmation before removing a link on /conta (?remover=<linkId>). */
  removeLink: { key: "remover" },
  /** The confirmation, with the password, before deleting the account on /conta (?excluir-conta=confirmar). */
  deleteAccount: { key: "excluir-conta", open: "confirmar" },
} as const;

/**
 * `basePath` with the link modal's state (?vinculo=…&aluno=…). The base may carry a query of
 * its own (/compra-rapida keeps its steps there), which is kept; a previous link state is replaced.
 */
export function withLinkState(basePath: string, mode: string, studentId?: string | null) {
  const [pathname = "", search = ""] = basePath.split("?", 2);
  const params = new URLSearchParams(search);
  params.set(URL_STATE.link.key, mode);
  params.delete(URL_STATE.link.student);
  if (studentId) params.set(URL_STATE.link.student, studentId);
  return `${pathname}?${params.toString()}`;
}

/** The current location with one search param set (or removed when value is null). */
export function hrefWithParam(location: { pathname: string; search: string }, key: string, value: string | null) {
  const params = new URLSearchParams(location.search);
  if (value === null) params.delete(key);
  else params.set(key, value);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

/** The checkout (spec §2 /compra): the cart panel's "Proceder Com Pedido" and step 2's forms go here. */
export const CHECKOUT_PATH = "/compra";

/** The privacy policy (LGPD): linked from the footer, the sign-up and /conta. */
export const PRIVACY_PATH = "/privacidade";

/** /conta's query parameter that opens one sale's details (a GET link: works without JavaScript). */
export const SALE_DETAILS_PARAM = "compra";
