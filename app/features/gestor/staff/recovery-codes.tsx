import { Link } from "react-router";
import { gestorButton } from "../gestor-ui.tsx";

/** The recovery codes, shown this once (only their hashes are kept). */
export function RecoveryCodes({ codes, continueTo }: { codes: string[]; continueTo?: string }) {
  return (
    <section aria-labelledby="codigos-recuperacao" className="flex flex-col gap-3">
      <h2 id="codigos-recuperacao" className="text-base font-bold text-slate-900">
        Códigos de recuperação
      </h2>
      <p role="status">
        Guarde estes 10 códigos em lugar seguro (impressos ou num gerenciador de senhas). Cada um permite entrar uma vez
        sem o aplicativo autenticador. <strong>Eles não serão mostrados de novo.</strong>
      </p>
      <ol data-testid="codigos-recuperacao" className="grid grid-cols-2 gap-1 rounded bg-slate-50 p-3 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      {continueTo ? (
        <Link to={continueTo} className={`${gestorButton} self-start`}>
          Guardei os códigos, continuar
        </Link>
      ) : null}
    </section>
  );
}
