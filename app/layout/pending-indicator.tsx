import { useNavigation } from "react-router";

/** A thin bar at the top while a route loads (the "fallback meanwhile" of spec §2). */
export function PendingIndicator() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      className="fixed inset-x-0 top-0 z-[80] h-1 overflow-hidden bg-brand-100"
      role="progressbar"
      aria-label="Carregando"
    >
      <div className="h-full w-1/3 animate-[loading_1s_ease-in-out_infinite] bg-accent-400" />
    </div>
  );
}
