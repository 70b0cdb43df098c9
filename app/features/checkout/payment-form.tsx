import { WhatsappConsentCheckbox } from "#app/features/messages/whatsapp-consent-checkbox.tsx";
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import type { SoldOutItem } from "#api/contract/carts.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { HOLDER_MAX_LENGTH, maskCardExpiry, maskCardNumber } from "#core/card.ts";
import { creditInstallmentLabel, INSTALLMENT_TEXTS, installmentOptions } from "#core/installments.ts";
import { installmentChoice } from "#core/price-view.ts";
import { CHECKOUT_PATH } from "#app/lib/url-state.ts";
import { PAYMENT_METHOD_CODES, PAYMENT_METHOD_LABELS, type PaymentMethodCode } from "#core/payment-methods.ts";
import { defaultPaymentMethod, paymentSchema } from "#app/features/checkout/payment-schema.ts";
import { FieldErrors, FormErrors } from "#app/ui/form-field.tsx";
import { InlineToast } from "#app/ui/inline-toast.tsx";
import { AcquirerCardFields, useAcquirerToken } from "./acquirer-card-fields.tsx";
import { ACQUIRER_CARD_TEXTS, type AcquirerCardSettings } from "./acquirer-card.ts";
import { CardPreview } from "./card-preview.tsx";

export interface PaymentFormReply {
  result: SubmissionResult<string[]>;
  /** A refusal to show as a red toast (spec §8): the gateway's, the store API's. */
  toast: string | null;
  /** The lines the finish found sold out (409 ITEM_SOLD_OUT, issue 28): nothing was charged. */
  soldOut?: SoldOutItem[];
}

export const PAY_INTENT = "pay";

/** Hidden fields: the cart as the page showed it; a cart changed since is not charged (docs/decisions/0010). */
export const SHOWN_CART_FIELDS = { version: "cartVersion", total: "cartTotal" } as const;

/** The instalment count chosen before the shopper picks one: à vista. */
const SINGLE_PAYMENT = 1;

/** What the shopper types of the card: never kept after the server answers. */
const CARD_FIELDS = ["holder", "number", "expiry", "cvc"] as const;

const inputClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-800 placeholder:text-slate-400 focus:border-brand-500 aria-[invalid=true]:border-red-500";

/**
 * Step 3's payment form (spec §2 payment form, §4 payment method and terms). The method
 * radios show the card fields by CSS alone (:has), so the form works as a plain form; with
 * JavaScript the card preview and the instalment line follow what is typed. With Mercado Pago
 * (`acquirer`) the card is typed on its forms instead (acquirer-card.ts): its hosted page
 * without JavaScript, its SDK's token with it.
 */
