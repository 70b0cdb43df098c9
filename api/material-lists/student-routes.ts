import { Hono } from "hono";
import {
  MATERIAL_LIST_MESSAGES,
  materialLists,
  type AddListToBagReply,
  type StudentMaterialList,
} from "../contract/material-lists.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { requireOwnIdsInBody } from "../accounts/ownership.ts";
import { notFound } from "../errors.ts";
import { at, validated } from "../validation.ts";
import { addMaterialListToBag } from "./add-to-bag.ts";
import { getStudentMaterialList } from "./student-list.ts";

/** A parent's material lists: a linked student's list and "Adicionar ao carrinho" (decision 0071). */
export function studentMaterialListRoutes(deps: ApiDeps) {
  const { getStudentMaterialList: studentList, addMaterialListToBag: addToBag } = materialLists;
  return new Hono<CustomerEnv>()
    .on(...at(studentList), requireCustomer(deps), validated(studentList), async (c) => {
      const customer = c.get("customer");
      const { storeId, studentId } = c.req.valid("param");
      // Another store's path names no student of this customer: the same 404 as an unlinked one.
      if (storeId !== customer.store_id) throw notFound(MATERIAL_LIST_MESSAGES.studentNotFound);
      const materialList = await getStudentMaterialList(deps.db, customer, studentId, deps.now());
      return c.json<{ materialList: StudentMaterialList }>({ materialList });
    })
    .on(...at(addToBag), requireCustomer(deps), requireOwnIdsInBody(), validated(addToBag), async (c) => {
      const { studentId, listId, lines } = c.req.valid("json");
      return c.json<AddListToBagReply>(
        await addMaterialListToBag(deps, c.get("customer"), { studentId, listId, lines }),
      );
    });
}
