import { createCookieSessionStorage } from "react-router";
import type { ListLineOutcome } from "#api/contract/material-lists.ts";
import { storeCookie } from "#app/.server/store-cookie.server.ts";

/**
 * What the list page shows once after "Adicionar ao carrinho" (POST-redirect-GET, without
 * JavaScript too): the student and list it was for and each line's outcome. As the Compra
 * Rápida's result (decision 0024), a signed flash cookie of its own. A cookie holds at most 4096
 * characters and a list up to 200 lines, so the outcomes are one letter per line of the list, by
 * the line's index ("." not sent), and a refused line's message is kept once per different text.
 */
interface Packed {
  /** Student and list ids. */
  s: string;
  l: string;
  /** One letter per line of the list, up to the last line sent (RESULT_LETTERS; "." not sent). */
  o: string;
  /** The refusal messages, each once, and for each refused line (in the list's order) its message's index. */
  m: string[];
  r: number[];
}

const RESULT_LETTERS: Record<ListLineOutcome["result"], string> = {
  added: "a",
  already: "j",
  soldOut: "e",
  refused: "r",
  unavailable: "i",
};
const NOT_SENT = ".";

export interface StudentListResult {
  studentId: string;
  listId: string;
  outcomes: ListLineOutcome[];
}

function pack({ studentId, listId, outcomes }: StudentListResult): Packed {
  const letters: string[] = [];
  const messages: string[] = [];
  const refusals: number[] = [];
  for (const outcome of [...outcomes].sort((a, b) => a.index - b.index)) {
    while (letters.length < outcome.index) letters.push(NOT_SENT);
    letters[outcome.index] = RESULT_LETTERS[outcome.result];
    if (outcome.result !== "refused") continue;
    const message = outcome.message ?? "";
    if (!messages.includes(message)) messages.push(message);
    refusals.push(messages.indexOf(message));
  }
  return { s: studentId, l: listId, o: letters.join(""), m: messages, r: refusals };
}

/** The outcomes named by the lines of the list the page shows now. */
function unpack(packed: Packed, lines: readonly { lineId: string }[]): ListLineOutcome[] {
  const results = Object.entries(RESULT_LETTERS) as [ListLineOutcome["result"], string][];
  let refused = 0;
  return Array.from(packed.o).flatMap((letter, index) => {
    const result = results.find(([, own]) => own === letter)?.[0];
    const line = lines[index];
    if (!result) return [];
    const message = result === "refused" ? (packed.m[packed.r[refused++] ?? -1] ?? "") : undefined;
    if (!line) return [];
    return message === undefined
      ? [{ lineId: line.lineId, index, result }]
      : [{ lineId: line.lineId, index, result, message }];
  });
}

let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, { result: Packed }>> | undefined;

function resultStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, { result: Packed }>({
    cookie: storeCookie("loja_lista_material", "material-list"),
  });
  return storage;
}

/** The Set-Cookie that carries the outcomes to the list page. */
export async function flashListResult(request: Request, result: StudentListResult): Promise<string> {
  const session = await resultStorage().getSession(request.headers.get("cookie"));
  session.flash("result", pack(result));
  return resultStorage().commitSession(session);
}

/** The outcomes waiting for this student's page, if any, and the Set-Cookie that clears them (null: none). */
export async function takeListResult(
  request: Request,
  list: { id: string; student: { id: string }; lines: readonly { lineId: string }[] } | null,
): Promise<{ outcomes: ListLineOutcome[] | null; cookie: string | null }> {
  const session = await resultStorage().getSession(request.headers.get("cookie"));
  const packed = session.get("result");
  // No result waiting: no cookie set (a store cookie on every visit would only be noise).
  if (!packed) return { outcomes: null, cookie: null };
  // Another student's or list's result (a list the school replaced meanwhile) names other lines.
  const outcomes = list && packed.s === list.student.id && packed.l === list.id ? unpack(packed, list.lines) : null;
  return { outcomes, cookie: await resultStorage().commitSession(session) };
}
