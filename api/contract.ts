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
