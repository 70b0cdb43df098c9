import type { CartBag } from "#api/contract/carts.ts";
import { STUDENT_NAME_LIMIT, truncate } from "#core/text.ts";

/** A bag's label (spec §2): the student's name cut at 25 and the RA, or "Selecionar estudante". */
export function CartBagTitle({ bag }: { bag: Pick<CartBag, "name" | "RA"> }) {
  return (
    <>
      <span className="font-bold text-slate-900">
        {bag.name ? truncate(bag.name, STUDENT_NAME_LIMIT) : "Selecionar estudante"}
      </span>
      {bag.RA ? <span className="ml-2 text-xs font-normal text-slate-500">RA {bag.RA}</span> : null}
    </>
  );
}

/** React key and DOM-safe id of a bag: the student-less bag has no student id. */
export const bagKey = (bag: Pick<CartBag, "studentId">) => bag.studentId ?? "sem-estudante";
