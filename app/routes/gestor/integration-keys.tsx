import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import {
  INTEGRATION_KEY_PREFIX,
  INTEGRATION_SCOPE_LABELS,
  INTEGRATION_SCOPES,
  type IntegrationKey,
} from "#api/contract/gestor/integration-keys.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import {
  GestorActionForm,
  gestorButton,
  gestorCard,
  gestorLabel,
  GestorTable,
} from "#app/features/gestor/gestor-ui.tsx";
import {
  integrationKeysAction,
  integrationKeysPage,
} from "#app/features/gestor/integration-keys/integration-keys.server.ts";
import { createKeySchema } from "#app/features/gestor/integration-keys/key-forms.ts";
import { whenLabel } from "#app/features/gestor/staff/team-labels.ts";
import { CheckboxChoices } from "#app/ui/checkbox-choices.tsx";
import { FieldErrors, FormErrors, TextField } from "#app/ui/form-field.tsx";
import { useForm } from "#app/ui/use-form.ts";
import type { Route } from "./+types/integration-keys";

export const meta = () => [{ title: "Integrações | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => integrationKeysPage(request);

export const action = ({ request }: Route.ActionArgs) => integrationKeysAction(request);

type Reply =
  | {
      intent: string | null;
      result?: SubmissionResult<string[]>;
      created?: { label: string; secret: string };
      revokeError?: { keyId: string; message: string };
    }
  | undefined;

const SCOPE_CHOICES = INTEGRATION_SCOPES.map((scope) => ({ value: scope, label: INTEGRATION_SCOPE_LABELS[scope] }));

export default function IntegrationKeysPage({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as Reply;
  const { keys } = loaderData;
  return (
    <>
      <GestorPageHeader title="Integrações" />
      <p className="mb-4 max-w-3xl text-slate-700">
        O sistema acadêmico (ERP) da escola mantém os alunos matriculados e as séries em dia chamando a API da loja com
        uma chave de integração. As chamadas estão descritas na{" "}
        <a href="/api/docs" className="underline">
          referência da API
        </a>{" "}
        (seção “Integração (ERP)”). Cada uso fica no registro de auditoria.
      </p>
      {reply?.created ? <NewKeySecret label={reply.created.label} secret={reply.created.secret} /> : null}
      {keys.length === 0 ? (
        <p className={`${gestorCard} mb-4`}>Nenhuma chave criada ainda.</p>
      ) : (
        <GestorTable
          caption="Chaves de integração"
          headers={["Nome", "Chave", "Pode atualizar", "Criada", "Último uso", "Situação", ""]}
        >
          {keys.map((key) => (
            <KeyRow
              key={key.id}
              integrationKey={key}
              error={reply?.revokeError?.keyId === key.id ? reply.revokeError.message : null}
            />
          ))}
        </GestorTable>
      )}
      <section aria-labelledby="nova-chave" className={`${gestorCard} mt-4 max-w-xl`}>
        <h2 id="nova-chave" className="mb-2 text-base font-bold text-slate-900">
          Criar chave
        </h2>
        <p className="mb-3 text-slate-600">
          A chave aparece uma só vez, logo depois de criada: guarde-a na configuração do ERP. Se ela se perder ou vazar,
          revogue-a e crie outra.
        </p>
        <CreateKeyForm result={reply?.intent === "create" ? reply.result : undefined} />
      </section>
    </>
  );
}

function NewKeySecret({ label, secret }: { label: string; secret: string }) {
  return (
    <div role="status" className="mb-4 max-w-3xl rounded border border-green-300 bg-green-50 p-3">
      <p className="font-semibold">
        Chave “{label}” criada. Copie-a agora: a loja guarda só um resumo dela e não poderá mostrá-la de novo.
      </p>
      <p data-testid="chave-criada" className="mt-2 font-mono break-all select-all">
        {secret}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Envie-a no cabeçalho <code>Authorization: Bearer {INTEGRATION_KEY_PREFIX}…</code> de cada chamada.
      </p>
    </div>
  );
}

function KeyRow({ integrationKey: key, error }: { integrationKey: IntegrationKey; error: string | null }) {
  const confirmId = `confirmar-revogar-${key.id}`;
  return (
    <tr>
      <td className="font-semibold">{key.label}</td>
      <td className="font-mono">
        {INTEGRATION_KEY_PREFIX}…{key.hint}
      </td>
      <td>{key.scopes.map((scope) => INTEGRATION_SCOPE_LABELS[scope]).join(", ")}</td>
      <td>
        {whenLabel(key.createdAt)}
        <br />
        <span className="text-xs text-slate-600">por {key.createdBy}</span>
      </td>
      <td>
        {key.lastUsedAt ? (
          <>
            {whenLabel(key.lastUsedAt)}
            <br />
            <span className="text-xs text-slate-600">de {key.lastUsedAddress}</span>
          </>
        ) : (
          "Nunca usada"
        )}
      </td>
      <td>
        {key.revokedAt ? (
          <>
            Revogada em {whenLabel(key.revokedAt)}
            <br />
            <span className="text-xs text-slate-600">por {key.revokedBy}</span>
          </>
        ) : (
          "Ativa"
        )}
      </td>
      <td>
        {key.revokedAt ? null : (
          <GestorActionForm intent="revoke" label="Revogar" danger>
            <input type="hidden" name="keyId" value={key.id} />
            <label htmlFor={confirmId} className="flex items-center gap-2 text-sm">
              <input id={confirmId} type="checkbox" name="confirm" required className="size-4" />
              Confirmo: o ERP deixa de sincronizar com ela
            </label>
          </GestorActionForm>
        )}
        {error ? (
          <p role="alert" className="mt-1 font-semibold text-red-700">
            {error}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

function CreateKeyForm({ result }: { result?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "gestor-nova-chave",
    lastResult: result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createKeySchema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const ticked = (fields.scopes.value as string[] | string | undefined) ?? [];
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-3">
      <AuthenticityTokenInput name="csrf" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField meta={fields.label} label="Nome (para reconhecer a chave)" autoComplete="off" maxLength={80} />
      <fieldset>
        <legend className={gestorLabel}>Pode atualizar</legend>
        <div className="flex flex-col gap-1">
          <CheckboxChoices
            name={fields.scopes.name}
            choices={SCOPE_CHOICES}
            isTicked={(value) => (result?.status === "error" ? ticked.includes(value) : true)}
            labelClassName="flex items-center gap-2"
            boxClassName="size-4"
          />
        </div>
        <FieldErrors id={fields.scopes.errorId} errors={fields.scopes.errors} />
      </fieldset>
      <div>
        <button type="submit" name="intent" value="create" disabled={busy} className={gestorButton}>
          Criar chave
        </button>
      </div>
    </Form>
  );
}
