import { logIn } from "#app/features/accounts/login.server.ts";
import { requireAnonymous } from "#app/.server/request-context.server.ts";
import { AccountModal, useAccountPageTab } from "#app/features/accounts/account-modal.tsx";
import type { Route } from "./+types/login";

export const meta = () => [{ title: "Entrar | Loja Escolar" }, { name: "robots", content: "noindex" }];

// The login form posts here from the account modal on any page; without JavaScript a
// failed login renders this page, the modal over the shell, with the reason.
export function loader({ context }: Route.LoaderArgs) {
  requireAnonymous(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return logIn({ request, context }, await request.formData());
}

export default function LoginPage({ actionData }: Route.ComponentProps) {
  const back = actionData?.redirectTo ?? "/";
  const tab = useAccountPageTab("entrar");
  return <AccountModal tab={tab} redirectTo={back} closeHref={back} loginReply={actionData} />;
}
