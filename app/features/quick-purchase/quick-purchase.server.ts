import { data } from "react-router";
import type { Serie } from "#api/contract/catalogue.ts";
import type { StudentLink } from "#api/contract/students.ts";
import { currentSeries } from "#app/features/catalogue/series.server.ts";
import { groupSeriesByLevel, type SerieOption } from "#app/features/catalogue/series.ts";
import { withItemAdded } from "#app/features/cart/cart-changes.ts";
import { cartAddPaymentRequired } from "#app/features/cart/cart.server.ts";
import { isNewStudentIntent, newStudentAction } from "#app/features/students/new-student/new-student.server.ts";
import { RA_LINK_INTENT } from "#app/features/students/ra-link-form.tsx";
import { isLinkMode, linkHref } from "#app/features/students/link-mode.ts";
import { linkAction, linkedStudents } from "#app/features/students/student-link.server.ts";
import { REMOVE_LINK_INTENT } from "#app/features/students/remove-link-dialog.tsx";
import { currentGrades } from "#app/features/students/students.ts";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import { currentCustomer, requireCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { STORE_API_UNAVAILABLE, StoreApiError } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { publishedLists, studentListEntries } from "#app/features/lists/list-entry-links.server.ts";
import { addItemsForStudent } from "./add-items.server.ts";
import { outcomeText } from "./item-outcomes.ts";
import { flashResult, takeResult } from "./quick-purchase-result.server.ts";
import { gradesChosen, quickPurchaseHref, readQuickState, type QuickState } from "./quick-purchase-state.ts";
import { itemCodesOf, quickLineOf, recommendedItems, type QuickItem } from "./recommendation.ts";

export const QUICK_PURCHASE_MESSAGES = {
  noSerie: "Selecione ao menos uma série para continuar.",
  noItem: "Marque ao menos um item para continuar.",
  noProducts: "Nenhum produto cadastrado para as séries escolhidas.",
  logIn: "Entre na sua conta para escolher o estudante.",
  noneAdded: "Nenhum item foi adicionado ao carrinho.",
} as const;

/** The items the chosen grades offer now (spec §7 list-product-by-serie-totvs-id). */
async function offeredItems({ context }: RequestArgs, series: number[]): Promise<QuickItem[]> {
  return recommendedItems(await storeApi(context).listProductsBySeries(series));
}

/** The chosen grades that the store lists for this period (read fresh: series.server.ts). */
async function gradeChoice({ context }: RequestArgs, state: QuickState) {
  const all = await currentSeries(storeApi(context));
  const groups = groupSeriesByLevel(all);
  const known = new Set(groups.flatMap((group) => group.options.map((option) => option.serie_id)));
  return { all, groups, series: state.series.filter((id) => known.has(id)) };
}

/** The parent's linked students; none when the students call fails (spec §8: the page still works). */
async function studentsOrNone(args: RequestArgs): Promise<StudentLink[]> {
  try {
    return await linkedStudents(args);
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    console.error("[compra-rapida] estudantes indisponíveis:", error.status, error.message);
    return [];
  }
}

/**
 * A logged-in parent's first visit (no grade choice in the address) opens on the grades their
 * linked students are enrolled in now (issue 27); none when no student has a grade of this period.
 */
function studentsGrades(students: StudentLink[], series: Serie[], groups: { options: SerieOption[] }[]) {
  const grades = currentGrades(students.map((link) => link.student));
  const offered = new Set(groups.flatMap((group) => group.options.map((option) => option.serie_id)));
  return series
    .filter((serie) => offered.has(serie.id))
    .filter((serie) => grades.some((grade) => grade.codgrade === serie.codgrade && grade.CODPERLET === serie.CODPERLET))
    .map((serie) => serie.id);
}

function chooserState(url: URL) {
  const mode = url.searchParams.get(URL_STATE.link.key);
  return {
    mode: isLinkMode(mode) ? mode : "escolha",
    selectedStudentId: url.searchParams.get(URL_STATE.link.student),
    studentDataId: url.searchParams.get(URL_STATE.studentData.key),
    removeLinkId: url.searchParams.get(URL_STATE.removeLink.key),
  };
}

/** Each step's data (docs/decisions/0024-quick-purchase.md); a step without what it needs shows the one before. */
export async function loadQuickPurchase(args: RequestArgs) {
  const url = new URL(args.request.url);
  const state = readQuickState(url.searchParams);
  const loggedIn = Boolean(currentCustomer(args.context));
  const { all, groups, series } = await gradeChoice(args, state);
  // Read at most once: only step 1 of a logged-in parent needs them.
  let linkedOnce: Promise<StudentLink[]> | undefined;
  const parentsStudents = () => (linkedOnce ??= loggedIn ? studentsOrNone(args) : Promise.resolve([]));
  const stepOne = async (problem: string | null) => {
    const linked = await parentsStudents();
    return {
      step: 1 as const,
      groups,
      series,
      problem,
      loggedIn,
      studentsGrades: false,
      // Issue 29: each student's own list comes before the store's guess by grade.
      listEntries: linked.length > 0 ? studentListEntries(linked, await publishedLists(storeApi(args.context))) : [],
    };
  };
  if (loggedIn && !gradesChosen(url.searchParams)) {
    const ticked = studentsGrades(await parentsStudents(), all, groups);
    if (ticked.length > 0) return { ...(await stepOne(null)), series: ticked, studentsGrades: true };
  }
  if (state.step === 1 || series.length === 0) return stepOne(state.step > 1 ? QUICK_PURCHASE_MESSAGES.noSerie : null);

  let items: QuickItem[];
  try {
    items = await offeredItems(args, series);
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    console.error("[compra-rapida] produtos indisponíveis:", error.status, error.message);
    return stepOne(STORE_API_UNAVAILABLE);
  }
  const ticked = state.items.filter((id) => quickLineOf(items, id) !== null);

  if (state.step === 4) {
    const { result, cookie } = await takeResult(args.request);
    const lines =
      result?.outcomes.map((outcome) => ({
        itemTOTVS: outcome.itemTOTVS,
        title: quickLineOf(items, outcome.itemTOTVS)?.title ?? `Produto código ${outcome.itemTOTVS}`,
        result: outcome.result,
        text: outcomeText(outcome),
      })) ?? null;
    return data(
      { step: 4 as const, groups, series, items, ticked, loggedIn, studentName: result?.studentName ?? null, lines },
      { headers: { "set-cookie": cookie } },
    );
  }

  const stepTwo = (problem: string | null, chosen: number[]) => ({
    step: 2 as const,
    groups,
    series,
    items,
    ticked: chosen,
    problem: problem ?? (items.length === 0 ? QUICK_PURCHASE_MESSAGES.noProducts : null),
    loggedIn,
  });
  if (state.step === 2) {
    return stepTwo(
      null,
      state.items.length > 0 ? ticked : items.filter((item) => item.suggested).map((i) => i.itemTOTVS),
    );
  }
  if (ticked.length === 0) return stepTwo(QUICK_PURCHASE_MESSAGES.noItem, []);

  const chooser = chooserState(url);
  const students: StudentLink[] =
    loggedIn && chooser.mode !== "escolha" && chooser.mode !== "novo" ? await linkedStudents(args) : [];
  return { step: 3 as const, groups, series, items, ticked, loggedIn, students, ...chooser };
}

/**
 * Step 3's forms: link by RA or create a student (the chooser's own actions, staying on step 3),
 * then "Sou Aluno" or "Adicionar ao carrinho" for the chosen student, which puts every ticked
 * item in that student's bag and shows step 4 with each item's outcome.
 */
export async function quickPurchaseAction(args: RequestArgs) {
  const url = new URL(args.request.url);
  const state = readQuickState(url.searchParams);
  const stepThree = quickPurchaseHref({ ...state, step: 3 });
  if (!currentCustomer(args.context)) {
    // The session ended meanwhile: log in, then back to this very step.
    const login = hrefWithParam(new URL(stepThree, url), URL_STATE.account.key, URL_STATE.account.login);
    return toasts().redirectWithError(login, QUICK_PURCHASE_MESSAGES.logIn);
  }
  const { customer } = requireCustomer(args.context);
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const { series } = await gradeChoice(args, state);
  const offered = series.length > 0 ? await offeredItems(args, series) : [];
  const available = new Set(offered.flatMap(itemCodesOf));
  const ticked = state.items.filter((id) => available.has(id));

  if (intent === RA_LINK_INTENT || intent === REMOVE_LINK_INTENT) {
    const place = (bags: Parameters<typeof withItemAdded>[0], studentId: string) =>
      ticked.reduce((next, id) => withItemAdded(next, studentId, id), bags);
    return linkAction(args, formData, stepThree, place, stepThree);
  }
  if (isNewStudentIntent(intent)) return newStudentAction(args, formData, stepThree);
  if (intent !== "confirm" && intent !== "sou-aluno") throw data("Ação desconhecida.", { status: 400 });
  if (state.items.length === 0) {
    return toasts().redirectWithError(quickPurchaseHref({ ...state, step: 2 }), QUICK_PURCHASE_MESSAGES.noItem);
  }

  const api = storeApi(args.context);
  let student: { studentId: string; name: string | null };
  try {
    if (intent === "sou-aluno") {
      const own = await api.alreadyStudent(customer.id);
      student = { studentId: own.studentId, name: own.student.nome };
    } else {
      // Only a student the API lists as this customer's: the field is the browser's to change.
      const chosen = String(formData.get("studentId") ?? "");
      const link = (await api.listStudents(customer.id)).find((candidate) => candidate.studentId === chosen);
      if (!link) return toasts().redirectWithError(linkHref(stepThree, "lista"), "Selecione um estudante.");
      student = { studentId: link.studentId, name: link.student.nome };
    }
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return toasts().redirectWithError(linkHref(stepThree, "lista"), error.message);
  }

  const added = await addItemsForStudent(args, student.studentId, state.items, available);
  if (!added.ok) return cartAddPaymentRequired(args, added.message);
  const init = {
    headers: { "set-cookie": await flashResult(args.request, { studentName: student.name, outcomes: added.outcomes }) },
  };
  const done = quickPurchaseHref({ ...state, step: 4 });
  const count = added.outcomes.filter((outcome) => outcome.result === "added").length;
  if (count === 0) return toasts().redirectWithWarning(done, QUICK_PURCHASE_MESSAGES.noneAdded, init);
  const message = count === 1 ? "Item adicionado ao carrinho!" : `${count} itens adicionados ao carrinho!`;
  return toasts().redirectWithSuccess(done, message, init);
}
