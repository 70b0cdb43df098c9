import { Link, useLocation } from "react-router";
import type { StoreSettings } from "#app/layout/shell.server.ts";
import { PRIVACY_PATH } from "#app/lib/url-state.ts";
import { NewsletterForm } from "#app/features/newsletter/newsletter-form.tsx";
import { ChatIcon, ChevronUpIcon, FacebookIcon, InstagramIcon, LockIcon, YoutubeIcon } from "#app/ui/icons.tsx";
import { PaymentBadges } from "./payment-badges.tsx";

/**
 * Pages of forms and totals, where a button floating over the corner would cover a field or a
 * total as the page scrolls by (docs/decisions/0042): no chat button there. /atendimento is
 * where it leads.
 */
const PAGES_WITHOUT_CHAT_BUTTON = [
  "/compra",
  "/conclusao",
  "/checkout",
  "/conta",
  "/atendimento",
  "/compra-rapida",
  "/entrar",
  "/registrar",
  "/resetar-senha",
];

const hasChatButton = (pathname: string) =>
  !PAGES_WITHOUT_CHAT_BUTTON.some((page) => pathname === page || pathname.startsWith(`${page}/`));

export function Footer({ store, year }: { store: StoreSettings; year: number }) {
  const { pathname } = useLocation();
  return (
    <footer className="mt-16 bg-brand-900 pb-20 text-brand-100 hd:pb-0">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 hd:grid-cols-[1.4fr_1fr_1.2fr]">
        <div className="flex flex-col gap-6">
          <NewsletterForm />
          <ul className="flex gap-3" aria-label="Redes sociais">
            {socialLinks(store).map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  className="block rounded-full bg-white/10 p-2 hover:bg-white/20"
                >
                  <Icon width={20} height={20} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-links-title">
          <h2 id="footer-links-title" className="mb-3 text-sm font-bold tracking-widest text-accent-400">
            LINKS ÚTEIS
          </h2>
          <ul className="flex flex-col gap-2">
            <li>
              <Link to="/conta" className="hover:text-white hover:underline">
                Minha Conta
              </Link>
            </li>
            <li>
              <Link to="/compra-rapida" className="hover:text-white hover:underline">
                Compra Rápida
              </Link>
            </li>
            <li>
              <Link to="/listas-de-material" className="hover:text-white hover:underline">
                Listas de material
              </Link>
            </li>
            <li>
              <Link to="/faq" className="hover:text-white hover:underline">
                F.A.Q.
              </Link>
            </li>
            <li>
              <Link to="/atendimento" className="hover:text-white hover:underline">
                Atendimento
              </Link>
            </li>
            <li>
              <Link to={PRIVACY_PATH} className="hover:text-white hover:underline">
                Política de Privacidade
              </Link>
            </li>
            <li>
              <a
                href={store.termsUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="hover:text-white hover:underline"
              >
                Termos &amp; Condições
              </a>
            </li>
          </ul>
        </nav>
        <div className="flex flex-col gap-3">
          <h2 className="text-sm font-bold tracking-widest text-accent-400">INFORMAÇÕES DA LOJA</h2>
          <address className="not-italic">{store.address}</address>
          <p>
            <Link to="/atendimento" className="hover:text-white hover:underline">
              {store.phone}
            </Link>
          </p>
          <p className="flex items-start gap-2 text-sm">
            <LockIcon width={18} height={18} className="mt-0.5 shrink-0 text-emerald-300" />
            <span>100% Seguro – Suas informações estão criptografadas e seguras.</span>
          </p>
          <PaymentBadges />
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-4 text-xs hd:flex-row">
          <p data-testid="legal-line">
            © {year} {store.legalName} · CNPJ {store.cnpj} · Todos os direitos reservados.
          </p>
          <a
            href="#topo"
            className="flex items-center gap-1 rounded-full bg-white/10 px-3 py-1.5 hover:bg-white/20"
            aria-label="Voltar ao topo"
          >
            <ChevronUpIcon width={16} height={16} />
            Topo
          </a>
        </div>
      </div>
      {/* Desktop only: on a phone the bottom bar's "Atendimento" leads there, and a floating
          button would sit over the fields and totals (docs/decisions/0042). */}
      {hasChatButton(pathname) ? (
        <Link
          to="/atendimento"
          aria-label="Fale conosco pelo chat"
          className="fixed bottom-6 right-4 z-30 hidden h-14 w-14 items-center justify-center rounded-full bg-emerald-700 text-white shadow-lg hover:bg-emerald-800 hd:flex"
        >
          <ChatIcon width={28} height={28} />
        </Link>
      ) : null}
    </footer>
  );
}

/** The store's three social networks (spec §2 footer). */
function socialLinks(store: StoreSettings) {
  return [
    { label: "Instagram", href: store.social.instagram, Icon: InstagramIcon },
    { label: "Facebook", href: store.social.facebook, Icon: FacebookIcon },
    { label: "YouTube", href: store.social.youtube, Icon: YoutubeIcon },
  ];
}
