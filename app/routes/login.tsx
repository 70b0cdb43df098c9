import { redirect } from "react-router";
import { logIn } from "#app/features/accounts/login.server.ts";
import { validateCsrf } from "#app/.server/csrf.server.ts";
import { getSessionCustomer } from "#app/.server/session.server.ts";
import { AccountModal } from "#app/features/accounts/account-modal.tsx";
import type { Route } from "./+types/login";

export const meta = () => [{ title: "Entrar | Loja Escolar" }, { name: "robots", content: "noindex" }];

// The login form posts here from the account modal on any page; without JavaScript a
// failed login renders this page, the modal over the shell, with the reason.
export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionCustomer(request)) throw redirect("/");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  await validateCsrf(formData, request.headers);
  return logIn(request, formData);
}

export default function LoginPage({ actionData }: Route.ComponentProps) {
  const back = actionData?.redirectTo ?? "/";
  return <AccountModal tab="entrar" redirectTo={back} closeHref={back} loginReply={actionData} />;
}
