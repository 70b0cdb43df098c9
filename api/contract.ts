/**
 * The store API's reply shapes (spec §7), field names verbatim. The storefront's
 * client is typed by these; the bundled API builds them. Money is in reais.
 */

export interface ApiErrorBody {
  error: { message: string };
}

export interface Category {
  id: string;
  title: string;
  slug: string;
  status: "enabled" | "disabled";
  visible: boolean;
}

export interface PaymentPlan {
  maxInstallments: number;
  turnYear: boolean;
  schoolYear: number;
}

export interface Product {
  id: string;
  title: string;
  slug: string;
  description: string;
  image: string;
  itemTOTVS: number;
  categoryId: string;
  category: { id: string; title: string; slug: string };
  /** List price. */
  PRECO: number;
  /** Selling price after discount. */
  DESCONTO: number;
  /** S service (course or event), M manual product, others physical products. */
  TIPO: string;
  NOME: string;
  TURNO: string | null;
  PARCELAS: number;
  CODCOLIGADA: string;
  paymentPlan: PaymentPlan;
  seriesTOTVSID: number[];
  createdAt: string;
}

export interface HomeCategory {
  id: string;
  title: string;
  slug: string;
  products: Product[];
}

export interface HighlightBanner {
  id: string;
  title: string;
  subtitle: string;
  image: string;
  link: string;
}

export interface Highlight {
  id: number;
  title: string;
  banners: HighlightBanner[];
}

export interface Serie {
  id: number;
  CURSO: string;
  HABILITACAO: string;
  codgrade: string;
  CODPERLET: string;
}

export interface Store {
  id: number;
  name: string;
  legalName: string;
  cnpj: string;
  email: string;
  phone: string;
  address: string;
  termsContracts: string;
}

export interface PaymentMethod {
  id: number;
  code: "0" | "1" | "2";
  name: string;
}

export interface Newsletter {
  id: string;
  email: string;
}

export interface CategoriesReply {
  categories: Category[];
}
export interface CategoryReply {
  category: Category;
}
export interface ProductsReply {
  products: Product[];
}
export interface CategoryProductsReply {
  category: Category;
  products: Product[];
}
export interface HomeProductsReply {
  categories: HomeCategory[];
}
export interface HighlightReply {
  highlight: Highlight;
}
export interface SeriesReply {
  series: Serie[];
}
export interface StoreReply {
  store: Store;
}
export interface PaymentMethodsReply {
  paymentMethods: PaymentMethod[];
}
export interface NewsletterReply {
  newsletter: Newsletter;
}

/** Spec §3 Customer. Masked values are stored and answered as digits (cpf, cellPhone, zipcode). */
export interface Customer {
  id: string;
  name: string;
  email: string;
  cellPhone: string;
  cpf: string;
  /** YYYY-MM-DD */
  birthDate: string;
  zipcode: string;
  street: string;
  houseNumber: string;
  neighborhood: string;
  city: string;
  /** State abbreviation (UF), e.g. "PE". */
  state: string;
  avatar: string | null;
}

/** POST /accounts/auth-customer and PUT /customers/update-customers-password. */
export interface AuthReply {
  auth: { token: string; customer: Customer };
}
export interface CustomerReply {
  customer: Customer;
}
/** A reply that only carries a message for the person (password reset). */
export interface MessageReply {
  message: string;
}
/** GET /customers/reset-password/{token}: the link can still be used. */
export interface ResetTokenReply {
  valid: true;
}

/** Spec §3 registration payload (POST /customers/create-customer). */
export interface RegistrationPayload {
  birthDate: string;
  cellPhone: string;
  city: string;
  cpf: string;
  email: string;
  houseNumber: string | number;
  name: string;
  neighborhood: string;
  password: string;
  state: string;
  storeId: number;
  street: string;
  zipcode: string;
}

/** PUT /customers/update-customer/{customerId}/store/{storeId}. */
export interface CustomerUpdatePayload {
  name: string;
  cellPhone: string;
  zipcode: string;
  street: string;
  houseNumber: string | number;
  neighborhood: string;
  city: string;
  state: string;
  birthDate: string;
  cpf: string;
}

/** PUT /customers/update-customers-password/{customerId}/store/{storeId}. */
export interface PasswordChangePayload {
  currentPassword: string;
  newPassword: string;
  passwordConfirmation: string;
}

export type SaleStatus = "pending" | "paid" | "declined" | "cancelled" | "expired";

/** A student's part of a sale, as the sales list summarises it. */
export interface SaleBagSummary {
  id: string;
  studentName: string;
  studentRA: string | null;
  total: number;
  /** Units bought in the bag (sum of the items' quantities). */
  itemCount: number;
}

