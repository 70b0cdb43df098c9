import { CheckboxChoices } from "#app/ui/checkbox-choices.tsx";
import { FieldErrors } from "#app/ui/form-field.tsx";
import { gestorLabel } from "../gestor-ui.tsx";

/**
 * A secretary's units as checkboxes (decision 0061). Always on the page, so the form works
 * without JavaScript; the network's roles ignore them, as the legend says.
 */
export function StaffUnitsChoice({
  name,
  choices,
  ticked,
  errorId,
  errors,
}: {
  name: string;
  choices: readonly { value: string; label: string }[];
  ticked: readonly string[];
  errorId?: string;
  errors?: string[];
}) {
  return (
    <fieldset className="min-w-0">
      <legend className={gestorLabel}>Unidades (só para Secretaria)</legend>
      <p className="mb-1 text-xs text-slate-600">
        A secretaria vê e atende só os pedidos, carrinhos, famílias e mensagens destas unidades.
      </p>
      <div className="grid max-h-48 grid-cols-1 gap-1 overflow-y-auto rounded border border-slate-200 p-2 sm:grid-cols-2">
        <CheckboxChoices
          name={name}
          choices={choices}
          isTicked={(value) => ticked.includes(value)}
          labelClassName="flex items-center gap-2"
          boxClassName="size-4"
        />
      </div>
      {errorId ? <FieldErrors id={errorId} errors={errors} /> : null}
    </fieldset>
  );
}
