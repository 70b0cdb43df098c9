import { useEffect, useRef, useState, type RefObject } from "react";
import { useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { PAYMENT_METHOD_CODES } from "#core/payment-methods.ts";
import { CARD_FORM_MESSAGE, HOLDER_MAX_LENGTH, maskCardExpiry, maskCardNumber, validateCardForm } from "#core/card.ts";
import { isValidCpf } from "#core/cpf.ts";
import { maskCpf } from "#core/masks.ts";
import { CHECKOUT_PATH } from "#app/lib/url-state.ts";
import { InlineToast } from "#app/ui/inline-toast.tsx";
import { cardDigits } from "#core/card.ts";
import {
  ACQUIRER_CARD_TEXTS,
  BIN_LENGTH,
  CardChoiceError,
  creditCardChoice,
  HOSTED_CHOICE,
  loadMercadoPago,
  tokeniseCard,
  type AcquirerCardSettings,
  type CreditCardChoice,
  type TypedAcquirerCard,
} from "./acquirer-card.ts";

export type AcquirerCardInputs = Partial<Record<keyof TypedAcquirerCard, HTMLInputElement | null>>;

const inputClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-800 placeholder:text-slate-400 focus:border-brand-500";

/**
 * The card fields when Mercado Pago takes the card (docs/decisions/0019-mercado-pago.md). Before the
 * page runs scripts, and always without JavaScript, none: the card is typed on Mercado Pago's
 * page. With JavaScript, fields WITHOUT a name, so no form post can carry them: the payment form
 * reads them, MercadoPago.js tokenises them, and only the token is posted. When the SDK could not
 * load or refused the card, the hosted page is offered instead.
 */
export function AcquirerCardFields({
  scripted,
  inputs,
  problem,
  instalments,
  onCardNumber,
}: {
  /** Hydrated: the page runs scripts, so the SDK can tokenise here. */
  scripted: boolean;
  inputs: RefObject<AcquirerCardInputs>;
  /** Why the card cannot be tokenised here (the SDK did not load, the acquirer refused the card). */
  problem: string | null;
  /** The instalment select: posted in both paths. */
  instalments: React.ReactNode;
  /** The number as typed: its BIN tells which instalments the card allows (decision 0046). */
  onCardNumber: (number: string) => void;
}) {
  if (!scripted) {
    return (
      <>
        <p className="text-sm text-slate-700" data-testid="hosted-card-note">
          {ACQUIRER_CARD_TEXTS.hosted}
        </p>
        {instalments}
      </>
    );
  }
  const field = (name: keyof TypedAcquirerCard, label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div>
      <label htmlFor={`mp-${name}`} className="mb-1 block text-sm font-semibold text-slate-700">
        {label}
      </label>
      <input
        id={`mp-${name}`}
        ref={(element) => {
          inputs.current[name] = element;
        }}
        type="text"
        className={inputClass}
        {...props}
      />
    </div>
  );
  const masked = (mask: (value: string) => string) => (event: React.FormEvent<HTMLInputElement>) => {
    event.currentTarget.value = mask(event.currentTarget.value);
  };
  return (
    <>
      <p className="text-sm text-slate-700">{ACQUIRER_CARD_TEXTS.tokenised}</p>
      {problem ? <InlineToast message={problem} /> : null}
      {field("holder", "Nome impresso no cartão", { autoComplete: "cc-name", maxLength: HOLDER_MAX_LENGTH })}
      {field("number", "Número do cartão", {
        autoComplete: "cc-number",
        inputMode: "numeric",
        maxLength: 23,
        onInput: (event) => {
          masked(maskCardNumber)(event);
          onCardNumber(event.currentTarget.value);
        },
      })}
      <div className="grid grid-cols-2 gap-3">
        {field("expiry", "Validade (MM / AA)", {
          autoComplete: "cc-exp",
          inputMode: "numeric",
          maxLength: 7,
          placeholder: "MM / AA",
          onInput: masked(maskCardExpiry),
        })}
        {field("cvc", "CVC", { autoComplete: "cc-csc", inputMode: "numeric", maxLength: 4 })}
      </div>
      {field("cpf", "CPF do titular do cartão", { inputMode: "numeric", maxLength: 14, onInput: masked(maskCpf) })}
      {instalments}
      {problem ? (
        <button
          type="submit"
          name="cardPage"
          value={HOSTED_CHOICE}
          className="self-start rounded-full border border-brand-600 px-4 py-2 text-sm font-bold text-brand-700 hover:bg-brand-100"
        >
          {ACQUIRER_CARD_TEXTS.payOnHostedPage}
        </button>
      ) : null}
    </>
  );
}

/**
 * The payment form's side of the token path: once hydrated it loads MercadoPago.js; a submit with
 * the card chosen is held, the card read from the unnamed fields, tokenised by the SDK, and the
 * form posted with the token in their place. The typed card is cleared after every answer of the
 * server (PCI DSS: it never stays on screen).
 */
export function useAcquirerToken(
  acquirer: AcquirerCardSettings | null,
  purchase: { total: number; maxInstallments: number },
  reply: unknown,
) {
  const submit = useSubmit();
  const inputs = useRef<AcquirerCardInputs>({});
  const scripted = useHydrated() && acquirer !== null;
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The counts the typed card allows without interest (null until its BIN is known): the
  // instalment select offers only these (decision 0046).
  const [cardCounts, setCardCounts] = useState<number[] | null>(null);
  const askedBin = useRef("");
  // The last answer, by BIN: "Finalizar Compra" on the same card does not ask again.
  const known = useRef<{ bin: string; choice: CreditCardChoice } | null>(null);
  const { total, maxInstallments } = purchase;
  useEffect(() => {
    if (!acquirer) return;
    loadMercadoPago(acquirer).catch(() => setProblem(ACQUIRER_CARD_TEXTS.sdkFailed));
  }, [acquirer]);
  // After any answer of the server the card is typed again, and its counts asked again.
  const [answered, setAnswered] = useState(reply);
  if (reply !== answered) {
    setAnswered(reply);
    setCardCounts(null);
  }
  useEffect(() => {
    if (!reply) return;
    for (const input of Object.values(inputs.current)) if (input) input.value = "";
    askedBin.current = "";
    known.current = null;
  }, [reply]);

  /** Asks MercadoPago.js what the card allows once its BIN is typed, and again when the BIN changes. */
  function onCardNumber(number: string) {
    const bin = cardDigits(number).slice(0, BIN_LENGTH);
    if (bin.length < BIN_LENGTH) {
      askedBin.current = "";
      return setCardCounts(null);
    }
    if (!acquirer || bin === askedBin.current) return;
    askedBin.current = bin;
    loadMercadoPago(acquirer)
      .then((sdk) => creditCardChoice(sdk, bin, { total, maxInstallments }))
      .then(
        (choice) => {
          if (askedBin.current !== bin) return;
          known.current = { bin, choice };
          setCardCounts(choice.counts);
          setProblem(null);
        },
        (error: unknown) => {
          if (askedBin.current !== bin) return;
          setCardCounts(null);
          if (error instanceof CardChoiceError) setProblem(error.message);
        },
      );
  }

  async function pay(formData: FormData) {
    const read = (name: keyof TypedAcquirerCard) => inputs.current[name]?.value ?? "";
    const card = {
      number: read("number"),
      holder: read("holder"),
      expiry: read("expiry"),
      cvc: read("cvc"),
      cpf: read("cpf"),
    };
    const installments = String(formData.get("installments") ?? "");
    if (!validateCardForm({ ...card, installments }, { maxInstallments }).ok) return setProblem(CARD_FORM_MESSAGE);
    if (!isValidCpf(card.cpf)) return setProblem(ACQUIRER_CARD_TEXTS.cpfInvalid);
    setBusy(true);
    setProblem(null);
    try {
      const purchase = { total, maxInstallments, installments: Number(installments) };
      const bin = cardDigits(card.number).slice(0, BIN_LENGTH);
      const choice = known.current?.bin === bin ? known.current.choice : undefined;
      const token = await tokeniseCard(await loadMercadoPago(acquirer!), card, purchase, choice);
      for (const [name, value] of Object.entries(token)) formData.set(name, value);
      await submit(formData, { method: "post", action: CHECKOUT_PATH });
    } catch (error) {
      if (error instanceof CardChoiceError) {
        if (error.counts) setCardCounts(error.counts);
        setProblem(error.message);
      } else setProblem(ACQUIRER_CARD_TEXTS.tokenFailed);
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!acquirer || !scripted || event.defaultPrevented) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const formData = new FormData(event.currentTarget, submitter);
    const card = formData.get("paymentMethod") === PAYMENT_METHOD_CODES.credit;
    if (!card || formData.get("cardPage") === HOSTED_CHOICE) return;
    event.preventDefault();
    void pay(formData);
  }

  return { scripted, inputs, problem, busy, cardCounts, onCardNumber, onSubmit };
}
