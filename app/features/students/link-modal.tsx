import type { Product, ProductVariant } from "#api/contract/catalogue.ts";
import type { StudentLink } from "#api/contract/students.ts";
import { PriceBlock } from "#app/features/catalogue/price-block.tsx";
import { priceView } from "#core/price-view.ts";
import { useUnitName } from "#app/lib/school-units.ts";
import { PRODUCT_NAME_LIMIT, truncate } from "#core/text.ts";
import { Modal } from "#app/ui/modal.tsx";
import type { LinkMode } from "./link-mode.ts";
import { chooserDialog, StudentChooser, type StudentChooserReply } from "./student-chooser.tsx";
import { chosenOption } from "#core/product-options.ts";

function ItemSummary({
  product,
  option,
  installments,
  student,
}: {
  product: Product;
  option: ProductVariant | null;
  installments: number;
  student?: StudentLink;
}) {
  // A size with its own prices is priced by them (decision 0066).
  const price = priceView(
    option
      ? { ...product, PRECO: option.PRECO ?? product.PRECO, DESCONTO: option.DESCONTO ?? product.DESCONTO }
      : product,
    installments,
  );
  const unitName = useUnitName();
  return (
    <div className="flex gap-3 rounded-xl bg-slate-50 p-3" data-testid="link-item-summary">
      <img src={product.image} alt="" width={72} height={72} className="h-18 w-18 rounded-lg object-cover" />
      <div className="text-sm">
        <p className="font-bold text-slate-900">{truncate(product.title, PRODUCT_NAME_LIMIT)}</p>
        {option ? (
          <p className="text-slate-700" data-testid="link-item-option">
            {chosenOption(product.optionName, option.value)}
          </p>
        ) : null}
        {product.TIPO === "S" || product.TIPO === "M" ? (
          <p className="text-slate-600">{unitName(product.CODCOLIGADA)}</p>
        ) : null}
        {student ? <p className="text-slate-600">Estudante: {student.student.nome}</p> : null}
        <PriceBlock price={price} freeText="Este produto/serviço é grátis" testId="link-item-price" />
      </div>
    </div>
  );
}

/** The link modal, "Item em Vinculacao" (spec §2): choose who the item is for, then add it to that student's bag. */
export function LinkModal({
  product,
  option = null,
  installments,
  mode,
  students,
  selectedStudentId,
  productPath,
  reply,
  studentDataId,
  removeLinkId,
}: {
  product: Product;
  /** The size chosen in the page's "Comprar" form (?opcao=, decision 0066); null: none. */
  option?: ProductVariant | null;
  /** What the product alone is paid in today (productInstallments, from the loader). */
  installments: number;
  mode: LinkMode;
  students: StudentLink[];
  selectedStudentId: string | null;
  productPath: string;
  /** The action's reply that shows a chooser's form again (no JavaScript, or the RA form). */
  reply?: StudentChooserReply;
  /** ?estudante=: a listed student's data modal, shown over the list. */
  studentDataId?: string | null;
  /** ?remover=: a listed student's remove-link confirmation (spec §5). */
  removeLinkId?: string | null;
}) {
  const selected = students.find((link) => link.studentId === selectedStudentId);
  // One dialog at a time: a card's dialog replaces the link modal until it closes.
  const dialog =
    mode === "lista"
      ? chooserDialog({ basePath: productPath, students, selectedStudentId, studentDataId, removeLinkId })
      : null;
  if (dialog) return dialog;
  const wizard = mode === "novo" || mode === "completo";
  return (
    <Modal titleId="link-modal-title" closeHref={productPath} className="max-w-xl">
      <div className="flex flex-col gap-4 p-6 pt-10">
        {/* Spec §2 names this modal "Item em Vinculacao"; its title asks the question it is for
            (issue 25 point 4). */}
        <h2 id="link-modal-title" className="text-xl font-bold text-slate-900">
          Para qual estudante é este item?
        </h2>
        {wizard ? null : (
          <ItemSummary product={product} option={option} installments={installments} student={selected} />
        )}
        <StudentChooser
          basePath={productPath}
          mode={mode}
          students={students}
          selectedStudentId={selectedStudentId}
          itemTOTVSId={option?.itemTOTVSId ?? product.itemTOTVS}
          reply={reply}
        />
      </div>
    </Modal>
  );
}
