import type { FetcherWithComponents } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { StudentConsentField } from "#app/features/students/student-consent.tsx";
import { RELATIONSHIPS } from "#app/features/students/student-choices.ts";
import { useIntentForm } from "#app/ui/intent-form.ts";
import {
  BackButton,
  CpfField,
  FormErrors,
  SelectField,
  SubmitButton,
  PhoneField,
  TextField,
} from "#app/ui/form-field.tsx";
import { AddressFields } from "./address-fields.tsx";
import { CEP_FAILURE_FIELD, CEP_NOT_FOUND_FIELD } from "#app/features/address/address-fields.tsx";
import { CREATED_STUDENT_FIELD, STUDENT_PREFIX, type NewStudentReply } from "./new-student-reply.ts";

type StepTwo = Extract<NewStudentReply, { step: 2 }>;

const RELATIONSHIP_OPTIONS = RELATIONSHIPS.map(({ code, label }) => ({ value: String(code), label }));

/** Step "Responsavel": e-mail and phone required (spec §5); saving creates the student, then the responsible. */
export function ResponsibleStep({
  fetcher,
  reply,
  action,
}: {
  fetcher: FetcherWithComponents<NewStudentReply>;
  reply: StepTwo;
  action: string;
}) {
  const hydrated = useHydrated();
  const { form, fields, formProps, submitIntent, pendingIntent } = useIntentForm({
    id: "new-student-responsible",
    fetcher,
    action,
    lastResult: reply.result,
    defaultValue: reply.values,
    rules: () => import("#app/features/shopper-form-rules.ts").then((module) => module.formRules.responsibleStep),
  });

  const saving = pendingIntent === "responsible-save";
  return (
    <fetcher.Form {...formProps} className="flex flex-col gap-4">
      <button type="submit" name="intent" value="responsible-save" tabIndex={-1} aria-hidden="true" className="sr-only">
        Salvar
      </button>
      <h3 className="font-bold text-slate-900">Preencha os dados do responsável por {reply.student.nome}</h3>
      <AuthenticityTokenInput name="csrf" />
      {Object.entries(reply.student).map(([key, value]) => (
        <input key={key} type="hidden" name={`${STUDENT_PREFIX}${key}`} value={value} />
      ))}
      <input
        type="hidden"
        name={`${STUDENT_PREFIX}${CEP_NOT_FOUND_FIELD}`}
        value={reply.studentCepNotFound ? reply.student.cep : ""}
      />
      <input type="hidden" name={`${STUDENT_PREFIX}${CEP_FAILURE_FIELD}`} value={reply.studentCepNotFound || ""} />
      {reply.createdStudentId ? (
        <>
          <input type="hidden" name={CREATED_STUDENT_FIELD} value={reply.createdStudentId} />
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            O estudante já foi salvo. Falta salvar o responsável para concluir o vínculo.
          </p>
        </>
      ) : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField meta={fields.nome} label="Nome completo" autoComplete="off" maxLength={45} />
      <div className="grid gap-4 sm:grid-cols-2">
        <CpfField meta={fields.cpf} autoComplete="off" />
        <SelectField
          meta={fields.parentesco}
          label="Parentesco"
          placeholder="Selecione"
          options={RELATIONSHIP_OPTIONS}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={fields.email} label="E-mail" type="email" autoComplete="off" maxLength={45} />
        <PhoneField meta={fields.telefone1} label="Telefone" autoComplete="off" />
      </div>
      <AddressFields
        fields={fields}
        cepNotFound={reply.cepNotFound}
        cities={reply.cities}
        focusNumber={reply.focus === "numero"}
        hydrated={hydrated}
        lookedUpCep={reply.values.cep ?? ""}
        cepIntent="responsible-cep"
        citiesIntent="responsible-cities"
        pendingIntent={pendingIntent}
        submitIntent={submitIntent}
      />
      <StudentConsentField meta={fields.consentimento} />
      <div className="flex gap-3">
        {/* Once the student exists, going back could only create a second one. */}
        {reply.createdStudentId ? null : <BackButton disabled={saving} />}
        <SubmitButton name="intent" value="responsible-save" busy={saving} className="flex-1">
          {saving ? "Salvando..." : "Salvar"}
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}
