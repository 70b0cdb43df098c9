import type { FieldMetadata } from "@conform-to/react";
import { AddressFields as SharedAddressFields, type AddressKey } from "#app/features/address/address-fields.tsx";

type WizardKey = "cep" | "estado" | "cidade" | "bairro" | "rua" | "numero";
type SharedProps = Omit<Parameters<typeof SharedAddressFields>[0], "fields">;

/** The shared address group under the wizard's Portuguese field names. */
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
  return <SharedAddressFields fields={mapped} {...props} />;
}
