import { register } from "#app/features/accounts/registration/registration.server.ts";
import { requireAnonymous } from "#app/.server/request-context.server.ts";
import { AccountModal, useAccountPageTab } from "#app/features/accounts/account-modal.tsx";
import type { Route } from "./+types/register";

export const meta = () => [{ title: "Criar conta | Loja Escolar" }, { name: "robots", content: "noindex" }];

// Without JavaScript a sign-up step renders this page, the modal over the shell.
export function loader({ context }: Route.LoaderArgs) {
  requireAnonymous(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return register({ request, context }, await request.formData());
}

export default function RegisterPage({ actionData }: Route.ComponentProps) {
  const back = actionData?.redirectTo ?? "/";
  const tab = useAccountPageTab("registrar");
  return <AccountModal tab={tab} redirectTo={back} closeHref={back} registrationReply={actionData} />;
}
