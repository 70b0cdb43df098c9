import { createContext, type RouterContextProvider } from "react-router";

/**
 * What server.js's request log writes beside a request that only the storefront learns while
 * answering it (docs/decisions/0034-operations.md). server.js passes its response's
 * `res.locals` here through the load context, and logs what it holds once the reply is sent.
 */
export interface RequestLogFields {
  customerId?: string;
}

export const requestLogFieldsContext = createContext<RequestLogFields | null>(null);

/** The logged-in customer's id on this request's log line (nothing for a visitor or in tests). */
export function logCustomer(context: Readonly<RouterContextProvider>, customerId: string | undefined): void {
  const fields = context.get(requestLogFieldsContext);
  if (fields && customerId) fields.customerId = customerId;
}
