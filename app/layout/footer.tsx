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
  // Headings, links and the social buttons are styled from app.css (.site-footer …): the footer
  // is on every page and the home's HTML has a 50 KB budget (issue 32, decision 0082).
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        <div className="flex flex-col gap-6">
          <NewsletterForm />
          <ul className="footer-social" aria-label="Redes sociais">
            {socialLinks(store).map(({ label, href, Icon }) => (
              <li key={label}>
                <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
                  <Icon width={20} height={20} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-links-title">
          <h2 id="footer-links-title" className="mb-3">
            LINKS ÚTEIS
          </h2>
          <ul className="footer-links">
            <li>
              <Link to="/conta">Minha Conta</Link>
            </li>
            <li>
              <Link to="/compra-rapida">Compra Rápida</Link>
            </li>
            <li>
              <Link to="/listas-de-material">Listas de material</Link>
            </li>
            <li>
              <Link to="/faq">F.A.Q.</Link>
            </li>
            <li>
              <Link to="/atendimento">Atendimento</Link>
            </li>
            <li>
              <Link to={PRIVACY_PATH}>Política de Privacidade</Link>
            </li>
            <li>
              <a href={store.termsUrl} target="_blank" rel="noopener noreferrer">
                Termos &amp; Condições
              </a>
            </li>
          </ul>
        </nav>
        <div className="flex flex-col gap-3">
          <h2>INFORMAÇÕES DA LOJA</h2>
          <address className="not-italic">{store.address}</address>
          <p className="footer-links">
            {/* Discovered by the "Atendimento" link above (decision 0082). */}
            <Link to="/atendimento" discover="none">
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
      <div className="footer-legal">
        <div>
          <p data-testid="legal-line">
            {`© ${year} ${store.legalName} · CNPJ ${store.cnpj} · Todos os direitos reservados.`}
          </p>
          <a href="#topo" aria-label="Voltar ao topo">
            <ChevronUpIcon width={16} height={16} />
            Topo
          </a>
        </div>
      </div>
      {/* Desktop only: on a phone the bottom bar's "Atendimento" leads there, and a floating
          button would sit over the fields and totals (docs/decisions/0042). */}
      {hasChatButton(pathname) ? (
        <Link to="/atendimento" aria-label="Fale conosco pelo chat" className="chat-button">
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
