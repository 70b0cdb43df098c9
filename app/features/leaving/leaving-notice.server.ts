import { pagePath } from "#app/.server/request-context.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { LEAVING_NOTICE_PATH, leavingNoticeHref, type LeavingReason } from "./leaving-notice.ts";

/**
 * To the page that shows `message` alone and then goes home (spec §8). The message travels as the
 * flash toast, which that page shows instead of the shell's toaster: one message, not two.
 */
export function goHomeAfterNotice(reason: LeavingReason, message: string, init?: ResponseInit) {
  return toasts().redirectWithError(leavingNoticeHref(reason), message, init);
}

export const isLeavingNoticePage = (request: Request) => pagePath(request) === LEAVING_NOTICE_PATH;
