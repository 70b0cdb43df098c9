/**
 * The printable boleto: the acquirer's own PDF when it issued one (Mercado Pago, 0013), else the
 * storefront's page (app/routes/boleto.tsx) for the sandbox's. Plain Node can import it (the e-mails).
 */
export function boletoLinkOf(
  { publicUrl }: { publicUrl: string },
  saleId: string,
  pdfUrl: string | null = null,
): string {
  return pdfUrl ?? `${publicUrl}/boleto/${saleId}`;
}
