import { highlightsPage, saveHighlight } from "#app/features/gestor/catalogue/catalogue.server.ts";
import { CatalogueNav } from "#app/features/gestor/catalogue/catalogue-ui.tsx";
import { BannerForm, HighlightForm, type SectionReply } from "#app/features/gestor/catalogue/section-forms.tsx";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GestorTable } from "#app/features/gestor/gestor-ui.tsx";
import type { Route } from "./+types/catalogue-highlights";

export const meta = () => [{ title: "Destaques | Catálogo | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => highlightsPage(request);

export const action = ({ request }: Route.ActionArgs) => saveHighlight(request);

export default function GestorHighlights({ loaderData, actionData }: Route.ComponentProps) {
  const { highlights, canEdit } = loaderData;
  const reply = actionData as SectionReply | undefined;
  return (
    <>
      <CatalogueNav />
      <GestorPageHeader title="Destaques da página inicial" />
      {highlights.length === 0 ? <p>Nenhum destaque cadastrado.</p> : null}
      {highlights.map((highlight) => (
        <section key={highlight.id} aria-labelledby={`destaque-${highlight.id}`} className="mb-6 flex flex-col gap-3">
          <h2 id={`destaque-${highlight.id}`} className="font-bold text-slate-900">
            {highlight.title} {highlight.visible ? "" : "(oculto)"}
          </h2>
          {canEdit ? (
            <>
              <HighlightForm highlight={highlight} reply={reply} />
              {highlight.banners.map((banner) => (
                <BannerForm key={banner.id} highlightId={highlight.id} banner={banner} reply={reply} />
              ))}
            </>
          ) : (
            <GestorTable caption={`Banners de ${highlight.title}`} headers={["Ordem", "Título", "Subtítulo", "Link"]}>
              {highlight.banners.map((banner) => (
                <tr key={banner.id}>
                  <td>{banner.position}</td>
                  <td>{banner.title}</td>
                  <td>{banner.subtitle}</td>
                  <td>{banner.link}</td>
                </tr>
              ))}
            </GestorTable>
          )}
        </section>
      ))}
    </>
  );
}
