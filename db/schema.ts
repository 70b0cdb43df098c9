/**
 * The database as Kysely sees it. Column names are snake_case; money is integer
 * centavos; ids that can reach a public URL are random UUIDs (text).
 * Booleans are stored as integers 0/1 so SQLite and PostgreSQL read them alike.
 */
import type { DeliveryEventKind, GoodsDeliveryState } from "#core/delivery.ts";
import type { SaleStatus } from "#core/sale-status.ts";
import type { PaymentMethodCode } from "#core/payment-methods.ts";
import type { ColumnType, Generated } from "kysely";

export interface Database {
  stores: StoreTable;
  categories: CategoryTable;
  products: ProductTable;
  product_series: ProductSeriesTable;
  series: SeriesTable;
  school_units: SchoolUnitTable;
  integration_keys: IntegrationKeyTable;
  staff_units: StaffUnitTable;
  highlights: HighlightTable;
  highlight_banners: HighlightBannerTable;
  product_images: ProductImageTable;
  newsletters: NewsletterTable;
  payment_methods: PaymentMethodTable;
  customers: CustomerTable;
  students: StudentTable;
  student_school_years: StudentSchoolYearTable;
  responsibles: ResponsibleTable;
  customer_students: CustomerStudentTable;
  roster_uploads: RosterUploadTable;
  student_consents: StudentConsentTable;
  coupons: CouponTable;
  rate_limits: RateLimitTable;
  login_throttles: LoginThrottleTable;
  customer_tokens: CustomerTokenTable;
  password_resets: PasswordResetTable;
  sales: SaleTable;
  sale_bags: SaleBagTable;
  sale_bag_items: SaleBagItemTable;
  carts: CartTable;
  cart_bags: CartBagTable;
  cart_items: CartItemTable;
  cart_removals: CartRemovalTable;
  coupon_uses: CouponUseTable;
  coupon_units: CouponUnitTable;
  coupon_categories: CouponCategoryTable;
  mail_outbox: MailOutboxTable;
  sandbox_payments: SandboxPaymentTable;
  job_locks: JobLockTable;
  server_secrets: ServerSecretTable;
  support_tickets: SupportTicketTable;
  support_ticket_counters: SupportTicketCounterTable;
  support_ticket_replies: SupportTicketReplyTable;
  staff: StaffTable;
  staff_sessions: StaffSessionTable;
  staff_password_links: StaffPasswordLinkTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  audit_log: AuditLogTable;
  sale_status_changes: SaleStatusChangeTable;
  catalogue_version: CatalogueVersionTable;
  shopper_versions: ShopperVersionTable;
  product_variants: ProductVariantTable;
  stock_levels: StockLevelTable;
  stock_movements: StockMovementTable;
  stock_alerts: StockAlertTable;
  waiting_list_entries: WaitingListEntryTable;
  material_lists: MaterialListTable;
  material_list_lines: MaterialListLineTable;
  pickup_handovers: PickupHandoverTable;
  delivery_events: DeliveryEventTable;
  customer_pickup_people: CustomerPickupPersonTable;
  whatsapp_messages: WhatsappMessageTable;
  message_reminders: MessageReminderTable;
}

/** A member of the school's staff (the gestor area; never a customer). Times are ISO strings. */
export interface StaffTable {
  id: string;
  email: string;
  name: string;
  /** A StaffRole: "admin" or "atendimento". */
  role: string;
  password_hash: string | null;
  totp_secret: string | null;
  totp_enabled_at: string | null;
  totp_last_step: number | null;
  created_at: string;
  deactivated_at: string | null;
}

/** A staff login: only the SHA-256 of its token is stored. */
export interface StaffSessionTable {
  id: string;
  staff_id: string;
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  mfa_passed_at: string | null;
  address: string | null;
}

