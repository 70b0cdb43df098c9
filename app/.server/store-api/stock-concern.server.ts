import type { ExtensionCall } from "#api/contract/index.ts";

/**
 * Stock and seats reach the storefront only in the product page's reply, getProductBySlug, a
 * call beyond spec §7 (issue 28, docs/decisions/0066-variants-are-the-subproduct.md). A school's
 * API with only §7's calls has none of it: the storefront then sells every product by its own
 * item code as before (decision 0026), shows no "Esgotado" nor "Restam N vagas", and what the
 * school can deliver is for the school's API to decide at the finish. Said once per process in
 * the log, beside the decision on the calls beyond §7, so an operator knows why.
 */
export function stockConcernNote(calls: ReadonlySet<ExtensionCall>): string | null {
  if (calls.has("getProductBySlug")) return null;
  return (
    "[estoque] a API da loja não informa estoque nem vagas (sem getProductBySlug): a loja vende como antes, " +
    'sem "Esgotado" nem "Restam N vagas"; estoque e vagas ficam a cargo da escola.'
  );
}
