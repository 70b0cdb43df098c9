/**
 * A student's material list against a school's store API that offers only spec §7's calls
 * (decision 0026): the page and its action send the parent to today's Compra Rápida, and no call
 * beyond §7 reaches that API.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { requestArgs } from "#tests/fixtures/request-args.ts";
import { startStoreApiDouble, type DoubleRequest } from "#tests/fixtures/store-api-double.ts";
import { actionReply, storefrontGet, storefrontPost } from "#tests/fixtures/storefront-requests.ts";
import { BUY, studentListPath } from "./student-list-schema.ts";
import { loadStudentList, studentListAction } from "./student-list.server.ts";

const STUDENT = "5b0c2a34-7f1e-4a55-9d2b-0c9e8f1a2b3c";
let received: DoubleRequest[] = [];
let double: Awaited<ReturnType<typeof startStoreApiDouble>>;

beforeAll(async () => {
  double = await startStoreApiDouble((request) => {
    received.push(request);
    return { status: 404, body: { error: { message: "Rota não encontrada." } } };
  });
});

afterAll(() => double.close());

it("opens the Compra Rápida instead of the list page", async () => {
  received = [];
  const thrown = await loadStudentList(
    await requestArgs(storefrontGet(double.cookie, studentListPath(STUDENT))),
    STUDENT,
  )
    .then(() => null)
    .catch((error: unknown) => error);
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).headers.get("location")).toBe("/compra-rapida");
  expect(received.filter((request) => request.path.includes("material-lists"))).toEqual([]);
});

it("sends a post of the list's form to the Compra Rápida too", async () => {
  received = [];
  const { request } = storefrontPost(
    double.cookie,
    {
      listId: crypto.randomUUID(),
      "lines[0].lineId": crypto.randomUUID(),
      "lines[0].buy": BUY,
    },
    studentListPath(STUDENT),
  );
  const { response } = actionReply(await studentListAction(await requestArgs(request), STUDENT));
  expect(response?.headers.get("location")).toBe("/compra-rapida");
  expect(received.filter((sent) => sent.path.includes("material-lists"))).toEqual([]);
});
