import type { ReactNode } from "react";

/**
 * What a secretary sees where a sale or a cart holds another unit's items (decision 0061): hers
 * to see, not to change. The API refuses the change anyway; the pages only stop offering it.
 */
export const OTHER_UNIT = "Outra unidade";

/** In place of an action on a line of another unit's product. */
export function OtherUnitMark() {
  return <span className="text-slate-600">{OTHER_UNIT}</span>;
}

/** Beside a record mixed with another unit's items: why an action is not offered, and who takes it. */
export function OtherUnitsNote({ children }: { children: ReactNode }) {
  return (
    <p className="text-slate-700" data-testid="outra-unidade">
      {children}
    </p>
  );
}
