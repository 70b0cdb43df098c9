// /checkout (spec §2 routes): where the flow lands after an invalid coupon, the checkout's
// payment step again; the loader sends anything else to /compra.
export { action, default, loader, meta } from "./checkout.tsx";