/** GET /sales/list-sale-by-customer-id/{customerId}/store/{storeId}, one entry. */
export interface Sale {
  id: string;
  referenceCode: string;
  status: SaleStatus;
  paymentMethod: { code: PaymentMethod["code"]; name: string };
  installments: number;
  subtotal: number;
  discount: number;
  total: number;
  couponCode: string | null;
  cardBrand: string | null;
  cardLastDigits: string | null;
  boletoDigitableLine: string | null;
  /** The printable boleto's address (second copy), for boleto sales. */
  boletoLink: string | null;
  /** YYYY-MM-DD */
  boletoDueDate: string | null;
  /** ISO 8601 */
  createdAt: string;
  saleBags: SaleBagSummary[];
}

export interface SalesReply {
  sales: Sale[];
}

export interface SaleBagItem {
  itemTOTVSId: number;
  title: string;
  type: string;
  quantity: number;
  unitPrice: number;
  originalUnitPrice: number;
  image: string;
  productSlug: string;
  categorySlug: string;
}

/** GET /sale-bags/list-sale-bag-by-sale-id/{saleId}/store/{storeId}, one bag. */
export interface SaleBag {
  id: string;
  saleId: string;
  studentName: string;
  studentRA: string | null;
  total: number;
  status: SaleStatus;
  items: SaleBagItem[];
}

export interface SaleBagsReply {
  saleBag: SaleBag[];
}

/** PUT /carts/finish-cart-by-customer/…: spec §7 reads finished.link, referenceCode, saleId, statusCode. */
export interface FinishCartReply {
  finished: {
    /** The boleto's page for boleto sales; null otherwise. */
    link: string | null;
    referenceCode: string;
    saleId: string;
    statusCode: Extract<SaleStatus, "paid" | "pending">;
  };
}

/** The body of the finish call (spec §7); card fields for method 1 only. */
export interface FinishCartPayload {
  paymentMethodId: number;
  acceptedTerms: boolean;
  deliveryDate: string | null;
  installments: number;
  brand?: string;
  cardNumber?: string;
  expirationDate?: string;
  cvv?: string;
  holder?: string;
}

/**
 * GET /sale-bags/check-status-sale-bag/store/{storeId}/sale/{saleId}/saleBag/{saleBagId}, no
 * auth (the public receipt): the bag and what of its sale a receipt shows, never the
 * customer's contact data.
 */
export interface PublicSaleBagReply {
  saleBag: SaleBag & {
    sale: Pick<Sale, "referenceCode" | "status" | "paymentMethod" | "installments" | "subtotal" | "discount" | "total" | "couponCode" | "cardLastDigits" | "createdAt">;
  };
}

/** GET /sales/boleto/{saleId}/store/{storeId}, no auth: what the printable boleto shows. */
export interface BoletoReply {
  boleto: {
    saleId: string;
    referenceCode: string;
    status: SaleStatus;
    amount: number;
    /** Only while the sale is pending: an expired, cancelled or paid boleto must not be paid. */
    barcode: string | null;
    digitableLine: string | null;
    /** YYYY-MM-DD */
    dueDate: string;
    payerName: string;
    payerCpf: string;
    createdAt: string;
  };
}

// Students and responsibles (spec §3 "Student link", §7 students).

export interface StudentSchoolYear {
  CODPERLET: string;
  CODCOLIGADA: string;
  deletedAt: string | null;
}

/** A school unit the student attends (from the units list, by CODCOLIGADA). */
export interface StudentAffiliate {
  CODCOLIGADA: string;
  name: string;
  id: string;
}

/** A responsible person. parentesco: 9 guardian, 7 mother, anything else father. */
export interface Responsible {
  id: string;
  nome: string;
  cpf: string;
  email: string;
  telefone1: string;
  parentesco: number;
  cep: string | null;
  cidade: string | null;
  estado: string | null;
  bairro: string | null;
  rua: string | null;
  numero: string | null;
}

export interface Student {
  id: string;
  nome: string;
  /** Enrollment number; null for a student created before enrolment. */
  RA: string | null;
  cpf: string | null;
  email: string | null;
  telefone1: string | null;
  cep: string | null;
  rua: string | null;
  numero: string | null;
  bairro: string | null;
  cidade: string | null;
  estado: string | null;
  naturalidade: string | null;
  estadonatal: string | null;
  turno: string | null;
  schoolYears: StudentSchoolYear[];
  Affiliates: StudentAffiliate[];
  Responsibles: Responsible[];
}

/** One of the customer's linked students: id is the link's id. */
export interface StudentLink {
  id: string;
  studentId: string;
  student: Student;
}

/** GET /students/list-students-by-customer/{customerId}/store/{storeId}. */
export interface StudentsReply {
  students: StudentLink[];
}

/** POST /students/add-student-to-customer and /students/already-student/…: the link. */
export interface StudentLinkReply {
  student: StudentLink;
}

/** POST /students/create-empty-student: the new student, already linked (linkId). */
export interface CreatedStudentReply {
  student: Student & { linkId: string };
}

/** POST /responsibles/create-responsible. */
export interface ResponsibleReply {
  responsible: Responsible;
}

