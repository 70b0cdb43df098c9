import { downloadAccountData } from "#app/features/privacy/account-privacy.server.ts";
import type { Route } from "./+types/account-data";

/** "Baixar meus dados" (/conta): a JSON file of everything the store keeps about the customer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return downloadAccountData({ request, context });
}
