/**
 * /conta's "Quem pode retirar" (issue 30; docs/decisions/0076-pickup-code.md): the people who may
 * pick up the account's orders at the unit with the pickup code, each with "Excluir", and a form
 * to name one. Plain forms: all of it works without JavaScript.
 */
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { z } from "zod";
import { MAX_PICKUP_PEOPLE, type PickupPerson, type pickupPersonFields } from "#api/contract/pickup-people.ts";
import type { PickupPersonReply } from "#app/features/accounts/account-page-reply.ts";
import { maskedCpf } from "#core/cpf.ts";
import { rulesFormProps, useLazyRules } from "#app/ui/lazy-rules.ts";
import { CpfField, FormErrors, SubmitButton, TextField, secondaryButton } from "#app/ui/form-field.tsx";
import { useForm } from "#app/ui/use-form.ts";
import type { PickupPeopleSection } from "./pickup-people.server.ts";
import { PICKUP_PEOPLE_ANCHOR, PICKUP_PEOPLE_INTENTS } from "./pickup-people-intents.ts";

const ACTION = `/conta#${PICKUP_PEOPLE_ANCHOR}`;

export function PickupPeople({ section, reply }: { section: PickupPeopleSection; reply?: PickupPersonReply }) {
  if (!section.supported) return null;
  const { people } = section;
  return (
    <div className="flex flex-col gap-4" data-testid="pickup-people">
      <p className="text-slate-600">
        Além de você, estas pessoas podem retirar os seus pedidos na unidade com o código de retirada. Na retirada, a
        unidade confere o CPF num documento com foto.
      </p>
      {people === null ? (
        <p className="text-slate-600">
          Não foi possível carregar as pessoas indicadas agora. Tente novamente em instantes.
        </p>
      ) : people.length === 0 ? (
        <p className="text-sm text-slate-500">Ninguém indicado ainda: só você pode retirar os pedidos.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {people.map((person) => (
            <PersonRow key={person.id} person={person} />
          ))}
        </ul>
      )}
      {people !== null && people.length >= MAX_PICKUP_PEOPLE && !reply ? (
        <p className="text-sm text-slate-600">
          Você já indicou {MAX_PICKUP_PEOPLE} pessoas, o máximo. Exclua uma para incluir outra.
        </p>
      ) : (
        // A new reply remounts the form with what the server sent back (errors and what was typed);
        // a person added (the list changed) remounts it empty for the next one, with JavaScript too.
        <AddPersonForm key={reply?.nonce ?? people?.map((person) => person.id).join() ?? "none"} reply={reply} />
      )}
    </div>
  );
}

function PersonRow({ person }: { person: PickupPerson }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === PICKUP_PEOPLE_INTENTS.remove &&
    navigation.formData.get("personId") === person.id;
  return (
    <li className="flex items-center justify-between gap-3 px-3 py-2" data-testid="pickup-person">
      <div className="min-w-0">
        <p className="font-medium text-slate-800">{person.name}</p>
        <p className="text-sm text-slate-500">CPF {maskedCpf(person.cpf)}</p>
      </div>
      <Form method="post" action={ACTION} preventScrollReset>
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="personId" value={person.id} />
        <button
          type="submit"
          name="intent"
          value={PICKUP_PEOPLE_INTENTS.remove}
          disabled={busy}
          className={`${secondaryButton} border-red-200 text-red-700 hover:bg-red-50`}
        >
          {busy ? "Excluindo..." : "Excluir"}
          <span className="sr-only"> {person.name}</span>
        </button>
      </Form>
    </li>
  );
}

function AddPersonForm({ reply }: { reply?: PickupPersonReply }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === PICKUP_PEOPLE_INTENTS.add;
  const { loadOnFocus, ...rules } = useLazyRules(
    () => import("#app/features/shopper-form-rules.ts").then((module) => module.formRules.pickupPerson),
    { shouldValidate: "onBlur", shouldRevalidate: "onInput" },
  );
  const [form, fields] = useForm<z.input<typeof pickupPersonFields>>({
    id: "pickup-person",
    lastResult: reply?.result,
    ...rules,
  });
  return (
    <Form
      method="post"
      action={ACTION}
      preventScrollReset
      {...rulesFormProps(form, loadOnFocus)}
      className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4"
      aria-labelledby="pickup-person-title"
    >
      <h3 id="pickup-person-title" className="font-semibold text-slate-900">
        Indicar uma pessoa
      </h3>
      <AuthenticityTokenInput name="csrf" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField meta={fields.name} label="Nome completo" autoComplete="off" />
        <CpfField meta={fields.cpf} autoComplete="off" />
      </div>
      <SubmitButton name="intent" value={PICKUP_PEOPLE_INTENTS.add} busy={busy} className="sm:w-auto sm:self-start">
        {busy ? "Incluindo..." : "Incluir pessoa"}
      </SubmitButton>
    </Form>
  );
}
