import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { STUDENT_CONSENT_SUMMARIES, STUDENT_CONSENT_TEXTS, STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import { FieldErrors } from "#app/ui/form-field.tsx";

const PRIVACY_PATH = "/privacidade";
const PRIVACY_LINK_TEXT = "Política de Privacidade";

/**
 * The responsible adult's consent to keep a child's data (LGPD art. 14, docs/decisions/0013):
 * highlighted and never ticked beforehand. Its label is one sentence; the whole text whose version
 * the store API keeps is one click away, in the same box (issue 25 point 4).
 */
export function StudentConsentField({ meta }: { meta: FieldMetadata<boolean | string | undefined> }) {
  const [before, after = ""] = STUDENT_CONSENT_TEXTS[STUDENT_CONSENT_VERSION].split(PRIVACY_LINK_TEXT);
  const fullTextId = `${meta.id}-texto`;
  return (
    <div className="rounded-lg border-2 border-amber-300 bg-amber-50 p-3" data-testid="student-consent">
      <label className="flex items-start gap-2 text-sm font-semibold text-slate-900">
        <input
          {...getInputProps(meta, { type: "checkbox", ariaDescribedBy: fullTextId })}
          key={meta.key}
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
        />
        <span>{STUDENT_CONSENT_SUMMARIES[STUDENT_CONSENT_VERSION]}</span>
      </label>
      <details className="mt-2 pl-6 text-sm text-slate-800">
        <summary className="cursor-pointer font-semibold text-brand-700">Ler a autorização completa</summary>
        <p id={fullTextId} className="mt-2">
          {before}
          {/* A new tab: what was typed here stays. */}
          <a href={PRIVACY_PATH} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline">
            {PRIVACY_LINK_TEXT}
          </a>
          {after}
        </p>
      </details>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
