import { useRootData } from "#app/root.tsx";
import { ContactForm, ContactSent } from "#app/features/support/contact-form.tsx";
import { contactPageData, sendContactMessage } from "#app/features/support/contact.server.ts";
import { MailIcon, PhoneIcon } from "#app/ui/icons.tsx";
import type { Route } from "./+types/support";

export const meta = () => [
  { title: "Atendimento | Loja Escolar" },
  {
    name: "description",
    content:
      "Fale conosco pelo formulário ou pelos telefones, e-mails e endereços das unidades da rede e da central de atendimento da Loja Escolar.",
  },
];

export const loader = (args: Route.LoaderArgs) => contactPageData(args);

export const action = (args: Route.ActionArgs) => sendContactMessage(args);

export default function SupportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { store } = useRootData();
  const { prefill, protocol, units } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Atendimento</h1>
      {protocol ? <ContactSent protocol={protocol} /> : null}
      <section className="mt-4 rounded-2xl bg-brand-700 p-6 text-white" aria-labelledby="central-title">
        <h2 id="central-title" className="text-lg font-bold">
          Central de atendimento da loja
        </h2>
        <p className="mt-1 text-brand-100">Segunda a sexta, das 8h às 18h, e sábados, das 8h às 12h.</p>
        <div className="mt-4 flex flex-wrap gap-6">
          <a
            href={`tel:${store.phone.replace(/\D/g, "")}`}
            className="flex items-center gap-2 font-semibold hover:underline"
          >
            <PhoneIcon width={20} height={20} /> {store.phone}
          </a>
          <a href={`mailto:${store.email}`} className="flex items-center gap-2 font-semibold hover:underline">
            <MailIcon width={20} height={20} /> {store.email}
          </a>
        </div>
      </section>
      <section className="mt-8 rounded-2xl bg-white p-6 ring-1 ring-slate-200" aria-labelledby="contact-title">
        <h2 id="contact-title" className="text-xl font-bold text-slate-900">
          Fale conosco
        </h2>
        <p className="mt-1 text-slate-600">
          Escreva sobre um pedido, um pagamento ou uma matrícula em curso. Você recebe um número de protocolo, e a nossa
          central responde pelo e-mail ou telefone informados.
        </p>
        <div className="mt-4">
          <ContactForm key={protocol ?? "novo"} prefill={prefill} reply={actionData} />
        </div>
      </section>
      <h2 className="mt-8 text-xl font-bold text-slate-900">Nossas unidades</h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-2" data-testid="school-units">
        {units.map((unit) => (
          <li key={unit.code} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <h3 className="font-bold text-slate-900">{unit.name}</h3>
            <address className="mt-1 not-italic text-slate-600">
              {unit.address}
              <br />
              {unit.city}
            </address>
            <p className="mt-2 flex flex-wrap gap-4 text-sm">
              <a href={`tel:${unit.phone.replace(/\D/g, "")}`} className="font-semibold text-brand-600 hover:underline">
                {unit.phone}
              </a>
              <a href={`mailto:${unit.email}`} className="font-semibold text-brand-600 hover:underline">
                {unit.email}
              </a>
            </p>
            {unit.pickupHours ? (
              <p className="mt-2 text-sm text-slate-600">Retirada de pedidos: {unit.pickupHours}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
