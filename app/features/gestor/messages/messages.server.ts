/**
 * The gestor's reads of the messages the store sent (issue 31): the Painel's list of the last
 * day's failures, for every role that opens the Painel (a secretary her units', the API's scope).
 */
import { gestorMessages } from "#api/contract/gestor/messages.ts";
import { requireStaff } from "../staff-guard.server.ts";

export async function failedMessagesPage(request: Request) {
  const { call } = await requireStaff(request, { part: "dashboard" });
  return call(gestorMessages.failedMessages, {});
}
