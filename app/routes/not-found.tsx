import { notFoundResponse } from "#app/.server/not-found.server.ts";

export const meta = () => [{ title: "Página não encontrada | Loja Escolar" }];

// Any other path (spec §2): the shell's error boundary renders the not-found page with 404.
export async function loader() {
  throw notFoundResponse();
}

export async function action() {
  throw notFoundResponse();
}

export default function NotFound() {
  return null;
}
