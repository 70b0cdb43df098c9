import { randomInt } from "node:crypto";
import { formatMoney } from "#core/money.ts";
import { firstName } from "#core/text.ts";
import type { PersonalData } from "#app/lib/personal-data.ts";
import { encodePersonalData } from "./personal-data.server.ts";

/**
 * A logged-in page shared by every parent (issue 32, docs/decisions/0084): rendered once per
 * shape with a placeholder shopper, then filled per response with the shopper's own values,
 * escaped as React escapes them, so that the page is byte for byte what React would render for
 * that shopper (app/layout/header-slots.test.ts pins it for the header).
 */

/**
 * The slots a logged-in page has besides the CSRF token and the nonce. `personal` first and
 * `name` before `firstName`: the page template matches them in this order, and a full name
 * begins with its first name.
 */
export const LOGGED_IN_SLOTS = [
  "personal",
  "name",
  "firstName",
  "email",
  "avatar",
  "customerId",
  "count",
  "total",
] as const;
export type LoggedInSlot = (typeof LOGGED_IN_SLOTS)[number];

/**
 * What renders differently, not only with other values, and so is part of the page's key:
 * the cart count as 0, 1 or more (no total at 0, "item" at 1) and an avatar or the icon.
 */
export function shapeOf(data: PersonalData): string {
  const count = data.cartCount === 0 ? "0" : data.cartCount === 1 ? "1" : "n";
  return `${count}${data.customer?.avatar ? "a" : "-"}`;
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const letters = (length: number) => Array.from({ length }, () => LETTERS[randomInt(LETTERS.length)]).join("");
/** A string no page holds: where a shape has no such slot (a count of 0 or 1, no avatar). */
const absent = () => `zz${letters(24)}zz`;

export interface PlaceholderShopper {
  /** The template render's shopper (the root loader sends it as is). */
  data: PersonalData;
  /** What each slot looks like in that render. */
  placeholders: Record<LoggedInSlot, string>;
}

/**
 * A made-up shopper of this shape, random per call (per process, kept by the page cache).
 *
 * "plain" is the template's: only lowercase letters after a capital, a count of ten digits and a
 * total in the tens of millions, so that no escaping or title-casing changes them and no
 * catalogue price or code is written the same. "unlike" is the check's: another initial, other
 * lengths, characters React escapes (an accent, an apostrophe, `&`, `<`, quotes), a count of
 * seven digits and a total in the tens of thousands. A page that derives anything else from the
 * shopper (an initial, a length, a value written outside text and attributes, where React's
 * escaping would differ) renders differently for the two and is not shared (server/page-cache).
 * Each placeholder is matched as React writes it (escapeLikeReact).
 */
export function placeholderShopper(shape: string, kind: "plain" | "unlike" = "plain"): PlaceholderShopper {
  const [countShape, avatarShape] = shape;
  const plain = kind === "plain";
  const first = plain ? `Q${letters(11)}` : `Ú${letters(6)}`;
  const name = plain ? `${first} W${letters(11)}` : `${first} D'${letters(4)} & <${letters(3)}>`;
  const email = plain
    ? `${letters(12)}@${letters(10)}.example`
    : `${letters(5)}+"${letters(3)}"&x@${letters(6)}.example`;
  const avatar =
    avatarShape !== "a" ? null : plain ? `/${letters(16)}.png` : `/f/${letters(6)}.png?a=1&b="${letters(3)}"`;
  const id = plain ? `c${letters(20)}` : `d${letters(9)}&'`;
  const many = plain ? 1_000_000_000 + randomInt(8_999_999_999) : 1_000_000 + randomInt(8_999_999);
  const count = countShape === "0" ? 0 : countShape === "1" ? 1 : many;
  // "12.345.678,91" or "45.678,91": no product's price.
  const total = plain ? (10_000_000_00 + randomInt(89_999_999_99)) / 100 : (10_000_00 + randomInt(89_999_99)) / 100;
  const data: PersonalData = {
    customer: { id, name, email, avatar },
    cartCount: count,
    cartTotal: total,
    cart: null,
    cartInstallments: null,
  };
  return {
    data,
    placeholders: {
      personal: encodePersonalData(data),
      name: escapeLikeReact(name),
      firstName: escapeLikeReact(firstName(name)),
      email: escapeLikeReact(email),
      avatar: avatar ? escapeLikeReact(avatar) : absent(),
      customerId: escapeLikeReact(id),
      count: count > 1 ? String(count) : absent(),
      total: formatMoney(total),
    },
  };
}

/** React's escaping of text and attribute values (react-dom's escapeTextForBrowser). */
export function escapeLikeReact(text: string): string {
  return text.replace(
    /["&'<>]/g,
    (char) => ({ '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" })[char]!,
  );
}

/** The shopper's own value for each slot, as React would have written it. */
export function slotValues(data: PersonalData, personal: string): Record<LoggedInSlot, string> {
  const customer = data.customer;
  if (!customer) throw new Error("a shared logged-in page needs a customer");
  return {
    personal,
    name: escapeLikeReact(customer.name),
    firstName: escapeLikeReact(firstName(customer.name)),
    email: escapeLikeReact(customer.email),
    avatar: escapeLikeReact(customer.avatar ?? ""),
    customerId: escapeLikeReact(customer.id),
    count: String(data.cartCount),
    total: escapeLikeReact(formatMoney(data.cartTotal ?? 0)),
  };
}