/** A one-time link to set a password: an invitation or an admin's reset. */
export interface StaffPasswordLinkTable {
  id: string;
  staff_id: string;
  token_hash: string;
  purpose: "convite" | "redefinicao";
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface StaffRecoveryCodeTable {
  id: string;
  staff_id: string;
  code_hash: string;
  used_at: string | null;
}

/** One staff action, append-only (triggers refuse UPDATE and DELETE). */
export interface AuditLogTable {
  id: string;
  at: string;
  actor_kind: "staff" | "cli" | "integration";
  staff_id: string | null;
  actor_label: string;
  action: string;
  target_type: string;
  target_id: string | null;
  summary: string;
  before_json: string | null;
  after_json: string | null;
  address: string | null;
}

/**
 * An e-mail waiting to be sent, or sent (docs/decisions/0020-mail-outbox.md). Times are ISO
 * strings. The bodies are emptied once the message is sent: a reset link is a secret.
 */
export interface MailOutboxTable {
  id: string;
  /** What the message reports: a MailKind (api/mail/mail-outbox.ts). */
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: string;
  /** Sends tried so far, counted when a worker claims the message. */
  attempts: number;
  /** Not claimed before this time (the backoff after a failure). */
  next_attempt_at: string;
  /** A worker's lease: another worker leaves the message alone until then. */
  claimed_until: string | null;
  /** Which claim holds the lease: only that worker may mark the message sent. */
  claim_token: string | null;
  sent_at: string | null;
  /** Set after the last attempt failed: the message is not tried again. */
  failed_at: string | null;
  /** The last failure's error name or SMTP code, never its message. */
  last_error: string | null;
  /** Whom and what the e-mail is about, for the gestor's lists (migration 0045); null when neither. */
  customer_id: string | null;
  sale_id: string | null;
}

/** A customer's bearer token (login), valid 24 hours unless revoked. */
export interface CustomerTokenTable {
  id: string;
  customer_id: string;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** A single-use password-reset link, valid 1 hour. */
export interface PasswordResetTable {
  id: string;
  customer_id: string;
  /** SHA-256 (hex) of the link's token. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RateLimitTable {
  /** "{limit name}:{subject}", e.g. "newsletter:203.0.113.9". */
  key: string;
  /** Epoch milliseconds when the current window began. */
  window_started_at: number;
  hits: number;
}

/** Failed logins of one account from one address: the delay before the next try grows with them. */
export interface LoginThrottleTable {
  /** "{storeId}:{e-mail}:{address}". */
  key: string;
  /** Failures since the last success (or since a day without any). */
  failures: number;
  /** Epoch milliseconds. */
  last_failed_at: number;
  /** Epoch milliseconds before which this pair may not try again (0: free). */
  blocked_until: number;
}

export interface StoreTable {
  id: number;
  name: string;
  legal_name: string;
  cnpj: string;
  email: string;
  phone: string;
  address: string;
  terms_contracts: string;
  created_at: string;
}

export interface CategoryTable {
  id: string;
  store_id: number;
  title: string;
  slug: string;
  status: "enabled" | "disabled";
  visible: number;
  position: number;
  /** One of spec §9's icon keys (CATEGORY_ICON_KEYS); null: the icon of the slug (0032). */
  icon: string | null;
  /** The category's section on the home page, from 1; null: not on the home. */
  home_position: number | null;
  /** The section's heading and its label in the home's menu; null: the category's title. */
  home_heading: string | null;
  home_menu_label: string | null;
  created_at: string;
}

export interface ProductTable {
  id: string;
  store_id: number;
  category_id: string;
  item_totvs_id: number;
  title: string;
  slug: string;
  description: string;
  /** The title, lower case without accents, for portable LIKE search. */
  search_text: string;
  image: string;
  /** PRECO: list price, in centavos. */
  price_cents: number;
  /** DESCONTO: selling price after discount, in centavos. */
  sale_price_cents: number;
  /** TIPO: S service (course or event), M manual product, P physical product. */
  type: string;
  /** PARCELAS: instalments allowed when bought alone. */
  installments: number;
  /** TURNO: Manhã, Tarde, Integral or Noite; null when it does not apply. */
  shift: string | null;
  /** CODCOLIGADA: the school unit that sells it. */
  unit_code: string;
  max_installments: number;
  turn_year: number;
  school_year: number;
  status: "enabled" | "disabled";
  visible: number;
  created_at: string;
  /** The option its variants differ by ("Tamanho"); null: no variants (0039). */
  option_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The measurements table as JSON `{ "columns": [..], "rows": [[..]] }`; null: none. */
  size_chart: ColumnType<string | null, string | null | undefined, string | null>;
  /** Seats of a course or event (TIPO S); null: unlimited. */
  capacity: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * One option of a product ("M" of "Tamanho"), sold under its own item code (0039; decision
 * 0067). An item code is a product's or a variant's in a store, never both.
 */
export interface ProductVariantTable {
  id: string;
  store_id: number;
  product_id: string;
  item_totvs_id: number;
  value: string;
  position: number;
  /** PRECO of this option; null: the product's. */
  price_cents: number | null;
  /** DESCONTO of this option; null: the product's. */
  sale_price_cents: number | null;
  active: ColumnType<number, number | undefined, number>;
  created_at: string;
}

/**
 * What can still be sold of an item code in a unit: pieces, or free seats of a course
 * (0039; decision 0067). No row: not tracked. Never below zero (CHECK).
 */
export interface StockLevelTable {
  store_id: number;
  unit_code: string;
  item_totvs_id: number;
  available: number;
  updated_at: string;
}

/** The ledger of stock_levels: one row per change of `available`, in the same transaction. */
export interface StockMovementTable {
  id: string;
  store_id: number;
  unit_code: string;
  item_totvs_id: number;
  delta: number;
  reason: StockMovementReason;
  sale_id: string | null;
  staff_id: string | null;
  note: string | null;
  at: string;
}

export type StockMovementReason =
  | "sale"
  | "release"
  | "retake"
  | "adjust"
  | "import"
  | "capacity"
  | "seat_offer"
  /** A size swapped at the unit (issue 30): the piece given back and the one handed over. */
  | "exchange";

/**
 * "Avise-me quando chegar" (0040): an e-mail waiting for a sold-out item code of a unit; one
 * pending per (store, item, e-mail). Personal data: "Excluir minha conta" deletes the account's.
 */
export interface StockAlertTable {
  id: string;
  store_id: number;
  unit_code: string;
  item_totvs_id: number;
  email: string;
  /** The logged-in customer who asked; null: a visitor who typed the address. */
  customer_id: string | null;
  /** When the address's owner agreed to the e-mail (the visitor's checkbox, or the logged-in request). */
  consent_at: string;
  /** The storefront's address the alert was asked from (ApiDeps.publicUrl): the e-mail's link base. */
  storefront_url: string;
  created_at: string;
  /** When its e-mail was queued; null: still waiting. */
  notified_at: string | null;
}

export interface ProductSeriesTable {
  product_id: string;
  serie_id: number;
}

export interface SeriesTable {
  /** SQLite's rowid; PostgreSQL's sequence since 0035: an insert needs none. */
  id: Generated<number>;
  store_id: number;
  /** CURSO: course or level, e.g. "Ensino Fundamental I". */
  course: string;
  /** HABILITACAO: the grade name, e.g. "3º Ano". */
  grade_name: string;
  codgrade: string;
  /** CODPERLET: school period code, year followed by 00. */
  period_code: string;
  position: number;
  /** When the gestor last changed the grade (0035); null: not changed since it was written. */
  updated_at: string | null;
}

/** A unit of the school network (0034): its CODCOLIGADA, where it is and how to reach it. */
export interface SchoolUnitTable {
  store_id: number;
  /** CODCOLIGADA, as the school's ERP writes it ("1", "13"). */
  code: string;
  name: string;
  address: string;
  /** "Recife - PE". */
  city: string;
  phone: string;
  email: string;
  /** When orders can be picked up, as the secretary writes it; null: not informed. */
  pickup_hours: string | null;
  /** 1: shown to customers and offered in forms; 0: kept for old orders' codes. */
  active: number;
  /** Order in lists, from 1. */
  position: number;
  created_at: string;
  updated_at: string;
}

export interface HighlightTable {
  id: number;
  store_id: number;
  title: string;
  status: "enabled" | "disabled";
  visible: number;
}

/** An image uploaded in the gestor area (0032): never changed, so its address is cached for good. */
export interface ProductImageTable {
  id: string;
  content_type: string;
  data: Uint8Array;
  byte_size: number;
  created_at: string;
}

/** A roster (or grades) file previewed and waiting to be applied (0036), kept 24 h. */
export interface RosterUploadTable {
  id: string;
  store_id: number;
  kind: "alunos" | "series";
  staff_id: string | null;
  file_name: string;
  /** Hex SHA-256 of the file's bytes: the apply call names it, so it applies what was previewed. */
  sha256: string;
  csv_gzip: Uint8Array;
  row_count: number;
  created_at: string;
  expires_at: string;
  applied_at: string | null;
}

export interface HighlightBannerTable {
  id: string;
  highlight_id: number;
  title: string;
  subtitle: string;
  image: string;
  link: string;
  position: number;
}

/** A message sent through "Fale conosco" on /atendimento (docs/decisions/0023-support-tickets.md). */
export interface SupportTicketTable {
  id: string;
  store_id: number;
  /** "2026-000123": the year in the store's time zone and the year's sequence. */
  protocol: string;
  /** The sender's account when logged in; null for a visitor. */
  customer_id: string | null;
  name: string;
  email: string;
  /** Digits only. */
  phone: string | null;
  ra: string | null;
  /** CODCOLIGADA of the unit the ticket concerns, when known (migration 0038): a secretary's scope. */
  unit_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** A SupportSubject: "pedido", "pagamento", "matricula" or "outro". */
  subject: string;
  message: string;
  /** "aberto", "respondido" (a reply sent from the gestor area) or "fechado". */
  status: Generated<string>;
  created_at: string;
  /** The last reply, close or reopen; null while untouched. */
  updated_at: string | null;
}

/** A reply a staff member sent from the gestor area (e-mailed to the sender). */
export interface SupportTicketReplyTable {
  id: string;
  ticket_id: string;
  staff_id: string;
  /** The staff member's name when the reply was sent. */
  staff_name: string;
  message: string;
  created_at: string;
}

/** The last protocol number handed out in a year. */
export interface SupportTicketCounterTable {
  year: number;
  last_number: number;
}

export interface NewsletterTable {
  id: string;
  store_id: number;
  email: string;
  created_at: string;
}

export interface PaymentMethodTable {
  id: number;
  /** A PaymentMethodCode (spec §9). */
  code: string;
  name: string;
}

export interface CustomerTable {
  id: string;
  store_id: number;
  name: string;
  email: string;
  password_hash: string;
  cpf: string;
  cell_phone: string;
  birth_date: string;
  zipcode: string;
  street: string;
  house_number: string;
  /** "Apto 101, Bloco B": optional, empty when none (migration 0033). */
  complement: Generated<string>;
  neighborhood: string;
  city: string;
  state: string;
  avatar: string | null;
  created_at: string;
  /** Set when the customer deleted the account: the row is then emptied of personal data (0016). */
  deleted_at: string | null;
  /** When the customer opted in to WhatsApp messages; null when never or withdrawn (migration 0045). */
  whatsapp_consent_at: string | null;
  /** Where they opted in: 'cadastro', 'conta' or 'checkout' (api/contract/messages.ts). */
  whatsapp_consent_source: string | null;
}

export interface StudentTable {
  id: string;
  store_id: number;
  /** RA: enrollment number; null for a student created before enrolment. */
  ra: string | null;
  nome: string;
  cpf: string | null;
  email: string | null;
  telefone1: string | null;
  dtnascimento: string | null;
  nacionalidade: string;
  naturalidade: string | null;
  estadonatal: string | null;
  estadocivil: string;
  sexo: string;
  cep: string | null;
  rua: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  estado: string | null;
  pais: string;
  /** School period (TURNO) the student attends. */
  turno: string | null;
  created_at: string;
  /** SHA-256 of the roster row last applied (0036): the same row again writes nothing. */
  roster_hash: string | null;
  roster_updated_at: string | null;
}

/** The enrolment: one per student and school period (unique since 0036). */
export interface StudentSchoolYearTable {
  id: string;
  student_id: string;
  codperlet: string;
  codcoligada: string;
  /** Spec §3 schoolYears[].deletedAt: set when the student is not enrolled in that period. */
  deleted_at: string | null;
  /** The grade of the period (series.codgrade), the class (TURMA) and the shift (TURNO). */
  codgrade: string | null;
  turma: string | null;
  turno: string | null;
  updated_at: string | null;
}

export interface ResponsibleTable {
  id: string;
  student_id: string;
  nome: string;
  cpf: string;
  email: string;
  telefone1: string;
  /** 7 mother, 9 guardian, anything else father. */
  parentesco: number;
  cep: string | null;
  cidade: string | null;
  estado: string | null;
  bairro: string | null;
  rua: string | null;
  numero: string | null;
  /** 'escola': from the school's roster (replaced by each import); 'cliente': typed by a parent. */
  source: Generated<"cliente" | "escola">;
  /** The roster row's responsible 1 or 2; null for a parent's. */
  roster_slot: number | null;
}

export interface CustomerStudentTable {
  id: string;
  customer_id: string;
  student_id: string;
  created_at: string;
  deleted_at: string | null;
  /** 1 for the customer's own record ("Sou Aluno", docs/decisions/0043): not one of their students. */
  is_self: Generated<number>;
}

/** A responsible adult's consent to keep a student's data (LGPD art. 14, docs/decisions/0013). */
export interface StudentConsentTable {
  id: string;
  customer_id: string;
  student_id: string;
  /** What the consent was given for: "link-ra" or "create-student". */
  purpose: "link-ra" | "create-student";
  /** The version of the text accepted (core/student-consent.ts keeps every version's text). */
  text_version: string;
  accepted_at: string;
}

export interface CouponTable {
  id: string;
  store_id: number;
  code: string;
  percentage: number;
  starts_at: string;
  ends_at: string;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  status: "enabled" | "disabled";
  created_at: string;
}

export type { PaymentMethodCode, SaleStatus };

/** A finished purchase (spec §7 sales). Money in centavos. */
export interface SaleTable {
  id: string;
  store_id: number;
  customer_id: string;
  /** The cart the sale came from; null once that cart is gone. */
  cart_id: string | null;
  payment_method_code: PaymentMethodCode;
  installments: number;
  status: SaleStatus;
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
  coupon_code: string | null;
  card_brand: string | null;
  card_last4: string | null;
  boleto_barcode: string | null;
  boleto_digitable_line: string | null;
  /** YYYY-MM-DD */
  boleto_due_date: string | null;
  /** The acquirer's printable boleto (Mercado Pago's PDF); null for the sandbox's, printed by the store. Optional on insert (0013). */
  boleto_pdf_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** The code the customer and the school quote; unique per store. */
  reference_code: string;
  /** The payment gateway's id of the charge. */
  gateway_transaction_id: string | null;
  /** When the payment was confirmed. */
  paid_at: string | null;
  /** 1 + the cart's earlier declined attempts (docs/decisions/0018-payment-flow.md). */
  attempt: Generated<number>;
  /** The acquirer's idempotency key: a digest of the cart and the attempt, so a retry reuses it. */
  idempotency_key: string | null;
  /** While "processing": a request is charging the sale until then; null when none is. */
  charging_until: string | null;
  /** A Pix sale's "copia e cola" BR Code, as the acquirer issued it (docs/decisions/0022-pix.md). */
  pix_copy_paste: string | null;
  /** ISO instant after which the Pix code can no longer be paid. */
  pix_expires_at: string | null;
  /**
   * When the reconciliation may next ask the acquirer about the sale; null: at its next run
   * (0015; docs/decisions/0018-payment-flow.md). Optional on insert.
   */
  next_check_at: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * What the acquirer reported that the store could not apply, for the gestor (money for an
   * attempt already declined), in Portuguese; null when nothing. Optional on insert (0015).
   */
  acquirer_alert: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * A card sale paid on the acquirer's hosted page: its address and when it stops taking
   * payments (ISO instant; 0016). Optional on insert.
   */
  hosted_checkout_url: ColumnType<string | null, string | null | undefined, string | null>;
  hosted_checkout_expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why a declined attempt was declined, in Portuguese, as the customer was told (0016). Optional on insert. */
  decline_message: ColumnType<string | null, string | null | undefined, string | null>;
  /** The material lists' discounts granted at purchase (0043), apart from the coupon's discount_cents. */
  list_discount_cents: ColumnType<number, number | undefined, number>;
  /**
   * The code the family shows at the unit to pick up (0044; docs/decisions/0076); unique per
   * store; null: a sale of courses and events only. Optional on insert.
   */
  pickup_code: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** A change of a sale's status, written by a trigger on sales (migration 0021); never by the code. */
export interface SaleStatusChangeTable {
  id: Generated<number>;
  sale_id: string;
  from_status: SaleStatus;
  to_status: SaleStatus;
  /** The sale's updated_at at the change (ISO). */
  at: string;
}

/** One student's part of a sale (spec §7 sale bags). */
export interface SaleBagTable {
  id: string;
  sale_id: string;
  student_id: string | null;
  /** Copied at purchase time, like every display field below. */
  student_name: string;
  student_ra: string | null;
  total_cents: number;
  status: SaleStatus;
  /** "Lista completa" discount of this bag at purchase (0043); 0: none. total_cents is before it. */
  list_discount_cents: ColumnType<number, number | undefined, number>;
  /** The list whose discount it is ("Lista de material — 6º Ano 2026"); null: none. */
  material_list_title: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A line of a sale bag, a snapshot of the product as it was sold. */
export interface SaleBagItemTable {
  id: string;
  sale_bag_id: string;
  product_id: string | null;
  item_totvs_id: number;
  title: string;
  /** TIPO: S, M or P. */
  type: string;
  /** CODCOLIGADA of the school unit that sold it. */
  unit_code: string;
  quantity: number;
  /** DESCONTO at purchase time. */
  unit_price_cents: number;
  /** PRECO at purchase time. */
  original_unit_price_cents: number;
  image: string;
  product_slug: string;
  category_slug: string;
  /** The product's option name and the variant's value at purchase ("Tamanho", "M"); 0039. */
  option_name: ColumnType<string | null, string | null | undefined, string | null>;
  option_value: ColumnType<string | null, string | null | undefined, string | null>;
  /** Pieces or seats this line took from stock_levels (0: untracked). */
  stock_taken: ColumnType<number, number | undefined, number>;
  /** When the line's stock was given back; null: still held (or nothing taken). */
  stock_returned_at: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Where a line of goods is on its way to the family (0044; docs/decisions/0075): only a paid
   * sale's lines are in the flow. Courses and events stay "awaiting" here ("Vaga confirmada").
   */
  delivery_state: ColumnType<GoodsDeliveryState, GoodsDeliveryState | undefined, GoodsDeliveryState>;
  /** When the line entered its state; null: since the sale was paid. */
  delivery_state_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The handing over that gave it to the family; null: not picked up. */
  handover_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** An event's (or course's) check-in at the door, and the staff member who checked it. */
  checked_in_at: ColumnType<string | null, string | null | undefined, string | null>;
  checked_in_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One handing over at a unit's counter (0044): who received, who handed over, when. */
export interface PickupHandoverTable {
  id: string;
  sale_id: string;
  unit_code: string;
  /** As shown at the counter: the account holder or a person they named (customer_pickup_people). */
  received_by_name: string;
  /** 11 digits. */
  received_by_cpf: string;
  staff_id: string;
  at: string;
}

/** A sale line's delivery history (0044): each move, exchange and check-in. */
export interface DeliveryEventTable {
  id: string;
  store_id: number;
  sale_id: string;
  sale_bag_item_id: string;
  kind: DeliveryEventKind;
  from_state: GoodsDeliveryState | null;
  to_state: GoodsDeliveryState | null;
  staff_id: string | null;
  handover_id: string | null;
  /** "Tamanho M → G" for an exchange; null otherwise. */
  note: string | null;
  at: string;
}

/** A person an account names to pick up its orders at the unit (0044), in /conta. */
export interface CustomerPickupPersonTable {
  id: string;
  customer_id: string;
  name: string;
  /** 11 digits, unique per account. */
  cpf: string;
  created_at: string;
}

/**
 * A customer's cart (spec §3). At most one open cart (not deleted, not finished) per
 * customer and store. `version` grows by one on every write, for optimistic concurrency.
 */
export interface CartTable {
  id: string;
  store_id: number;
  /** The customer's cart; null for a visitor's (spec §6). */
  customer_id: string | null;
  /** SHA-256 (hex) of a visitor's cart key; null for a customer's cart. */
  guest_key_hash: string | null;
  /** The cart's school unit code (CODCOLIGADA), or null. */
  affiliate_id: string | null;
  /** The coupon applied to the whole cart, if any. */
  coupon_id: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  /** Set when the gestor deletes the cart. */
  deleted_at: string | null;
  /** Set by the checkout when the cart becomes a sale. */
  finished_at: string | null;
}

/** One student's part of a cart. */
export interface CartBagTable {
  id: string;
  cart_id: string;
  /** Null for items waiting for a student (a visitor's cart, merged at login). */
  student_id: string | null;
  /** Order of the bags as the customer sent them. */
  position: number;
  created_at: string;
  /** The material list the bag was filled from (0043): its "Lista completa" discount may apply; null: none. */
  material_list_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A line of a bag. Prices are never stored here: they are read from the catalogue. */
export interface CartItemTable {
  id: string;
  bag_id: string;
  product_id: string;
  item_totvs_id: number;
  quantity: number;
  position: number;
  created_at: string;
}

/** What the gestor removed from a cart, kept for the customer's notice (spec §8). */
export interface CartRemovalTable {
  id: string;
  cart_id: string;
  customer_id: string;
  item_totvs_id: number;
  title: string;
  removed_at: string;
  /**
   * When the customer acknowledged the notice: a page showed it (docs/decisions/0007). Until
   * then every cart reply lists the removal, so a read that is not shown cannot lose it.
   */
  reported_at: string | null;
}

/** A coupon limited to some school units (none: every unit). */
export interface CouponUnitTable {
  coupon_id: string;
  unit_code: string;
}

/** A coupon limited to some categories (none: every category). */
export interface CouponCategoryTable {
  coupon_id: string;
  category_id: string;
}

/** One purchase that used a coupon (written by the checkout); counted for the limits. */
export interface CouponUseTable {
  id: string;
  coupon_id: string;
  customer_id: string;
  sale_id: string | null;
  created_at: string;
}

/**
 * The sandbox gateway's own ledger (api/payments/sandbox-gateway.ts), as an acquirer keeps one:
 * one payment per idempotency key. Never a card number or security code.
 */
export interface SandboxPaymentTable {
  idempotency_key: string;
  sale_id: string;
  transaction_id: string;
  method: string;
  status: string;
  amount_cents: number;
  message: string | null;
  card_brand: string | null;
  card_last4: string | null;
  boleto_barcode: string | null;
  boleto_digitable_line: string | null;
  boleto_due_date: string | null;
  pix_copy_paste: string | null;
  pix_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A secret the servers share (0026): "session", the root of the signing keys when SESSION_SECRET is unset on PostgreSQL. */
export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: string;
}

/** A periodic job's lock (api/job-locks.ts): one server of many runs it at a time. */
export interface JobLockTable {
  name: string;
  holder: string;
  /** ISO instant; a holder that crashed loses the lock then. */
  locked_until: string;
}

/** One row (id 1): bumped by triggers on every catalogue change (migration 0027, decision 0036). */
/** A customer's version, bumped by triggers on their cart and tokens (migration 0046, decision 0086). */
export interface ShopperVersionTable {
  customer_id: string;
  version: number;
}

export interface CatalogueVersionTable {
  id: number;
  version: number;
}

/** A key the school's ERP syncs the roster and grades with (migration 0037; decision 0060). */
export interface IntegrationKeyTable {
  id: string;
  store_id: number;
  label: string;
  /** SHA-256 (hex) of the secret; the secret itself is shown once and never kept. */
  token_hash: string;
  /** The secret's last 4 characters. */
  token_hint: string;
  /** Comma list of `IntegrationScope`s: "roster,grades". */
  scopes: string;
  created_by: string | null;
  created_at: string;
  last_used_at: string | null;
  last_used_address: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

/** A secretary's units (migration 0038; decision 0061). */
export interface StaffUnitTable {
  staff_id: string;
  unit_code: string;
}

/** Where a parent stands in a full class's waiting list (0041; docs/decisions/0070-waiting-list.md). */
export type WaitingListStatus = "waiting" | "offered" | "converted" | "expired" | "left";

/**
 * A parent waiting for a seat of a course's item code in a unit (0041). Personal data: "Excluir
 * minha conta" deletes the account's entries.
 */
export interface WaitingListEntryTable {
  id: string;
  store_id: number;
  unit_code: string;
  item_totvs_id: number;
  /** The customer who joined, or who opened the offer's link logged in; null: a visitor's address. */
  customer_id: string | null;
  email: string;
  /** When the address's owner agreed to the e-mail (the visitor's checkbox, or the logged-in request). */
  consent_at: string;
  /** The storefront's address the parent joined from: the offer link's base. */
  storefront_url: string;
  /** The lowest is the first in line. */
  position: number;
  status: WaitingListStatus;
  /** SHA-256 (hex) of the offer link's token; the token itself is only in the e-mail. */
  offer_token_hash: string | null;
  offered_at: string | null;
  /** Until when the offered seat is held for them. */
  offer_expires_at: string | null;
  /** The sale whose finish took the offered seat. */
  converted_sale_id: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A school's material list for one grade of one school period (0043; issue 29). Parents see
 * it from `publish_from` (the school's calendar day); null: a draft only the gestor sees.
 */
export interface MaterialListTable {
  id: string;
  store_id: number;
  /** CODPERLET of the grade. */
  period_code: string;
  /** series.codgrade of that period. */
  codgrade: string;
  /** The school's note for the whole list; null: none. */
  notice: string | null;
  /** YYYY-MM-DD; null: not published. */
  publish_from: string | null;
  /** "Lista completa com X% de desconto" (1..50); null: none. */
  discount_percentage: number | null;
  created_at: string;
  updated_at: string;
}

/** A line of a material list: a product (its size chosen by the parent), how many, required or not. */
export interface MaterialListLineTable {
  id: string;
  list_id: string;
  product_id: string;
  position: number;
  quantity: number;
  /** 1: ticked for the parent and needed for the list's discount; 0: optional. */
  required: number;
  /** 1: "uso coletivo", which the law forbids asking parents for: kept only to warn the gestor. */
  collective_use: ColumnType<number, number | undefined, number>;
  /** For parents: "pode ser o do ano anterior". */
  note: string | null;
}

/**
 * The WhatsApp outbox (issue 31, migration 0045; api/messages/): one template message per row,
 * written in the transaction of what it reports and sent by a leased worker like mail_outbox.
 */
export interface WhatsappMessageTable {
  id: string;
  store_id: number;
  /** What it reports: a WhatsappKind (api/messages/templates.ts). */
  kind: string;
  customer_id: string;
  sale_id: string | null;
  /** The WhatsApp number, digits with the country code ("5581999990000"). */
  recipient: string;
  /** The template's name as registered at Meta, and its language ("pt_BR"). */
  template: string;
  language: string;
  /** The body's parameters in order, as a JSON array of strings. */
  parameters: string;
  /** 1 for a reminder: never sent during the store's quiet hours. */
  quiet_hours: number;
  /** The e-mail sent instead when WhatsApp fails; null when an e-mail went anyway. */
  fallback_subject: string | null;
  fallback_text: string | null;
  fallback_html: string | null;
  created_at: string;
  attempts: number;
  next_attempt_at: string;
  claimed_until: string | null;
  claim_token: string | null;
  /** A send was started and its answer not recorded yet (cleared when it is). */
  in_flight_at: string | null;
  /** When the Cloud API took the message, and the id it gave ("wamid.…"). */
  sent_at: string | null;
  wamid: string | null;
  /** 'queued', 'sent', 'delivered', 'read', 'failed' or 'cancelled' (api/contract/gestor/messages.ts). */
  status: string;
  status_at: string | null;
  failed_at: string | null;
  /** Meta's error code and title, or an error's name: never a message text or a number. */
  last_error: string | null;
  /** The fallback e-mail's mail_outbox id, once queued. */
  fallback_mail_id: string | null;
}

/** A reminder already sent for an order or a cart: at most one of each kind (migration 0045). */
export interface MessageReminderTable {
  kind: string;
  subject_id: string;
  created_at: string;
}
