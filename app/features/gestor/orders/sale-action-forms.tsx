/**
 * The sale page's actions, each a POST form that works without JavaScript, with its explicit
 * confirmation (a ticked box, or the refund's reason) checked by the same schema in the
 * browser and the action. A refused one shows its message on its own form.
 */
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { REFUND_REASON_MAX } from "#api/contract/gestor/refund-reason.ts";
import { FieldErrors, FormErrors } from "#app/ui/form-field.tsx";
import { gestorButton, gestorCard, gestorDangerButton, gestorInput, gestorLabel } from "../gestor-ui.tsx";
import { saleActionSchemas, type SaleIntent } from "./sale-actions.ts";

export interface SaleActionReply {
  intent: SaleIntent;
  result: SubmissionResult<string[]>;
}

const COPY: Record<SaleIntent, { title: string; explain: string; confirm?: string; button: string; danger: boolean }> =
  {
    "confirm-payment": {
      title: "Confirmar pagamento",
      explain:
        "Para um boleto ou Pix pago fora do gateway (no caixa do banco, por exemplo). A compra fica paga e o cliente recebe o e-mail de confirmação.",
      confirm: "Confirmo que o pagamento desta compra foi recebido.",
      button: "Confirmar pagamento",
      danger: false,
    },
    cancel: {
      title: "Cancelar compra",
      explain: "A compra não paga é cancelada na operadora e na loja; o cupom volta a valer para o cliente.",
      confirm: "Confirmo o cancelamento desta compra.",
      button: "Cancelar compra",
      danger: true,
    },
    refund: {
      title: "Estornar compra",
      explain: "Devolve o valor total pelo gateway. O motivo fica registrado na auditoria.",
      button: "Estornar compra",
      danger: true,
    },
  };

export function SaleActionForm({
  intent,
  reply,
  piecesHeld = 0,
  piecesPickedUp = [],
}: {
  intent: SaleIntent;
  reply: SaleActionReply | undefined;
  /** The refund's: pieces the sale holds, asked whether they came back to the unit (decision 0067). */
  piecesHeld?: number;
  /** The refund's: lines already picked up at the unit, which it does not give back (issue 30). */
  piecesPickedUp?: readonly string[];
}) {
  const copy = COPY[intent];
  const [form, fields] = useForm<{ intent: string; confirm?: string; reason?: string; piecesReturned?: string }>({
    id: `venda-${intent}`,
    lastResult: reply?.intent === intent ? reply.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: saleActionSchemas[intent] }),
  });
  const headingId = `${form.id}-titulo`;
  return (
    <section aria-labelledby={headingId} className={gestorCard}>
      <h3 id={headingId} className="font-bold text-slate-900">
        {copy.title}
      </h3>
      <p className="mt-1 mb-3 text-slate-700">{copy.explain}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-3">
        <AuthenticityTokenInput name="csrf" />
        <FormErrors id={form.errorId} errors={form.errors} />
        {intent !== "refund" ? (
          <div>
            <label className="flex items-start gap-2">
              <input {...getInputProps(fields.confirm, { type: "checkbox", value: "on" })} key={fields.confirm.key} />
              <span>{copy.confirm}</span>
            </label>
            <FieldErrors id={fields.confirm.errorId} errors={fields.confirm.errors} />
          </div>
        ) : null}
        {intent === "refund" ? (
          <div>
            <label htmlFor={fields.reason.id} className={gestorLabel}>
              Motivo do estorno
            </label>
            <textarea
              {...getTextareaProps(fields.reason)}
              key={fields.reason.key}
              rows={3}
              maxLength={REFUND_REASON_MAX}
              className={gestorInput}
            />
            <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
          </div>
        ) : null}
        {intent === "refund" && piecesPickedUp.length > 0 ? (
          <p className="text-slate-700" data-testid="refund-picked-up">
            Itens já retirados: {piecesPickedUp.join(", ")}. O estorno não os devolve ao estoque.
          </p>
        ) : null}
        {intent === "refund" && piecesHeld > 0 ? (
          <label className="flex items-start gap-2">
            <input
              {...getInputProps(fields.piecesReturned, { type: "checkbox", value: "on" })}
              key={fields.piecesReturned.key}
            />
            <span>
              {piecesHeld === 1 ? "A peça desta compra voltou" : `As ${piecesHeld} peças desta compra voltaram`} ao
              estoque da unidade (sem marcar, o estoque não muda; as vagas de cursos sempre voltam).
            </span>
          </label>
        ) : null}
        <div>
          <button
            type="submit"
            name="intent"
            value={intent}
            className={copy.danger ? gestorDangerButton : gestorButton}
          >
            {copy.button}
          </button>
        </div>
      </Form>
    </section>
  );
}
