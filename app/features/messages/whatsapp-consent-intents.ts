/** The /conta intent of "Avisos pelo WhatsApp" (issue 31): one form, opting in or withdrawing. */
export const WHATSAPP_CONSENT_INTENT = "whatsapp-consent";

/** Where /conta's "Avisos pelo WhatsApp" section is. */
export const WHATSAPP_CONSENT_ANCHOR = "avisos-whatsapp";

/** The checkbox's name wherever consent is asked (sign-up, checkout). */
export const WHATSAPP_CONSENT_FIELD = "whatsappConsent";
