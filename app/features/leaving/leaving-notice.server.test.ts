/**
 * Spec §8's messages before going home: the message the redirect carried, and the spec's seconds
 * (without JavaScript the page's refresh waits them, 2.5 s as 3: whole seconds only).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { goHomeAfterNotice } from "./leaving-notice.server.ts";
import { homeRefresh } from "./leaving-notice.ts";

beforeAll(() => {
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
});

async function noticePage(url: string, cookie: string | null) {
  const { loader } = await import("#app/routes/leaving-notice.tsx");
  const request = new Request(url, { headers: cookie ? { cookie } : {} });
  return { loaderData: await loader({ request, params: {}, context: {} } as never) };
}

const flashOf = (response: Response) => /loja_toast=[^;]*/.exec(response.headers.get("set-cookie") ?? "")![0];

describe("/aviso", () => {
  it("a 402 on a cart add: the store's message, then home after 2.5 s (3 without JavaScript)", async () => {
    const redirect = await goHomeAfterNotice("carrinho-recusado", "Pagamento pendente na secretaria.");
    expect(redirect.headers.get("location")).toBe("/aviso?motivo=carrinho-recusado");
    const { loaderData } = await noticePage(`http://loja.test${redirect.headers.get("location")}`, flashOf(redirect));
    expect(loaderData).toEqual({ expired: false, message: "Pagamento pendente na secretaria.", seconds: 2.5 });
  });

  it("a cart the gestor deleted: its message, then home after 2 s", async () => {
    const redirect = await goHomeAfterNotice("carrinho-excluido", "Seu carrinho foi deletado pelo administrador");
    const { loaderData } = await noticePage("http://loja.test/aviso?motivo=carrinho-excluido", flashOf(redirect));
    expect(loaderData).toMatchObject({ message: "Seu carrinho foi deletado pelo administrador", seconds: 2 });
  });

  it("/sessao-expirada, as a page and as a client-side navigation's data: the expiry message, then home after 2 s", async () => {
    for (const url of ["http://loja.test/sessao-expirada", "http://loja.test/sessao-expirada.data"]) {
      const { loaderData } = await noticePage(url, null);
      // data() with the session's cookie header: what the page reads is its `data`.
      expect((loaderData as unknown as { data: object }).data).toMatchObject({
        expired: true,
        message: "Sua sessão expirou, você será redirecionado para a página principal.",
        seconds: 2,
      });
    }
  });

  it("without a message (a reload, a link) or with an unknown reason, home at once", async () => {
    const redirect = await goHomeAfterNotice("carrinho-excluido", "Seu carrinho foi deletado pelo administrador");
    for (const [url, cookie] of [
      ["http://loja.test/aviso?motivo=carrinho-excluido", null],
      ["http://loja.test/aviso?motivo=qualquer", flashOf(redirect)],
    ] as const) {
      const thrown = await noticePage(url, cookie).catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get("location")).toBe("/");
    }
  });

  it("a refresh counts whole seconds: never shorter than the spec's wait", () => {
    expect(homeRefresh(2)).toEqual({ httpEquiv: "refresh", content: "2;url=/" });
    expect(homeRefresh(2.5)).toEqual({ httpEquiv: "refresh", content: "3;url=/" });
  });
});
