import { categoryIconKey, type CategoryIconKey } from "#core/category-icons.ts";
import { Icon } from "#app/ui/icons.tsx";
import type { ReactNode } from "react";

// Spec §9's category icons: the drawings public/images/categorias/*.svg are written from
// (category-icon.test.ts), which the menu and the category page show as pictures
// (category-icon-image.tsx), so that no page's JavaScript carries them (decision 0081). Which one
// a category shows is categoryIconKey's rule (core/category-icons.ts).
const paths: Record<CategoryIconKey, ReactNode> = {
  agenda: (
    <>
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M9 3v18M12 8h4M12 12h4" />
    </>
  ),
  apostilhas: (
    <>
      <path d="M4 5a2 2 0 0 1 2-2h12v16H6a2 2 0 0 0-2 2z" />
      <path d="M4 21h14M8 7h6M8 10h6" />
    </>
  ),
  camisas: <path d="M8 3 3 6l2 5 3-1v11h8V10l3 1 2-5-5-3a4 4 0 0 1-8 0z" />,
  canecas: (
    <>
      <path d="M4 6h12v11a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3z" />
      <path d="M16 9h2a3 3 0 0 1 0 6h-2" />
    </>
  ),
  cursos: (
    <>
      <path d="m2 9 10-5 10 5-10 5z" />
      <path d="M6 11v5c3 2 9 2 12 0v-5M22 9v6" />
    </>
  ),
  "e-books": (
    <>
      <rect x="5" y="2" width="14" height="20" rx="2" />
      <path d="M9 6h6M9 10h6M11 18h2" />
    </>
  ),
  eventos: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4M12 14l1 2h2l-1.5 1.5.5 2-2-1-2 1 .5-2L9 16h2z" />
    </>
  ),
  fardamento: (
    <>
      <path d="M8 3 3 6l2 5 3-1v11h8V10l3 1 2-5-5-3-4 4z" />
      <path d="M12 7v14" />
    </>
  ),
  "material-didatico": (
    <>
      <path d="M3 5h7a2 2 0 0 1 2 2v13a2 2 0 0 0-2-2H3zM21 5h-7a2 2 0 0 0-2 2v13a2 2 0 0 1 2-2h7z" />
    </>
  ),
  papelaria: (
    <>
      <path d="m15 4 5 5L9 20H4v-5z" />
      <path d="m13 6 5 5" />
    </>
  ),
  squeezes: (
    <>
      <path d="M9 2h6v3H9z" />
      <path d="M8 5h8l1 4v11a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V9z" />
      <path d="M7 12h10" />
    </>
  ),
  outros: (
    <>
      <path d="M20 12V7l-8-4-8 4v10l8 4 8-4z" />
      <path d="m4 7 8 4 8-4M12 11v10" />
    </>
  ),
};

export function CategoryIcon({
  category,
  className,
}: {
  category: { slug: string; icon?: string | null };
  className?: string;
}) {
  return <Icon className={className}>{paths[categoryIconKey(category)]}</Icon>;
}
