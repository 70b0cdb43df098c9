/** The printable boleto's page on the storefront (app/routes/boleto.tsx); plain Node can import it (the e-mails). */
export function boletoLinkOf({ publicUrl }: { publicUrl: string }, saleId: string): string {
  return `${publicUrl}/boleto/${saleId}`;
}
