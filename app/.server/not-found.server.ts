import { data } from "react-router";
import { StoreApiError } from "./store-api/index.server.ts";

/** Thrown from a loader: the shell renders the not-found page with HTTP 404. */
export function notFoundResponse() {
  return data({ message: "Página não encontrada" }, { status: 404 });
}

/** Turns the API's 404 into the not-found page; any other failure goes on. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof StoreApiError && (error.status === 404 || error.status === 400)) throw notFoundResponse();
    throw error;
  }
}
