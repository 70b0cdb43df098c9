import { getInputProps, type Submission } from "@conform-to/react";
import { useFetcher } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { STOCK_ALERT_MESSAGES } from "#api/contract/stock-alert-messages.ts";
import { FieldErrors, FormErrors, SubmitButton, TextField } from "#app/ui/form-field.tsx";
import { useLazyRules } from "#app/ui/lazy-rules.ts";
import { useForm } from "#app/ui/use-form.ts";
import { NOTIFY_ME_PATH, notifyMeFormId } from "./notify-me-address.ts";
import type { NotifyMeFields, NotifyMeReply } from "./notify-me-schema.ts";

/** A sold-out size the shopper may ask about. */
export interface NotifyMeSize {
  itemTOTVSId: number;
  value: string;
}

export interface NotifyMeFormProps {
  /** The sold-out item: a size's code, or the product's own (the first size's when `sizes` is given). */
  itemTOTVSId: number;
  /** A product with options: its sold-out sizes, one of which the shopper picks ("Tamanho"). */
  sizes?: { optionName: string; values: readonly NotifyMeSize[] };
  /** The product page the form is on: where the shopper comes back to, with the toast. */
  productPath: string;
  /** The logged-in customer's e-mail: then only the button; a visitor types an address and consents. */
  customerEmail?: string | null;
  /** The /avise-me page's answer without JavaScript: the refusal and what was typed. */
  lastResult?: NotifyMeReply["result"];
}

/**
 * "Avise-me quando chegar" for a sold-out item (issue 28). A plain form posted to /avise-me, so
 * it works without JavaScript; with it, a fetcher keeps the shopper on the page, and a refusal
 * (a bad e-mail, no consent, the item back in stock meanwhile) shows here.
 */
export function NotifyMeForm(props: NotifyMeFormProps) {
  // The rules are chosen once, when they load: a visitor who logs in on this page (the login
  // redirects back to it) gets a new form with the customer's, not the visitor's e-mail field.
  return <ShopperNotifyMeForm key={props.customerEmail ? "cliente" : "visitante"} {...props} />;
}

function ShopperNotifyMeForm({ itemTOTVSId, sizes, productPath, customerEmail, lastResult }: NotifyMeFormProps) {
  const fetcher = useFetcher<NotifyMeReply>();
  // The schemas load on the form's first focus, not with the page (docs/decisions/0081-js-budget.md).
  const { loadOnFocus, ...rules } = useLazyRules(
    () =>
      import("#app/features/shopper-form-rules.ts").then((module) => {
        // One form, two schemas (the visitor's has more fields): the fields are read as text here.
        const check = customerEmail ? module.formRules.notifyMeCustomer : module.formRules.notifyMeVisitor;
        return (context: { formData: FormData }) => check(context) as unknown as Submission<NotifyMeFields>;
      }),
    { shouldValidate: "onSubmit", shouldRevalidate: "onInput" },
  );
  const [form, fields] = useForm<NotifyMeFields>({
    id: notifyMeFormId(itemTOTVSId),
    lastResult: fetcher.data?.result ?? lastResult,
    ...rules,
  });
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby={`${form.id}-title`} className="rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <h2 id={`${form.id}-title`} className="font-bold text-slate-900">
        Avise-me quando chegar
      </h2>
      <fetcher.Form
        method="post"
        action={NOTIFY_ME_PATH}
        id={form.id}
        onSubmit={form.onSubmit}
        {...loadOnFocus}
        noValidate
        className="mt-2 flex flex-col gap-3"
      >
        <AuthenticityTokenInput name="csrf" />
        {sizes ? (
          <SoldOutSizes {...sizes} chosen={itemTOTVSId} />
        ) : (
          <input type="hidden" name="itemTOTVSId" value={itemTOTVSId} />
        )}
        <input type="hidden" name="productPath" value={productPath} />
        <FormErrors id={form.errorId} errors={form.errors} />
        {customerEmail ? (
          <p className="text-sm text-slate-600">
            Enviaremos um e-mail para <strong>{customerEmail}</strong> quando{" "}
            {sizes ? "o tamanho escolhido" : "este item"} voltar ao estoque.
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              Deixe seu e-mail e avisaremos uma única vez quando {sizes ? "o tamanho escolhido" : "este item"} chegar.
            </p>
            <TextField meta={fields.email} label="E-mail" type="email" autoComplete="email" maxLength={254} />
            <div>
              <label className="flex items-start gap-2 text-sm text-slate-700">
                <input {...getInputProps(fields.consent, { type: "checkbox" })} className="mt-0.5 h-4 w-4" />
                <span>{STOCK_ALERT_MESSAGES.consentLabel}</span>
              </label>
              <FieldErrors id={fields.consent.errorId} errors={fields.consent.errors} />
            </div>
          </>
        )}
        <SubmitButton busy={busy} className="sm:w-auto sm:self-start">
          {busy ? "Enviando..." : "Avise-me quando chegar"}
        </SubmitButton>
      </fetcher.Form>
    </section>
  );
}

/**
 * The sold-out sizes as radio buttons (the one already chosen checked): the alert is kept per
 * size (issue 28), so the shopper says which one they wait for.
 */
function SoldOutSizes({ optionName, values, chosen }: NonNullable<NotifyMeFormProps["sizes"]> & { chosen: number }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">Qual {optionName.toLocaleLowerCase("pt-BR")}?</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {values.map((size) => (
          <label
            key={size.itemTOTVSId}
            className="flex cursor-pointer items-center gap-2 rounded-lg bg-white px-3 py-1.5 text-sm ring-1 ring-slate-300 has-checked:ring-2 has-checked:ring-brand-600"
          >
            <input
              type="radio"
              name="itemTOTVSId"
              value={size.itemTOTVSId}
              defaultChecked={size.itemTOTVSId === chosen}
              className="h-4 w-4"
            />
            {size.value}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
