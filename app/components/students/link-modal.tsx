import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Product, StudentLink } from "#api/contract.ts";
import { formatMoney } from "#app/lib/money.ts";
import { formatPercent } from "#app/lib/percent.ts";
import { priceView } from "#app/lib/pricing.ts";
import { schoolUnitByCode } from "#app/lib/school-units.ts";
import { PRODUCT_NAME_LIMIT, truncate } from "#app/lib/text.ts";
import { URL_STATE } from "#app/lib/url-state.ts";
import { Modal } from "../ui/modal.tsx";
import { NewStudentWizard, type NewStudentReply } from "./new-student/new-student-wizard.tsx";
import { StudentCard } from "./student-card.tsx";
import { StudentDataModal } from "./student-data-modal.tsx";

const LINK_MODES = ["escolha", "lista", "novo", "completo"] as const;
export type LinkMode = (typeof LINK_MODES)[number];
export const isLinkMode = (mode: unknown): mode is LinkMode => LINK_MODES.includes(mode as LinkMode);

const primary = "rounded-full bg-brand-600 px-5 py-2.5 font-bold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50";
const secondary = "rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50";

function ItemSummary({ product, student }: { product: Product; student?: StudentLink }) {
  const price = priceView(product);
  return (
    <div className="flex gap-3 rounded-xl bg-slate-50 p-3" data-testid="link-item-summary">
      <img src={product.image} alt="" width={72} height={72} className="h-18 w-18 rounded-lg object-cover" />
      <div className="text-sm">
        <p className="font-bold text-slate-900">{truncate(product.title, PRODUCT_NAME_LIMIT)}</p>
        {product.TIPO === "S" || product.TIPO === "M" ? <p className="text-slate-600">{schoolUnitByCode(product.CODCOLIGADA).name}</p> : null}
        {student ? <p className="text-slate-600">Estudante: {student.student.nome}</p> : null}
        {price.free ? (
          <p className="font-bold text-emerald-600">Este produto/serviço é grátis</p>
        ) : (
          <p>
            {price.discountPercent >= 1 ? (
              <span className="mr-1 text-slate-400 line-through">{price.installments}x R$ {formatMoney(price.originalInstallment)}</span>
            ) : null}
            <span className="font-bold text-brand-700">{price.installments}x R$ {formatMoney(price.installment)}</span>
            {price.discountPercent >= 1 ? <span className="ml-1 text-red-600">({formatPercent(price.discountPercent)}% desconto)</span> : null}
          </p>
        )}
      </div>
    </div>
  );
}

/** "Item em Vinculacao" (spec §2): choose who the item is for, then add it to that student's bag. */
export function LinkModal({
  product,
  mode,
  students,
  selectedStudentId,
  productPath,
  newStudentReply,
  studentDataId,
}: {
  product: Product;
  mode: LinkMode;
  students: StudentLink[];
  selectedStudentId: string | null;
  productPath: string;
  /** The new-student wizard's reply to a plain post (no JavaScript). */
  newStudentReply?: NewStudentReply;
  /** ?estudante=: a listed student's data modal, shown over the list. */
  studentDataId?: string | null;
}) {
  const selected = students.find((link) => link.studentId === selectedStudentId);
  const listHref = `${productPath}?vinculo=lista${selectedStudentId ? `&aluno=${encodeURIComponent(selectedStudentId)}` : ""}`;
  const detailed = mode === "lista" && studentDataId ? students.find((link) => link.studentId === studentDataId) : undefined;
  if (detailed) return <StudentDataModal link={detailed} closeHref={listHref} />;
  const wizard = mode === "novo" || mode === "completo";
  const hidden = (
    <>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="itemTOTVSId" value={product.itemTOTVS} />
    </>
  );
  return (
    <Modal titleId="link-modal-title" closeHref={productPath} className="max-w-xl">
      <div className="flex flex-col gap-4 p-6 pt-10">
        <h2 id="link-modal-title" className="text-xl font-bold text-slate-900">Item em Vinculacao</h2>
        {wizard ? (
          <NewStudentWizard
            productPath={productPath}
            reply={mode === "novo" ? newStudentReply : undefined}
            done={mode === "completo" && selectedStudentId ? { studentId: selectedStudentId, studentName: selected?.student.nome ?? null } : undefined}
          />
        ) : (
          <ItemSummary product={product} student={selected} />
        )}
        {wizard ? null : mode === "escolha" ? (
          <div className="grid gap-3 wide:grid-cols-2">
            <Form method="post" preventScrollReset>
              {hidden}
              <button type="submit" name="intent" value="sou-aluno" className="h-full w-full rounded-xl border-2 border-slate-200 p-4 text-left hover:border-brand-500">
                <span className="block text-lg font-bold text-slate-900">Sou Aluno</span>
                <span className="text-sm text-slate-600">O produto é para mim.</span>
              </button>
            </Form>
            <Link to={`${productPath}?vinculo=lista`} replace preventScrollReset className="rounded-xl border-2 border-slate-200 p-4 hover:border-brand-500">
              <span className="block text-lg font-bold text-slate-900">Lista de Alunos</span>
              <span className="text-sm text-slate-600">Escolha um estudante vinculado à sua conta.</span>
            </Link>
          </div>
        ) : (
          <>
            <Form method="post" preventScrollReset className="flex gap-2">
              {hidden}
              <label htmlFor="ra" className="sr-only">Digite o RA do Aluno</label>
              <input id="ra" name="ra" required maxLength={20} inputMode="numeric" placeholder="Digite o RA do Aluno" className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2" />
              <button type="submit" name="intent" value="add-ra" className={primary}>Adicionar</button>
            </Form>
            <Link to={`${productPath}?${URL_STATE.link.key}=${URL_STATE.link.create}`} replace preventScrollReset className="-mt-2 self-start text-sm font-semibold text-brand-600 hover:underline">
              Adicionar aluno sem RA
            </Link>
            <section aria-labelledby="linked-title">
              <h3 id="linked-title" className="mb-2 font-bold text-slate-800">Alunos Vinculados</h3>
              {students.length === 0 ? (
                <p className="text-sm text-slate-500">Nenhum aluno vinculado no momento</p>
              ) : (
                <ul className="grid gap-2 wide:grid-cols-2">
                  {students.map((link) => (
                    <li key={link.id} className="flex flex-col gap-1">
                      <StudentCard
                        link={link}
                        selected={link.studentId === selectedStudentId}
                        selectHref={`${productPath}?vinculo=lista&aluno=${encodeURIComponent(link.studentId)}`}
                      />
                      <Link
                        to={`${listHref}&${URL_STATE.studentData.key}=${encodeURIComponent(link.studentId)}`}
                        replace
                        preventScrollReset
                        aria-label={`Ver dados de ${link.student.nome}`}
                        className="self-end text-sm font-semibold text-brand-600 hover:underline"
                      >
                        Ver dados
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <details className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <summary className="cursor-pointer font-semibold">Precisa de ajuda?</summary>
              <p className="mt-2">
                O RA (Registro Acadêmico) está no boletim, na carteirinha e no portal do aluno. Depois de adicionar o
                estudante, toque no cartão dele e em Confirmar para colocar o item no carrinho dele.
              </p>
            </details>
            <div className="flex justify-between gap-3">
              <Link to={`${productPath}?vinculo=escolha`} replace preventScrollReset className={secondary}>Voltar</Link>
              <Form method="post" preventScrollReset>
                {hidden}
                <input type="hidden" name="studentId" value={selectedStudentId ?? ""} />
                <button type="submit" name="intent" value="confirm" disabled={!selected} className={primary}>
                  Confirmar
                </button>
              </Form>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
