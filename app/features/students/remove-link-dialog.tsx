import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { StudentLink } from "#api/contract/students.ts";
import { Modal } from "#app/ui/modal.tsx";

export const REMOVE_LINK_INTENT = "remove-link";

const secondary =
  "rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50";

/** Spec §5: removing a link asks first; "Cancelar" is a link back, "Sim, excluir!" posts. */
export function RemoveLinkDialog({
  link,
  backHref,
  action,
}: {
  link: StudentLink;
  /** Where "Cancelar" and closing go: the page as it was before "Remover vínculo". */
  backHref: string;
  /** The page whose action handles the "remove-link" intent. */
  action: string;
}) {
  return (
    <Modal titleId="remove-link-title" closeHref={backHref} className="max-w-md">
      <div className="flex flex-col items-center gap-3 p-6 pt-10 text-center" data-testid="remove-link-dialog">
        <p
          className="flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-3xl font-bold text-amber-600"
          aria-hidden="true"
        >
          !
        </p>
        <h2 id="remove-link-title" className="text-xl font-bold text-slate-900">
          Tem certeza?
        </h2>
        <p className="text-slate-700">Esta ação não poderá ser desfeita.</p>
        <p className="text-sm text-slate-500">
          O vínculo com <strong>{link.student.nome}</strong> será removido, e os itens do carrinho dele(a) também.
        </p>
        <div className="mt-2 flex w-full flex-col-reverse gap-3 sm:flex-row sm:justify-center">
          <Link to={backHref} replace preventScrollReset className={`${secondary} px-5 py-2.5 text-base`}>
            Cancelar
          </Link>
          <Form method="post" action={action} preventScrollReset>
            <AuthenticityTokenInput name="csrf" />
            <input type="hidden" name="linkId" value={link.id} />
            <button
              type="submit"
              name="intent"
              value={REMOVE_LINK_INTENT}
              className="w-full rounded-full bg-red-600 px-5 py-2.5 font-bold text-white hover:bg-red-700"
            >
              Sim, excluir!
            </button>
          </Form>
        </div>
      </div>
    </Modal>
  );
}
