import { Link } from "react-router";
import { STAFF_ROLE_LABELS, STAFF_ROLES } from "#api/contract/gestor/staff.ts";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GestorActionForm, gestorCard, gestorInput, gestorLabel } from "#app/features/gestor/gestor-ui.tsx";
import { StaffUnitsChoice } from "#app/features/gestor/staff/staff-units-choice.tsx";
import { accessLabel, situationLabel, whenLabel } from "#app/features/gestor/staff/team-labels.ts";
import { memberAction, memberPage } from "#app/features/gestor/staff/team.server.ts";
import type { Route } from "./+types/team-member";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.member.name ?? "Pessoa"} | Equipe | Gestor | Loja Escolar` },
];

export const loader = ({ request, params }: Route.LoaderArgs) => memberPage(request, params.staffId);

export const action = ({ request, params }: Route.ActionArgs) => memberAction(request, params.staffId);

/** The "Confirmo…" box a dangerous action needs (it works without JavaScript). */
function Confirm({ id, children }: { id: string; children: string }) {
  return (
    <label htmlFor={id} className="flex items-center gap-2">
      <input id={id} type="checkbox" name="confirm" required className="size-4" />
      {children}
    </label>
  );
}

export default function TeamMemberPage({ loaderData, actionData }: Route.ComponentProps) {
  const { member, self, units } = loaderData;
  const reply = actionData as { error: string | null; link: string | null } | undefined;
  return (
    <>
      <GestorPageHeader title={member.name}>
        <Link to={GESTOR_PATHS.team} className="underline">
          Voltar para Equipe
        </Link>
      </GestorPageHeader>
      {reply?.error ? (
        <p role="alert" className="mb-4 rounded bg-red-50 px-3 py-2 font-semibold text-red-700">
          {reply.error}
        </p>
      ) : null}
      {reply?.link ? (
        <div role="status" className="mb-4 rounded border border-green-300 bg-green-50 p-3">
          <p className="font-semibold">
            Link de redefinição enviado para {member.email}. Se o e-mail não chegar, envie à pessoa este link (ele
            aparece só agora e vale por 72 horas):
          </p>
          <p className="mt-1 font-mono break-all">{reply.link}</p>
        </div>
      ) : null}
      <div className="grid max-w-3xl gap-4">
        <section aria-labelledby="dados" className={gestorCard}>
          <h2 id="dados" className="mb-2 text-base font-bold text-slate-900">
            Dados
          </h2>
          <dl className="grid grid-cols-[14rem_1fr] gap-1">
            <dt className="font-semibold">E-mail</dt>
            <dd>{member.email}</dd>
            <dt className="font-semibold">Perfil</dt>
            <dd>{accessLabel(member)}</dd>
            <dt className="font-semibold">Verificação em duas etapas</dt>
            <dd>{member.totpEnabled ? "Ativa" : "Não ativada"}</dd>
            <dt className="font-semibold">Situação</dt>
            <dd>{situationLabel(member)}</dd>
            <dt className="font-semibold">Último acesso</dt>
            <dd>{member.lastLoginAt ? whenLabel(member.lastLoginAt) : "Nunca"}</dd>
            <dt className="font-semibold">Na equipe desde</dt>
            <dd>{whenLabel(member.createdAt)}</dd>
          </dl>
        </section>
        {self ? (
          <p className={gestorCard}>
            Esta é a sua conta: a sua senha e o seu autenticador ficam em{" "}
            <Link to={GESTOR_PATHS.ownAccount} className="underline">
              Minha conta
            </Link>
            ; perfil e situação só outro administrador pode mudar.
          </p>
        ) : (
          <section aria-labelledby="acoes" className={`${gestorCard} flex flex-col gap-4`}>
            <h2 id="acoes" className="text-base font-bold text-slate-900">
              Ações
            </h2>
            <GestorActionForm intent="role" label="Mudar perfil e unidades">
              <div>
                <label htmlFor="perfil" className={gestorLabel}>
                  Perfil
                </label>
                <select id="perfil" name="role" defaultValue={member.role} className={gestorInput}>
                  {STAFF_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {STAFF_ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
              </div>
              <StaffUnitsChoice name="unitCodes" choices={units} ticked={member.unitCodes} />
            </GestorActionForm>
            {member.active ? (
              <GestorActionForm intent="password-link" label="Enviar link para redefinir a senha" />
            ) : null}
            {member.totpEnabled ? (
              <GestorActionForm intent="reset-totp" label="Redefinir verificação em duas etapas" danger>
                <Confirm id="confirmar-redefinir">Confirmo: a pessoa terá de configurar o autenticador de novo</Confirm>
              </GestorActionForm>
            ) : null}
            {member.active ? (
              <GestorActionForm intent="deactivate" label="Desativar" danger>
                <Confirm id="confirmar-desativar">Confirmo a desativação (as sessões dela terminam agora)</Confirm>
              </GestorActionForm>
            ) : (
              <GestorActionForm intent="reactivate" label="Reativar" />
            )}
          </section>
        )}
      </div>
    </>
  );
}
