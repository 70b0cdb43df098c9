import { accountPageAction, loadAccountPage } from "#app/features/accounts/account-page.server.ts";
import { AccountPrivacy } from "#app/features/privacy/account-privacy.tsx";
import { MyStudents } from "#app/features/students/my-students.tsx";
import { OrderHistory } from "#app/features/orders/order-history.tsx";
import { PickupPeople } from "#app/features/pickup-people/pickup-people.tsx";
import { PICKUP_PEOPLE_ANCHOR } from "#app/features/pickup-people/pickup-people-intents.ts";
import { WhatsappConsentSection } from "#app/features/messages/whatsapp-consent-section.tsx";
import { WHATSAPP_CONSENT_ANCHOR } from "#app/features/messages/whatsapp-consent-intents.ts";
import { WHATSAPP_TEXTS } from "#api/contract/whatsapp-texts.ts";
import { PasswordForm } from "#app/features/accounts/password-form.tsx";
import { ProfileForm } from "#app/features/accounts/profile-form.tsx";
import type { Route } from "./+types/account";

export const meta = () => [{ title: "Minha Conta | Loja Escolar" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAccountPage({ request, context });
}

export async function action({ request, context }: Route.ActionArgs) {
  return accountPageAction({ request, context }, await request.formData());
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, profile, sales, selectedSale, students, sandboxPix, pixRenewal, privacy, pickupPeople, whatsapp } =
    loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Minha Conta</h1>
      <p className="mt-1 text-slate-600">Cuide dos seus dados e acompanhe seus pedidos.</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Section id="meus-dados" title="Meus dados">
          <ProfileForm email={email} loaded={profile} reply={actionData?.form === "profile" ? actionData : undefined} />
        </Section>
        <Section id="alterar-senha" title="Alterar senha">
          <PasswordForm reply={actionData?.form === "password" ? actionData : undefined} />
        </Section>
      </div>
      <Section id="meus-estudantes" title="Meus estudantes" className="mt-6">
        <MyStudents {...students} />
      </Section>
      <Section id="pedidos" title="Meus pedidos" className="mt-6">
        <OrderHistory sales={sales} selectedSale={selectedSale} sandboxPix={sandboxPix} pixRenewal={pixRenewal} />
      </Section>
      {pickupPeople.supported ? (
        <Section id={PICKUP_PEOPLE_ANCHOR} title="Quem pode retirar" className="mt-6">
          <PickupPeople section={pickupPeople} reply={actionData?.form === "pickup-person" ? actionData : undefined} />
        </Section>
      ) : null}
      {whatsapp.shown ? (
        <Section id={WHATSAPP_CONSENT_ANCHOR} title={WHATSAPP_TEXTS.sectionTitle} className="mt-6">
          <WhatsappConsentSection section={whatsapp} />
        </Section>
      ) : null}
      <Section id="privacidade" title="Privacidade e dados" className="mt-6">
        <AccountPrivacy reply={actionData?.form === "delete-account" ? actionData : undefined} requests={privacy} />
      </Section>
    </div>
  );
}

function Section({
  id,
  title,
  className = "",
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-titulo`}
      className={`scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${className}`}
    >
      <h2 id={`${id}-titulo`} className="mb-4 text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
