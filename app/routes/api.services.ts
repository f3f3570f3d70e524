import { listServicesOnSale } from "~/features/catalog/services.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";

/** GET /api/services: the services on sale, in the storefront's order (issue #50). Anyone may read it. */
export const loader = apiHandler(async () => jsonResponse(await listServicesOnSale()));

export const action = () => errorResponse(405, "Method not allowed");
