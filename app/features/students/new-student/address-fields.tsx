import type { FieldMetadata } from "@conform-to/react";
import { AddressFields as SharedAddressFields, type AddressKey } from "#app/features/address/address-fields.tsx";
import { FOUND_CEP_FIELD } from "./new-student-reply.ts";

type WizardKey = "cep" | "estado" | "cidade" | "bairro" | "rua" | "numero";
type SharedProps = Omit<Parameters<typeof SharedAddressFields>[0], "fields">;

/** The shared address group under the wizard's Portuguese field names, plus the CEP it found. */
export function AddressFields({
  fields,
  ...props
}: SharedProps & { fields: Record<WizardKey, FieldMetadata<string | undefined>> }) {
  const mapped: Record<AddressKey, FieldMetadata<string | undefined>> = {
    zipcode: fields.cep,
    state: fields.estado,
    city: fields.cidade,
    neighborhood: fields.bairro,
    street: fields.rua,
    houseNumber: fields.numero,
  };
  return (
    <>
      <input type="hidden" name={FOUND_CEP_FIELD} value={props.cepFound ? props.lookedUpCep : ""} />
      <SharedAddressFields fields={mapped} {...props} />
    </>
  );
}
