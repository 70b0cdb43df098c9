/**
 * /conta's "Avisos pelo WhatsApp" (issue 31; decision 0080): whether the account gets its
 * orders' news by WhatsApp, since when and on which number, and one form to opt in or withdraw.
 * A plain form: it works without JavaScript (POST, then a redirect with a toast).
 */
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { WHATSAPP_TEXTS } from "#api/contract/whatsapp-texts.ts";
import { brazilDateTime } from "#core/dates.ts";
import { secondaryButton } from "#app/ui/form-field.tsx";
import { WhatsappConsentCheckbox } from "./whatsapp-consent-checkbox.tsx";
import { WHATSAPP_CONSENT_ANCHOR, WHATSAPP_CONSENT_INTENT } from "./whatsapp-consent-intents.ts";
import type { WhatsappSection } from "./whatsapp-consent.server.ts";

const ACTION = `/conta#${WHATSAPP_CONSENT_ANCHOR}`;

export function WhatsappConsentSection({ section }: { section: WhatsappSection }) {
  const navigation = useNavigation();
  if (!section.shown) return null;
  const { consent } = section;
  if (consent === null)
    return (
      <p className="text-slate-600">
        Não foi possível carregar os avisos pelo WhatsApp agora. Tente novamente em instantes.
      </p>
    );
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === WHATSAPP_CONSENT_INTENT;
  const since = consent.consentedAt ? brazilDateTime(consent.consentedAt).date : null;
  return (
    <div className="flex flex-col gap-3" data-testid="whatsapp-section">
      <p className="text-slate-700" data-testid="whatsapp-state">
        {since ? WHATSAPP_TEXTS.consentedSince(since) : WHATSAPP_TEXTS.notConsented}
        {since && consent.phone ? ` Número: ${consent.phone}.` : null}
      </p>
      {consent.phone === null && !since ? (
        <p className="text-sm text-slate-600">{WHATSAPP_TEXTS.noMobile}</p>
      ) : (
        // Keyed by the state: after a save the box shows what was saved, with JavaScript too.
        <Form method="post" action={ACTION} preventScrollReset className="flex flex-col gap-3" key={since ?? "sem"}>
          <AuthenticityTokenInput name="csrf" />
          <WhatsappConsentCheckbox defaultChecked={since !== null} />
          <button
            type="submit"
            name="intent"
            value={WHATSAPP_CONSENT_INTENT}
            disabled={busy}
            className={`${secondaryButton} self-start`}
          >
            {busy ? "Salvando..." : "Salvar preferência"}
          </button>
        </Form>
      )}
    </div>
  );
}
