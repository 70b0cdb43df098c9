import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The pt-BR URLs of spec §2, each mapped to an English module name.
export default [
  route("api/*", "routes/store-api.ts"),
  route("newsletter", "routes/newsletter.ts"),
  route("sair", "routes/logout.ts"),
  route("carrinho", "routes/cart.ts"),
  route("conta/meus-dados", "routes/account-data.ts"),
  // Printable pages outside the main layout (spec §2).
  route("comprovantePublico/:saleBagId/:saleId", "routes/public-receipt.tsx"),
  route("boleto/:saleId", "routes/boleto.tsx"),
  // The gestor area (issue 15; docs/decisions/0028-gestor-area.md): its own layout and session.
  ...prefix("gestor", [
    route("entrar", "routes/gestor/login.tsx"),
    route("sair", "routes/gestor/logout.ts"),
    route("definir-senha/:token", "routes/gestor/set-password.tsx"),
    layout("routes/gestor/layout.tsx", [
      index("routes/gestor/dashboard.tsx"),
      route("carrinhos", "routes/gestor/carts.tsx"),
      route("clientes", "routes/gestor/customers.tsx"),
      route("clientes/:customerId", "routes/gestor/customer.tsx"),
    ]),
  ]),
  layout("routes/shop-layout.tsx", [
    index("routes/home.tsx"),
    route("categoria/:categorySlug", "routes/category.tsx"),
    route("produto/:categorySlug/:productSlug", "routes/product.tsx"),
    route("busca", "routes/search.tsx"),
    route("compra-rapida", "routes/quick-purchase.tsx"),
    route("faq", "routes/faq.tsx"),
    route("atendimento", "routes/support.tsx"),
    route("privacidade", "routes/privacy.tsx"),
    route("conta", "routes/account.tsx"),
    route("compra", "routes/checkout.tsx"),
    route("checkout", "routes/checkout-retry.tsx"),
    route("conclusao", "routes/purchase-complete.tsx"),
    route("entrar", "routes/login.tsx"),
    route("registrar", "routes/register.tsx"),
    route("sessao-expirada", "routes/session-expired.tsx"),
    route("resetar-senha", "routes/forgot-password.tsx"),
    route("resetar-senha/:token", "routes/reset-password.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
