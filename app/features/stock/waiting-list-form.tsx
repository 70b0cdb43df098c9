import { getInputProps, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher, useRouteLoaderData } from "react-router";
import { usePersonalData } from "#app/lib/personal-data.ts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { WAITING_LIST_MESSAGES } from "#api/contract/waiting-list.ts";
import { FieldErrors, FormErrors, SubmitButton, TextField } from "#app/ui/form-field.tsx";
import { useForm } from "#app/ui/use-form.ts";
import {
  customerWaitingSchema,
  visitorWaitingSchema,
  WAITING_LIST_ANCHOR,
  WAITING_LIST_PATH,
  type WaitingListFields,
  type WaitingListReply,
} from "./waiting-list-schema.ts";

export interface WaitingListFormProps {
  /** The full course's item code. */
  itemTOTVSId: number;
  /** The product page the form is on: where the parent comes back to, with the toast. */
  productPath: string;
  /** The logged-in customer's e-mail: then only the button; a visitor types an address and consents. */
  customerEmail: string | null;
  /** The /lista-de-espera page's answer without JavaScript: the refusal and what was typed. */
  lastResult?: WaitingListReply["result"];
}

/**
 * "Entrar na lista de espera" for a full class (issue 28; decision 0070). A plain form posted to
 * /lista-de-espera, so it works without JavaScript; with it, a fetcher keeps the parent on the
 * page, and a refusal (a bad e-mail, no consent, a seat freed meanwhile) shows here. It lives in
 * the product page's lazy chunk (product-options.tsx), adding nothing to the page's entry.
 */
export function WaitingListForm({ itemTOTVSId, productPath, customerEmail, lastResult }: WaitingListFormProps) {
  const fetcher = useFetcher<WaitingListReply>();
  const schema = customerEmail ? customerWaitingSchema : visitorWaitingSchema;
  const [form, fields] = useForm<WaitingListFields>({
    id: WAITING_LIST_ANCHOR,
    lastResult: fetcher.data?.result ?? lastResult,
    // One form, two schemas (the visitor's has more fields): the fields are read as text here.
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as unknown as Submission<WaitingListFields>,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const busy = fetcher.state !== "idle";
  return (
    <section
      id={`${WAITING_LIST_ANCHOR}-secao`}
      aria-labelledby={`${form.id}-title`}
      className="rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <h2 id={`${form.id}-title`} className="font-bold text-slate-900">
        Entrar na lista de espera
      </h2>
      <fetcher.Form
        method="post"
        action={WAITING_LIST_PATH}
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="mt-2 flex flex-col gap-3"
      >
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="itemTOTVSId" value={itemTOTVSId} />
        <input type="hidden" name="productPath" value={productPath} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <p className="text-sm text-slate-600">
          Quando abrir uma vaga, a primeira pessoa da lista recebe um e-mail com um link que reserva a vaga por 24
          horas.
        </p>
        {customerEmail ? (
          <p className="text-sm text-slate-600">
            Enviaremos o e-mail para <strong>{customerEmail}</strong>.
          </p>
        ) : (
          <>
            <TextField meta={fields.email} label="E-mail" type="email" autoComplete="email" maxLength={254} />
            <div>
              <label className="flex items-start gap-2 text-sm text-slate-700">
                <input {...getInputProps(fields.consent, { type: "checkbox" })} className="mt-0.5 h-4 w-4" />
                <span>{WAITING_LIST_MESSAGES.consentLabel}</span>
              </label>
              <FieldErrors id={fields.consent.errorId} errors={fields.consent.errors} />
            </div>
          </>
        )}
        <SubmitButton busy={busy} className="sm:w-auto sm:self-start">
          {busy ? "Enviando..." : "Entrar na lista de espera"}
        </SubmitButton>
      </fetcher.Form>
    </section>
  );
}

/**
 * The form on a full class's product page: the course's code from the product page's data and
 * the logged-in customer's e-mail from the root's (usePersonalData, decision 0084), so the page's
 * own entry passes nothing new (its script budget, docs/decisions/0037-page-weight.md).
 */
export function ProductPageWaitingList({ productPath }: { productPath: string }) {
  const page = useRouteLoaderData<{ product: { itemTOTVS: number } }>("routes/product");
  const { customer } = usePersonalData();
  if (!page) return null;
  return (
    <WaitingListForm
      itemTOTVSId={page.product.itemTOTVS}
      productPath={productPath}
      customerEmail={customer?.email ?? null}
    />
  );
}
