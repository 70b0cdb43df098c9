import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { linkHref } from "#app/features/students/link-mode.ts";

export const BUY_BUTTON_STYLE =
  "block w-full rounded-full bg-accent-400 px-6 py-3 text-center text-lg font-bold text-brand-900 shadow hover:bg-accent-500";

/**
 * "Comprar" on the product page: a customer chooses the student in the link modal; a
 * visitor's item goes to their cart without a student (spec §6), chosen after login.
 */
export function BuyButton({
  loggedIn,
  productPath,
  itemTOTVSId,
}: {
  loggedIn: boolean;
  productPath: string;
  itemTOTVSId: number;
}) {
  if (loggedIn) {
    return (
      <Link
        to={linkHref(productPath, "escolha")}
        preventScrollReset
        className={BUY_BUTTON_STYLE}
        data-testid="buy-button"
      >
        Comprar
      </Link>
    );
  }
  return (
    <Form method="post" action="/carrinho" preventScrollReset>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="itemTOTVSId" value={itemTOTVSId} />
      <input type="hidden" name="studentId" value="" />
      <input type="hidden" name="redirectTo" value={productPath} />
      <button type="submit" className={BUY_BUTTON_STYLE} data-testid="buy-button">
        Comprar
      </button>
    </Form>
  );
}