export function PaymentForm({
  cartId,
  cartVersion,
  total,
  maxInstallments,
  termsUrl,
  reply,
  acquirer,
  whatsappConsent = false,
}: {
  /** The cart on screen: a repeated submit must name the cart it paid. */
  cartId: string;
  /** With the total: when the cart is no longer this one, nothing is charged (docs/decisions/0010). */
  cartVersion: number;
  total: number;
  maxInstallments: number;
  termsUrl: string;
  reply?: PaymentFormReply;
  /** Mercado Pago takes the card on its own forms (bundled API); null: the store's card form. */
  acquirer: AcquirerCardSettings | null;
  /** Ask for WhatsApp consent (issue 31): the store has it and the customer has not consented. */
  whatsappConsent?: boolean;
}) {
  const navigation = useNavigation();
  const terms = useRef<HTMLInputElement>(null);
  const acquirerCard = acquirer !== null;
  const [form, fields] = useForm({
    id: "payment",
    lastResult: reply?.result,
    // "1x" (à vista) is chosen until the shopper picks more, so a card with every field filled
    // pays on the first "Finalizar Compra" (issue 25, point 7).
    defaultValue: { paymentMethod: defaultPaymentMethod(total), installments: String(SINGLE_PAYMENT) },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: paymentSchema({ total, maxInstallments, acquirerCard }) }),
  });
  const tokenised = useAcquirerToken(acquirer, { total, maxInstallments }, reply);
  // With Mercado Pago and a card typed, only the counts that card allows without interest (0046).
  const offeredCounts = tokenised.cardCounts ?? installmentOptions(maxInstallments);
  const [card, setCard] = useState({
    number: String(fields.number.initialValue ?? ""),
    holder: String(fields.holder.initialValue ?? ""),
    expiry: String(fields.expiry.initialValue ?? ""),
  });
  const [installments, setInstallments] = useState(Number(fields.installments.initialValue) || null);
  const [method, setMethod] = useState(
    (fields.paymentMethod.initialValue as PaymentMethodCode | undefined) ?? defaultPaymentMethod(total),
  );
  // After any answer of the server (a refusal: a success leaves the page), the card is typed
  // again: the server never sends it back (PCI DSS), and with JavaScript the browser must not
  // keep it on screen either.
  const [answered, setAnswered] = useState(reply);
  if (reply !== answered) {
    setAnswered(reply);
    setCard({ number: "", holder: "", expiry: "" });
  }
  const { update } = form;
  useEffect(() => {
    if (reply) for (const name of CARD_FIELDS) update({ name, value: "" });
  }, [reply, update]);
  // A count the typed card does not allow goes back to 1x (à vista), which every card allows.
  const chosenOffered = installments === null || offeredCounts.includes(installments);
  if (!chosenOffered) setInstallments(SINGLE_PAYMENT);
  useEffect(() => {
    if (!chosenOffered) update({ name: "installments", value: String(SINGLE_PAYMENT) });
  }, [chosenOffered, update]);
  const paying = tokenised.busy || (navigation.state !== "idle" && navigation.formData?.get("intent") === PAY_INTENT);
  const free = total === 0;
  const formProps = getFormProps(form);
  const instalments = (
    <div>
      <label htmlFor={fields.installments.id} className="mb-1 block text-sm font-semibold text-slate-700">
        Parcelamento
      </label>
      <select
        {...getSelectProps(fields.installments)}
        key={fields.installments.key}
        className={inputClass}
        onChange={(event) => setInstallments(Number(event.currentTarget.value) || null)}
      >
        {offeredCounts.map((count) => (
          <option key={count} value={count}>
            {installmentChoice(total, count)}
          </option>
        ))}
      </select>
      <FieldErrors id={fields.installments.errorId} errors={fields.installments.errors} />
    </div>
  );

  return (
    <Form
      method="post"
      action={CHECKOUT_PATH}
      {...formProps}
      onSubmit={(event) => {
        formProps.onSubmit(event);
        tokenised.onSubmit(event);
        // Spec §4: the terms go back to "not accepted" after every submit attempt, once the
        // submission has read the form (React Router reads it right after this handler).
        setTimeout(() => {
          if (terms.current) terms.current.checked = false;
        }, 0);
      }}
      noValidate
      className="group/payment flex flex-col gap-4"
      data-testid="payment-form"
    >
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value={PAY_INTENT} />
      <input type="hidden" name="cartId" value={cartId} />
      <input type="hidden" name={SHOWN_CART_FIELDS.version} value={cartVersion} />
      <input type="hidden" name={SHOWN_CART_FIELDS.total} value={String(total)} />
      {reply?.toast ? <InlineToast message={reply.toast} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-bold text-slate-900">Forma de pagamento</legend>
        {free ? (
          <MethodRadio meta={fields.paymentMethod} code={PAYMENT_METHOD_CODES.free} onChoose={setMethod} />
        ) : (
          <>
            <MethodRadio meta={fields.paymentMethod} code={PAYMENT_METHOD_CODES.boleto} onChoose={setMethod} />
            <MethodRadio
              meta={fields.paymentMethod}
              code={PAYMENT_METHOD_CODES.credit}
              onChoose={setMethod}
              hint={acquirer && !tokenised.scripted ? ACQUIRER_CARD_TEXTS.needsScripts : undefined}
            />
            <MethodRadio
              meta={fields.paymentMethod}
              code={PAYMENT_METHOD_CODES.pix}
              onChoose={setMethod}
              hint="Pague pelo app do seu banco com o QR Code ou o código copia e cola que aparece ao finalizar."
            />
          </>
        )}
        <FieldErrors id={fields.paymentMethod.errorId} errors={fields.paymentMethod.errors} />
      </fieldset>

      {free ? null : (
        <fieldset
          className="hidden flex-col gap-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 group-has-[[name=paymentMethod][value='1']:checked]/payment:flex"
          data-testid="card-fields"
        >
          <legend className="sr-only">Dados do cartão</legend>
          {acquirer ? (
            <AcquirerCardFields
              scripted={tokenised.scripted}
              inputs={tokenised.inputs}
              problem={tokenised.problem}
              instalments={instalments}
              onCardNumber={tokenised.onCardNumber}
            />
          ) : (
            <>
              <CardPreview {...card} />
              <CardInput
                meta={fields.holder}
                label="Nome impresso no cartão"
                autoComplete="cc-name"
                maxLength={HOLDER_MAX_LENGTH}
                onValue={(holder) => setCard((c) => ({ ...c, holder }))}
              />
              <CardInput
                meta={fields.number}
                label="Número do cartão"
                autoComplete="cc-number"
                inputMode="numeric"
                maxLength={23}
                mask={maskCardNumber}
                onValue={(number) => setCard((c) => ({ ...c, number }))}
              />
              <div className="grid grid-cols-2 gap-3">
                <CardInput
                  meta={fields.expiry}
                  label="Validade (MM / AA)"
                  autoComplete="cc-exp"
                  inputMode="numeric"
                  maxLength={7}
                  placeholder="MM / AA"
                  mask={maskCardExpiry}
                  onValue={(expiry) => setCard((c) => ({ ...c, expiry }))}
                />
                <CardInput meta={fields.cvc} label="CVC" autoComplete="cc-csc" inputMode="numeric" maxLength={4} />
              </div>
              {instalments}
            </>
          )}
        </fieldset>
      )}

      {free ? null : (
        // One method's line, the one chosen. Without JavaScript it is the one the server saw
        // checked, hidden by CSS once another is chosen (the card's line would need the
        // instalments chosen): never two methods' lines in one page.
        <p
          className={`font-semibold text-brand-800 ${SUMMARY_SHOWN_WHILE_CHECKED[method]}`}
          data-testid="payment-summary"
        >
          {method === PAYMENT_METHOD_CODES.credit
            ? creditInstallmentLabel(total, installments)
            : method === PAYMENT_METHOD_CODES.pix
              ? INSTALLMENT_TEXTS.pix
              : INSTALLMENT_TEXTS.boleto}
        </p>
      )}

      {whatsappConsent ? <WhatsappConsentCheckbox /> : null}
      <div>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            ref={terms}
            type="checkbox"
            name={fields.terms.name}
            id={fields.terms.id}
            form={form.id}
            aria-invalid={fields.terms.errors ? true : undefined}
            aria-describedby={fields.terms.errors ? fields.terms.errorId : undefined}
            className="mt-0.5 h-4 w-4"
          />
          <span>
            <a
              href={termsUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-600 underline"
            >
              Aceitar Termos de Uso da plataforma.
            </a>
          </span>
        </label>
        <FieldErrors id={fields.terms.errorId} errors={fields.terms.errors} />
      </div>

      <button
        type="submit"
        disabled={paying}
        className="w-full rounded-full bg-accent-400 px-5 py-3 text-lg font-bold text-brand-900 hover:bg-accent-500 disabled:opacity-70"
      >
        Finalizar compra
      </button>
      {paying ? (
        <div
          role="status"
          className="flex items-center justify-center gap-3 text-slate-700"
          data-testid="payment-loading"
        >
          <img src="/images/loading.svg" alt="" width={40} height={40} />
          <span>Processando o pagamento...</span>
        </div>
      ) : null}
    </Form>
  );
}

type FieldMeta = Parameters<typeof getInputProps>[0];

/**
 * The summary line's classes while its method is the one checked, and hidden otherwise
 * (without JavaScript the line stays the server's until the next submit).
 */
const SUMMARY_SHOWN_WHILE_CHECKED: Record<PaymentMethodCode, string> = {
  [PAYMENT_METHOD_CODES.free]: "",
  [PAYMENT_METHOD_CODES.credit]: "hidden group-has-[[name=paymentMethod][value='1']:checked]/payment:block",
  [PAYMENT_METHOD_CODES.boleto]: "hidden group-has-[[name=paymentMethod][value='0']:checked]/payment:block",
  [PAYMENT_METHOD_CODES.pix]: "hidden group-has-[[name=paymentMethod][value='3']:checked]/payment:block",
};

function MethodRadio({
  meta,
  code,
  hint,
  onChoose,
}: {
  meta: FieldMeta;
  code: PaymentMethodCode;
  hint?: string;
  onChoose: (code: PaymentMethodCode) => void;
}) {
  // One id per radio (Conform gives the field's id to each), and the label points to it.
  const id = `${meta.id}-${code}`;
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-center gap-3 rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-brand-500"
    >
      <input
        {...getInputProps(meta, { type: "radio", value: code })}
        id={id}
        key={`${meta.key}-${code}`}
        onChange={() => onChoose(code)}
        className="h-4 w-4"
      />
      <span>
        <span className="block font-semibold text-slate-800">{PAYMENT_METHOD_LABELS[code].option}</span>
        {hint ? <span className="block text-xs text-slate-600">{hint}</span> : null}
      </span>
    </label>
  );
}

function CardInput({
  meta,
  label,
  mask,
  onValue,
  ...rest
}: {
  meta: FieldMeta;
  label: string;
  mask?: (value: string) => string;
  onValue?: (value: string) => void;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "form" | "type">) {
  const props = getInputProps(meta, { type: "text" });
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-semibold text-slate-700">
        {label}
      </label>
      <input
        {...props}
        {...rest}
        key={props.key}
        className={inputClass}
        onInput={(event) => {
          if (mask) event.currentTarget.value = mask(event.currentTarget.value);
          onValue?.(event.currentTarget.value);
        }}
      />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
