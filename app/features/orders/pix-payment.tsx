import { Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Sale } from "#api/contract/orders.ts";
import { brazilDateTime } from "#core/dates.ts";
import { formatBRL } from "#core/money.ts";
import { CopyButton } from "#app/ui/copy-button.tsx";
import { isPixSale, payablePix, pixCodeOver, PIX_INTENTS, PIX_TEXTS } from "./pix.ts";
import { SelfRefresh } from "./self-refresh.tsx";

/** "Válido até HH:MM de dd/mm/aaaa (horário de Brasília)": the same text on the server and in the browser. */
export function pixExpiryText(expiresAt: string): string {
  const expires = brazilDateTime(expiresAt);
  return `Válido até ${expires.time} de ${expires.date} (horário de Brasília)`;
}

/** The copia e cola code in a read-only field (selectable without JavaScript) and its copy button. */
export function PixCopyPaste({ code }: { code: string }) {
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor="pix-copia-e-cola" className="text-sm font-semibold text-slate-700">
        Pix copia e cola
      </label>
      <textarea
        id="pix-copia-e-cola"
        readOnly
        rows={3}
        value={code}
        className="w-full resize-none break-all rounded-lg border border-slate-300 bg-white p-2 font-mono text-xs text-slate-800"
        data-testid="pix-copy-paste"
      />
      <div>
        <CopyButton text={code} label="Copiar código" />
      </div>
    </div>
  );
}

/** One of the Pix buttons (the sandbox's payment, a new code): a plain POST form with its CSRF token. */
export function PixSaleForm({ saleId, intent, label }: { saleId: string; intent: string; label: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("saleId") === saleId;
  return (
    <Form method="post" preventScrollReset>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="saleId" value={saleId} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={busy}
        className="rounded-full border border-brand-600 px-4 py-2 text-sm font-bold text-brand-700 hover:bg-brand-100 disabled:opacity-60"
      >
        {label}
      </button>
    </Form>
  );
}

/** The sandbox's button, with what it is for: only where the bundled API runs the sandbox gateway. */
export function SandboxPixForm({ saleId }: { saleId: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-dashed border-slate-300 p-3">
      <p className="text-xs text-slate-600">
        Loja de demonstração: nenhum banco recebe este Pix. Simule o pagamento para ver o pedido pago.
      </p>
      <PixSaleForm saleId={saleId} intent={PIX_INTENTS.sandboxPay} label="Simular pagamento (sandbox)" />
    </div>
  );
}

/** /conclusao's Pix panel: the QR and the code while pending, then "Pagamento confirmado", or the expiry. */
export function PixPayment({ sale, qrDataUrl, sandbox }: { sale: Sale; qrDataUrl: string | null; sandbox: boolean }) {
  const pix = payablePix(sale);
  if (!isPixSale(sale)) return null;
  if (sale.status === "paid") {
    return (
      <p className="rounded-xl bg-emerald-50 p-4 text-center font-bold text-emerald-800" data-testid="pix-paid">
        {PIX_TEXTS.confirmed}
      </p>
    );
  }
  if (sale.status === "expired") {
    return (
      <p className="rounded-xl bg-slate-100 p-4 text-sm text-slate-700" data-testid="pix-expired">
        O código Pix deste pedido expirou sem pagamento.{" "}
        <Link to={`/conta#compra-${sale.id}`} className="font-semibold text-brand-600 underline">
          Gere um novo código em Minha Conta
        </Link>
        .
      </p>
    );
  }
  if (pixCodeOver(sale)) {
    return (
      <div className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900" data-testid="pix-code-over">
        {/* The acquirer's word (expired or paid) arrives within minutes; the page asks until then. */}
        <SelfRefresh active />
        <p>{PIX_TEXTS.codeOver}</p>
      </div>
    );
  }
  if (!pix) return null;
  // The QR, the amount with the code's expiry, then the copia e cola: what a parent needs in
  // front of the bank app comes first (issue 25, point 8); how to pay follows.
  return (
    <section
      aria-labelledby="pix-title"
      className="flex flex-col gap-4 rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100"
      data-testid="pix-info"
    >
      {/* A pending Pix on /conclusao asks again until it is paid or expires. */}
      <SelfRefresh active />
      <h2 id="pix-title" className="text-center text-lg font-bold text-slate-900">
        Pague com Pix
      </h2>
      {qrDataUrl ? (
        <img
          src={qrDataUrl}
          alt={`QR Code Pix do pedido ${sale.referenceCode}`}
          width={220}
          height={220}
          className="self-center rounded-lg bg-white"
          data-testid="pix-qr"
        />
      ) : null}
      <p className="text-center">
        <span className="block text-lg font-bold text-slate-900" data-testid="pix-amount">
          {formatBRL(sale.total)}
        </span>
        <span className="text-sm text-slate-700" data-testid="pix-expiry">
          {pixExpiryText(pix.expiresAt)}
        </span>
      </p>
      <PixCopyPaste code={pix.copyPaste} />
      <p className="text-sm text-brand-900">
        Abra o app do seu banco, escolha pagar com Pix e leia o QR Code ou cole o código acima. Esta página se atualiza
        sozinha quando o pagamento for confirmado.
      </p>
      {sandbox ? <SandboxPixForm saleId={sale.id} /> : null}
    </section>
  );
}
