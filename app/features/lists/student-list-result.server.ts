import { createCookieSessionStorage } from "react-router";
import { LIST_LINE_RESULTS, type ListLineOutcome } from "#api/contract/material-lists.ts";
import { storeCookie } from "#app/.server/store-cookie.server.ts";

/**
 * What the list page shows once after "Adicionar ao carrinho" (POST-redirect-GET, without
 * JavaScript too): the student it was for and each line's outcome. As the Compra Rápida's
 * result (decision 0024), a signed flash cookie of its own, compact so a list of 200 lines
 * stays under a cookie's 4 KB: [line id, index of the result, index of its message].
 */
interface Packed {
  s: string;
  o: [string, number, number?][];
  m: string[];
}

export interface StudentListResult {
  studentId: string;
  outcomes: ListLineOutcome[];
}

function pack({ studentId, outcomes }: StudentListResult): Packed {
  const messages: string[] = [];
  const o = outcomes.map((outcome): Packed["o"][number] => {
    const result = LIST_LINE_RESULTS.indexOf(outcome.result);
    if (outcome.message === undefined) return [outcome.lineId, result];
    if (!messages.includes(outcome.message)) messages.push(outcome.message);
    return [outcome.lineId, result, messages.indexOf(outcome.message)];
  });
  return { s: studentId, o, m: messages };
}

function unpack(packed: Packed): StudentListResult {
  return {
    studentId: packed.s,
    outcomes: packed.o.flatMap(([lineId, result, message]) => {
      const name = LIST_LINE_RESULTS[result];
      if (!name) return [];
      return message === undefined
        ? [{ lineId, result: name }]
        : [{ lineId, result: name, message: packed.m[message] ?? "" }];
    }),
  };
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
  studentId: string,
): Promise<{ outcomes: ListLineOutcome[] | null; cookie: string | null }> {
  const session = await resultStorage().getSession(request.headers.get("cookie"));
  const packed = session.get("result");
  // No result waiting: no cookie set (a store cookie on every visit would only be noise).
  if (!packed) return { outcomes: null, cookie: null };
  const result = unpack(packed);
  const outcomes = result.studentId === studentId ? result.outcomes : null;
  return { outcomes, cookie: await resultStorage().commitSession(session) };
}
