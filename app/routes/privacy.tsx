import { useRootData } from "#app/root.tsx";
import { PrivacyPolicy } from "#app/features/privacy/privacy-policy.tsx";

export const meta = () => [
  { title: "Política de Privacidade | Loja Escolar" },
  {
    name: "description",
    content:
      "Quais dados a Loja Escolar guarda sobre você e os estudantes, para quê, por quanto tempo e como consultá-los ou apagá-los (LGPD).",
  },
];

export default function PrivacyPage() {
  const { store } = useRootData();
  return <PrivacyPolicy store={store} />;
}
