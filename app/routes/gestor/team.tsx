import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { STAFF_ROLE_LABELS, STAFF_ROLES } from "#api/contract/gestor/staff.ts";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { gestorButton, gestorCard, GestorTable } from "#app/features/gestor/gestor-ui.tsx";
import { inviteSchema } from "#app/features/gestor/staff/staff-forms.ts";
import { StaffUnitsChoice } from "#app/features/gestor/staff/staff-units-choice.tsx";
import { accessLabel, situationLabel, whenLabel } from "#app/features/gestor/staff/team-labels.ts";
import { invite, teamPage } from "#app/features/gestor/staff/team.server.ts";
import { FormErrors, SelectField, TextField } from "#app/ui/form-field.tsx";
import type { Route } from "./+types/team";

export const meta = () => [{ title: "Equipe | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => teamPage(request);

export const action = ({ request }: Route.ActionArgs) => invite(request);

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

export default function TeamPage({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as
    { invited: { name: string; email: string; link: string } | null; result?: SubmissionResult<string[]> } | undefined;
  const { members, selfId, units } = loaderData;
  return (
    <>
      <GestorPageHeader title="Equipe" />
      {reply?.invited ? (
        <div role="status" className="mb-4 rounded border border-green-300 bg-green-50 p-3">
          <p className="font-semibold">
            Convite enviado para {reply.invited.email}. Se o e-mail não chegar, envie à pessoa este link (ele aparece só
            agora e vale por 72 horas):
          </p>
          <p data-testid="link-convite" className="mt-1 font-mono break-all">
            {reply.invited.link}
          </p>
        </div>
      ) : null}
      <GestorTable
        caption="Pessoas da equipe"
        headers={["Nome", "E-mail", "Perfil", "Verificação em duas etapas", "Situação", "Último acesso"]}
      >
        {members.map((member) => (
          <tr key={member.id}>
            <td>
              <Link to={`${GESTOR_PATHS.team}/${member.id}`} className="font-semibold underline">
                {member.name}
              </Link>
              {member.id === selfId ? " (você)" : null}
            </td>
            <td>{member.email}</td>
            <td>{accessLabel(member)}</td>
            <td>{member.totpEnabled ? "Ativa" : "Não ativada"}</td>
            <td>{situationLabel(member)}</td>
            <td>{member.lastLoginAt ? whenLabel(member.lastLoginAt) : "Nunca"}</td>
          </tr>
        ))}
      </GestorTable>
      <section aria-labelledby="convidar" className={`${gestorCard} mt-4 max-w-xl`}>
        <h2 id="convidar" className="mb-2 text-base font-bold text-slate-900">
          Convidar pessoa
        </h2>
        <p className="mb-3 text-slate-600">
          A pessoa recebe por e-mail um link para definir a senha. Administradores configuram também a verificação em
          duas etapas na primeira entrada.
        </p>
        <InviteForm result={reply?.result} units={units} />
      </section>
    </>
  );
}

function InviteForm({
  result,
  units,
}: {
  result?: SubmissionResult<string[]>;
  units: readonly { value: string; label: string }[];
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "gestor-convidar",
    lastResult: result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteSchema }),
  });
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-3">
      <AuthenticityTokenInput name="csrf" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField meta={fields.name} label="Nome" autoComplete="off" maxLength={120} />
      <TextField meta={fields.email} label="E-mail" type="email" autoComplete="off" maxLength={254} />
      <SelectField meta={fields.role} label="Perfil" options={ROLE_OPTIONS} placeholder="Escolha o perfil" />
      <StaffUnitsChoice
        name={fields.unitCodes.name}
        choices={units}
        ticked={
          result?.status === "error" ? [fields.unitCodes.value ?? []].flat().filter((code) => code !== undefined) : []
        }
        errorId={fields.unitCodes.errorId}
        errors={fields.unitCodes.errors}
      />
      <div>
        <button type="submit" name="intent" value="invite" disabled={busy} className={gestorButton}>
          Convidar
        </button>
      </div>
    </Form>
  );
}
