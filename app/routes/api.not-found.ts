import { errorResponse } from "~/lib/api-response.server";

const notFound = () => errorResponse(404, "Not found");

export const loader = notFound;
export const action = notFound;
