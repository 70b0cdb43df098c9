import { useForm } from "#app/ui/use-form.ts";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { z } from "zod";
import type { AccountDeletionReply } from "#app/features/accounts/account-page-reply.ts";
import type { accountDeletionSchema } from "#app/features/accounts/account-schemas.ts";
import { PRIVACY_PATH, URL_STATE } from "#app/lib/url-state.ts";
import { rulesFormProps, useLazyRules } from "#app/ui/lazy-rules.ts";
import { FormErrors, PasswordField, secondaryButton } from "#app/ui/form-field.tsx";
import { Modal } from "#app/ui/modal.tsx";

const ACCOUNT_PATH = "/conta";
/** The JSON download (app/routes/account-data.ts). */
const ACCOUNT_DATA_PATH = "/conta/meus-dados";
const { key, open } = URL_STATE.deleteAccount;
const CONFIRM_PATH = `${ACCOUNT_PATH}?${key}=${open}`;

/**
 * Where the store API has no calls for the copy and the deletion (docs/decisions/0026), the
 * customer still has a way to exercise the rights of LGPD art. 18: the store's e-mail.
 */
export const privacyByEmail = (email: string) =>
  `Para receber uma cópia dos seus dados ou excluir sua conta, escreva para ${email}. Atendemos o seu pedido por e-mail.`;

/** What /conta offers: the self-service copy and deletion, or the e-mail to ask for them. */
export interface PrivacyRequests {
  selfService: boolean;
  contactEmail: string;
}

/**
 * "Privacidade e dados" on /conta (LGPD art. 18): a copy of the data, and the deletion of the
 * account behind a URL-state dialog that asks for the password, so both work without JavaScript.
 */
export function AccountPrivacy({ reply, requests }: { reply?: AccountDeletionReply; requests: PrivacyRequests }) {
  const [params] = useSearchParams();
  const confirming = params.get(key) === open || reply !== undefined;
  if (!requests.selfService) {
    return (
      <p className="text-slate-600" data-testid="privacy-by-email">
        {privacyByEmail(requests.contactEmail)} Saiba como cuidamos dos dados na{" "}
        <Link to={PRIVACY_PATH} className="font-semibold text-brand-600 underline">
          Política de Privacidade
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-600">
        Baixe uma cópia de tudo o que a loja guarda sobre você e seus estudantes, ou exclua sua conta. Saiba como
        cuidamos dos dados na{" "}
        <Link to={PRIVACY_PATH} className="font-semibold text-brand-600 underline">
          Política de Privacidade
        </Link>
        .
      </p>
      <div className="flex flex-wrap gap-3">
        {/* A document request: the reply is a file (Content-Disposition), not a page to render. */}
        <a href={ACCOUNT_DATA_PATH} className={`${secondaryButton} px-5 py-2.5 text-base`}>
          Baixar meus dados
        </a>
        <Link
          to={CONFIRM_PATH}
          preventScrollReset
          className={`${secondaryButton} border-red-200 px-5 py-2.5 text-base text-red-700 hover:bg-red-50`}
        >
          Excluir minha conta
        </Link>
      </div>
      {confirming ? <DeleteAccountDialog reply={reply} /> : null}
    </div>
  );
}

function DeleteAccountDialog({ reply }: { reply?: AccountDeletionReply }) {
  return (
    <Modal titleId="delete-account-title" closeHref={ACCOUNT_PATH} className="max-w-md">
      <div className="flex flex-col gap-4 p-6 pt-10">
        <h2 id="delete-account-title" className="text-xl font-bold text-slate-900">
          Excluir minha conta
        </h2>
        <div className="flex flex-col gap-2 text-sm text-slate-700">
          <p>Ao excluir sua conta:</p>
          <ul className="list-disc pl-5">
            <li>seus dados pessoais (nome, e-mail, CPF, telefone, endereço) são apagados;</li>
            <li>
              os vínculos com estudantes, o carrinho, a inscrição na newsletter, os pedidos de “Avise-me quando chegar”,
              os lugares em listas de espera e as pessoas indicadas para retirar os pedidos são removidos;
            </li>
            <li>suas compras ficam guardadas sem nenhum dado pessoal, pelo prazo que a legislação fiscal exige;</li>
            <li>você sai da loja em todos os aparelhos.</li>
          </ul>
          <p className="font-semibold">
            Esta ação não poderá ser desfeita. Se quiser uma cópia, baixe seus dados antes.
          </p>
        </div>
        {/* A new reply remounts the form: a refused password does not stay typed, with or without JavaScript. */}
        <DeletionForm key={reply?.nonce ?? "first"} reply={reply} />
      </div>
    </Modal>
  );
}

function DeletionForm({ reply }: { reply?: AccountDeletionReply }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete-account";
  const { loadOnFocus, ...rules } = useLazyRules(
    () => import("#app/features/shopper-form-rules.ts").then((module) => module.formRules.accountDeletion),
    { shouldValidate: "onSubmit", shouldRevalidate: "onInput" },
  );
  const [form, fields] = useForm<z.input<typeof accountDeletionSchema>>({
    id: "delete-account",
    lastResult: reply?.result,
    ...rules,
  });
  return (
    <Form
      method="post"
      action={CONFIRM_PATH}
      preventScrollReset
      {...rulesFormProps(form, loadOnFocus)}
      className="flex flex-col gap-4"
    >
      <AuthenticityTokenInput name="csrf" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <PasswordField meta={fields.password} label="Confirme com sua senha" autoComplete="current-password" />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={ACCOUNT_PATH} replace preventScrollReset className={`${secondaryButton} px-5 py-2.5 text-center`}>
          Cancelar
        </Link>
        <button
          type="submit"
          name="intent"
          value="delete-account"
          disabled={busy}
          className="rounded-full bg-red-600 px-5 py-2.5 font-bold text-white hover:bg-red-700 disabled:opacity-70"
        >
          {busy ? "Excluindo..." : "Excluir minha conta"}
        </button>
      </div>
    </Form>
  );
}
