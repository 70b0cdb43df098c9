import type { SubmissionResult } from "@conform-to/react";
import { CouponForm } from "#app/features/gestor/coupons/coupon-form.tsx";
import { createCouponAction, newCouponPage } from "#app/features/gestor/coupons/coupons.server.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import type { Route } from "./+types/coupon-new";

export const meta = () => [{ title: "Novo cupom | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => newCouponPage(request);

export const action = ({ request }: Route.ActionArgs) => createCouponAction(request);

export default function NewCoupon({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as { result?: SubmissionResult<string[]> } | undefined;
  return (
    <>
      <GestorPageHeader title="Novo cupom" />
      <CouponForm
        categories={loaderData.categories}
        unitChoices={loaderData.unitChoices}
        today={loaderData.today}
        result={reply?.result}
        submitLabel="Criar cupom"
      />
    </>
  );
}
