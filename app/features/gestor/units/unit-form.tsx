import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import {
  isHeadOffice,
  newUnitFields,
  PICKUP_HOURS_MAX,
  unitFields,
  type GestorUnit,
  type UnitFields,
} from "#api/contract/gestor/units.ts";
import { FormErrors, TextField } from "#app/ui/form-field.tsx";
import { useForm } from "#app/ui/use-form.ts";
import { maskPhone } from "#core/masks.ts";
import { CheckboxField } from "../catalogue/catalogue-ui.tsx";
import { gestorButton, gestorCard } from "../gestor-ui.tsx";

type TypedUnit = Partial<Record<"code" | "name" | "address" | "city" | "phone" | "email" | "pickupHours", string>> & {
  active?: string;
};

/** A field's hint, read with the field (and its error, when there is one). */
const hint = (meta: { id: string }, text: string) => (
  <p id={`${meta.id}-hint`} className="mt-1 text-xs text-slate-600">
    {text}
  </p>
);
const describedBy = (meta: { id: string; errorId: string; errors?: string[] }) =>
  [`${meta.id}-hint`, meta.errors?.length ? meta.errorId : null].filter(Boolean).join(" ");

/**
 * A unit's fields, for a new unit (with its code) and for an edit (the code never changes).
 * One schema checks them here and in the API; without JavaScript the server's reply brings
 * back what was typed.
 */
export function UnitForm({
  unit,
  result,
  submitLabel,
}: {
  unit?: GestorUnit;
  result?: SubmissionResult<string[]>;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<TypedUnit, UnitFields>({
    id: unit ? `unidade-${unit.code}` : "nova-unidade",
    lastResult: result,
    shouldValidate: "onSubmit",
    defaultValue: unit
      ? { ...unit, pickupHours: unit.pickupHours ?? "", active: unit.active ? "on" : undefined }
      : { active: "on" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: unit ? unitFields : newUnitFields }),
  });
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} noValidate className={`${gestorCard} flex flex-col gap-4`}>
      <AuthenticityTokenInput name="csrf" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        {unit ? null : (
          <div>
            <TextField
              meta={fields.code}
              label="Código (CODCOLIGADA)"
              inputMode="numeric"
              maxLength={4}
              aria-describedby={describedBy(fields.code)}
            />
            {hint(
              fields.code,
              "O número da unidade no sistema acadêmico, de até 4 dígitos. Não muda depois de criada.",
            )}
          </div>
        )}
        <TextField meta={fields.name} label="Nome" maxLength={80} />
        <TextField meta={fields.address} label="Endereço" maxLength={120} />
        <div>
          <TextField meta={fields.city} label="Cidade" maxLength={80} aria-describedby={describedBy(fields.city)} />
          {hint(fields.city, "Como os pais leem, por exemplo: Recife - PE.")}
        </div>
        <TextField meta={fields.phone} label="Telefone" type="tel" mask={maskPhone} autoComplete="off" />
        <TextField meta={fields.email} label="E-mail" type="email" autoComplete="off" />
        <div>
          <TextField
            meta={fields.pickupHours}
            label="Horário de retirada dos pedidos (opcional)"
            maxLength={PICKUP_HOURS_MAX}
            aria-describedby={describedBy(fields.pickupHours)}
          />
          {hint(fields.pickupHours, "Por exemplo: Seg. a sex., 7h às 17h.")}
        </div>
      </div>
      {unit && isHeadOffice(unit.code) ? (
        <p className="text-slate-700">
          <input type="hidden" name={fields.active.name} value="on" />A sede fica sempre ativa: é a unidade que a loja
          mostra quando um pedido ou produto traz um código que nenhuma unidade tem.
        </p>
      ) : (
        <div>
          <CheckboxField meta={fields.active} label="Unidade ativa" />
          {hint(
            fields.active,
            "Inativa, a unidade não aparece para novas escolhas; pedidos e produtos antigos continuam mostrando seu nome.",
          )}
        </div>
      )}
      <div>
        <button type="submit" name="intent" value="save" disabled={busy} className={gestorButton}>
          {busy ? "Salvando..." : submitLabel}
        </button>
      </div>
    </Form>
  );
}
