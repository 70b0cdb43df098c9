import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { GestorCart } from "#api/contract/gestor/carts.ts";
import { brazilDateTime } from "#core/dates.ts";
import { chosenOption } from "#core/product-options.ts";
import { centsToReais, formatBRL } from "#core/money.ts";
import { FieldErrors } from "#app/ui/form-field.tsx";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { OtherUnitMark, OtherUnitsNote } from "../other-units.tsx";
import { gestorCard, gestorDangerButton, gestorSecondaryButton, GestorTable } from "../gestor-ui.tsx";
import { DELETE_CART_CONFIRM, DELETE_CART_INTENT, deleteCartSchema, REMOVE_ITEM_INTENT } from "./cart-forms.ts";

const money = (cents: number) => formatBRL(centsToReais(cents));
const when = (iso: string) => {
  const { date, time } = brazilDateTime(iso);
  return `${date} às ${time}`;
};

/** The delete form: the box must be ticked (works without JavaScript); a refusal shows beside it. */
function DeleteCartForm({ cartId, lastResult }: { cartId: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: `excluir-${cartId}`,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteCartSchema }),
  });
  const confirm = getInputProps(fields.confirm, { type: "checkbox" });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-3 flex flex-wrap items-center gap-3">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="cartId" value={cartId} />
      <div>
        <label className="flex items-center gap-2">
          <input {...confirm} key={confirm.key} />
          {DELETE_CART_CONFIRM}
        </label>
        <FieldErrors id={fields.confirm.errorId} errors={fields.confirm.errors} />
      </div>
      <button type="submit" name="intent" value={DELETE_CART_INTENT} className={gestorDangerButton}>
        Excluir carrinho
      </button>
    </Form>
  );
}

/** One open cart: who, when, its coupon and total, its bags per student, and the gestor's two actions. */
export function GestorCartCard({
  cart,
  deleteResult,
}: {
  cart: GestorCart;
  deleteResult?: SubmissionResult<string[]>;
}) {
  const headingId = `carrinho-${cart.cartId}`;
  const lines = cart.bags.flatMap((bag) => bag.items.map((item) => ({ bag, item })));
  // A secretary's cart mixed with another unit's products (decision 0061): not hers to delete.
  const mixed = lines.some(({ item }) => item.ofOtherUnit);
  return (
    <section aria-labelledby={headingId} className={`${gestorCard} mb-4`} data-testid="gestor-cart">
      <h2 id={headingId} className="text-base font-bold text-slate-900">
        Carrinho de {cart.customer.name}
      </h2>
      <dl className="mt-2 mb-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">Cliente</dt>
        <dd>
          <Link to={GESTOR_PATHS.customer(cart.customer.id)} className="underline">
            {cart.customer.email}
          </Link>
        </dd>
        <dt className="font-semibold">Atualizado em</dt>
        <dd>{when(cart.updatedAt)}</dd>
        <dt className="font-semibold">Versão</dt>
        <dd>{cart.version}</dd>
        <dt className="font-semibold">Cupom</dt>
        <dd>{cart.coupon ? `${cart.coupon.code} (${cart.coupon.percentage}%)` : "Nenhum"}</dd>
        <dt className="font-semibold">Total</dt>
        <dd>{money(cart.totalCents)}</dd>
      </dl>
      {cart.heldBy ? (
        <p role="status" className="mb-3 rounded bg-amber-50 px-3 py-2 text-amber-900">
          Este carrinho está sendo pago agora (compra{" "}
          <Link to={`/gestor/pedidos/${cart.heldBy.saleId}`} className="font-semibold underline">
            {cart.heldBy.referenceCode}
          </Link>
          ) e não pode ser alterado.
        </p>
      ) : (
        <p className="mb-2 text-slate-600">
          Remover um produto o tira de todas as sacolas do carrinho; o cliente é avisado na próxima página que abrir.
        </p>
      )}
      <GestorTable
        caption={`Itens do carrinho de ${cart.customer.name}`}
        headers={
          cart.heldBy ? ["Estudante", "Produto", "Qtd.", "Preço"] : ["Estudante", "Produto", "Qtd.", "Preço", "Ação"]
        }
        empty={lines.length === 0 ? "O carrinho está vazio." : null}
      >
        {lines.map(({ bag, item }) => (
          <tr key={`${bag.studentId ?? "sem-estudante"}-${item.itemTOTVSId}`}>
            <td>
              {bag.studentName ?? "Aguardando estudante"}
              {bag.studentRA ? <span className="block text-xs text-slate-600">RA {bag.studentRA}</span> : null}
            </td>
            <td>
              {item.title}
              {item.optionValue ? (
                <span className="block text-xs text-slate-600" data-testid="cart-item-option">
                  {chosenOption(item.optionName, item.optionValue)}
                </span>
              ) : null}
            </td>
            <td>{item.quantity}</td>
            <td>{money(item.unitPriceCents)}</td>
            {cart.heldBy ? null : (
              <td>
                {item.ofOtherUnit ? (
                  <OtherUnitMark />
                ) : (
                  <Form method="post">
                    <AuthenticityTokenInput name="csrf" />
                    <input type="hidden" name="cartId" value={cart.cartId} />
                    <input type="hidden" name="itemTOTVSId" value={item.itemTOTVSId} />
                    <button type="submit" name="intent" value={REMOVE_ITEM_INTENT} className={gestorSecondaryButton}>
                      Remover
                      <span className="sr-only">
                        {" "}
                        {[item.title, chosenOption(item.optionName, item.optionValue)].filter(Boolean).join(", ")}
                      </span>
                    </button>
                  </Form>
                )}
              </td>
            )}
          </tr>
        ))}
      </GestorTable>
      {cart.heldBy ? null : mixed ? (
        <div className="mt-3">
          <OtherUnitsNote>
            Este carrinho também tem produtos de outra unidade: excluí-lo fica com um administrador ou o atendimento.
          </OtherUnitsNote>
        </div>
      ) : (
        <DeleteCartForm cartId={cart.cartId} lastResult={deleteResult} />
      )}
    </section>
  );
}
