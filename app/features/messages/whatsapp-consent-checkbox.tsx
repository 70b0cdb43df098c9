/**
 * The WhatsApp consent box (issue 31; decision 0080), unticked unless the customer ticked it
 * already in this form: at sign-up, at the checkout and in /conta. The hint sits under the label
 * in the box's description, so a screen reader reads both.
 */
import { useId } from "react";
import { WHATSAPP_TEXTS } from "#api/contract/whatsapp-texts.ts";
import { WHATSAPP_CONSENT_FIELD } from "./whatsapp-consent-intents.ts";

export function WhatsappConsentCheckbox({ defaultChecked = false }: { defaultChecked?: boolean }) {
  const hintId = useId();
  return (
    <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-3" data-testid="whatsapp-consent">
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          name={WHATSAPP_CONSENT_FIELD}
          defaultChecked={defaultChecked}
          aria-describedby={hintId}
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
        />
        <span>{WHATSAPP_TEXTS.consentLabel}</span>
      </label>
      <p id={hintId} className="mt-1 pl-6 text-xs text-slate-600">
        {WHATSAPP_TEXTS.consentHint}
      </p>
    </div>
  );
}