/** POST /students/soft-delete-link-student-to-customer/…: the link that ended. */
export interface RemovedLinkReply {
  link: { id: string; studentId: string; deletedAt: string };
}

/** Spec §3 new student payload. The fixed fields are optional: the API stores its defaults. */
export interface NewStudentPayload {
  storeId: number;
  customerId: string;
  nome: string;
  dtnascimento: string;
  estadonatal: string;
  naturalidade: string;
  cpf: string;
  cep: string;
  rua: string;
  numero: string | number;
  bairro: string;
  estado: string;
  cidade: string;
  email?: string;
  telefone1?: string;
  nacionalidade?: string;
  estadocivil?: string;
  sexo?: string;
  pais?: string;
  complemento?: string;
}

/** Spec §3 responsible payload. */
export interface ResponsiblePayload {
  storeId: number;
  clientId: string;
  studentId: string;
  nome: string;
  cpf: string;
  email: string;
  telefone1: string;
  parentesco: number | string;
  cep: string;
  estado: string;
  cidade: string;
  bairro: string;
  rua: string;
  numero: string | number;
}

// Cart and coupons (spec §3 "Cart", §7 cart and coupons).

export interface CartCoupon {
  id: string;
  code: string;
  percentage: number;
}

export interface CartItem {
  cartItemid: string;
  itemTOTVSId: number;
  /** CODCOLIGADA of the unit selling the item. */
  affiliateId: string;
  quantity: number;
  /** The coupon applied to the cart (the same on every item), or null. */
  itemCouponId: string | null;
  itemCoupon: CartCoupon | null;
  paymentPlan: PaymentPlan;
  /** List price (catalogue). */
  PRECO: number;
  /** Selling price (catalogue); a coupon applies to the total at checkout, not here. */
  DESCONTO: number;
  TIPO: string;
  NOME: string;
  TURNO: string | null;
  PARCELAS: number;
  CODCOLIGADA: string;
  productImage: string;
  productSlug: string;
  category: { title: string; slug: string };
  product: {
    productId: string;
    title: string;
    slug: string;
    image: string;
    category: { title: string; slug: string };
  };
}

export interface CartBag {
  cartId: string;
  /** The student's name; null for items waiting for a student ("Selecionar estudante"). */
  name: string | null;
  studentId: string | null;
  RA: string | null;
  cartItems: CartItem[];
}

/**
 * The customer's open cart. With no cart, id and cartId are null and bags is empty.
 * version: send it back on the next write to detect a change made in another tab.
 * subtotal, discount and total follow priceCart (api/services/cart-pricing.ts).
 */
export interface Cart {
  id: string | null;
  cartId: string | null;
  affiliateId: string | null;
  version: number;
  coupon: CartCoupon | null;
  subtotal: number;
  discount: number;
  total: number;
  bags: CartBag[];
}

/** What the gestor removed since the customer last read the cart. */
export interface RemovedCartItem {
  itemTOTVSId: number;
  title: string;
}

/** Every cart call: list, add (replace), apply and remove coupon. */
export interface CartReply {
  cart: Cart;
  itemsRemoved: RemovedCartItem[];
}

/** Spec §3 "Cart as sent to the server": per bag, studentId and cartItems. */
export interface CartBagPayload {
  /** null: items not yet assigned to a student (a visitor's cart has only this bag). */
  studentId: string | null;
  cartItems: { itemTOTVSId: number; quantity: number }[];
}

/** POST /carts/client-add-item-to-cart. */
export interface CartPayload {
  affiliateId: string | number | null;
  storeId: number;
  customerId: string;
  bags: CartBagPayload[];
  /** The cart version the client last saw; a stale one answers 409. */
  version?: number;
}

/**
 * A visitor's cart (spec §6, beyond the spec's calls): the key travels in the
 * X-Guest-Cart-Key header. GET /carts/list-guest-cart/store/{storeId} answers a CartReply;
 * POST /carts/guest-add-item-to-cart replaces it (one bag, studentId null).
 */
export interface GuestCartPayload {
  storeId: number;
  bags: CartBagPayload[];
  version?: number;
}

/** What the merge at login did to the visitor's items. */
export interface GuestCartMerge {
  added: { itemTOTVSId: number; title: string; quantity: number }[];
  skipped: { itemTOTVSId: number; title: string; reason: string }[];
  /** The account's cart had a coupon and changed, so the coupon went (spec §4). */
  couponRemoved: boolean;
}

/** POST /carts/merge-guest-cart {storeId, customerId} (bearer and X-Guest-Cart-Key). */
export interface GuestCartMergeReply extends CartReply {
  merge: GuestCartMerge;
}

/** GET /items-coupons/find-by-cart-id/{cartId}/store/{storeId}: the coupons the cart may use. */
export interface ItemCouponsReply {
  itemCoupons: { id: string; coupon: CartCoupon }[];
}
