import { redirect } from "react-router";
import { validateCsrf } from "#app/.server/csrf.server.ts";
import { register } from "#app/features/accounts/registration/registration.server.ts";
import { getSessionCustomer } from "#app/.server/session.server.ts";
import { AccountModal } from "#app/features/accounts/account-modal.tsx";
import type { Route } from "./+types/register";

export const meta = () => [{ title: "Criar conta | Loja Escolar" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionCustomer(request)) throw redirect("/");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  await validateCsrf(formData, request.headers);
  return register(request, formData);
}

export default function RegisterPage({ actionData }: Route.ComponentProps) {
  const back = actionData?.redirectTo ?? "/";
  return <AccountModal tab="registrar" redirectTo={back} closeHref={back} registrationReply={actionData} />;
}
