import type { RequestHandler } from "express";

const methodsWithBody = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses bodies the app will never accept before any of it is read: too large by Content-Length
 * (413), or not JSON on /api/* (415). Bodies streamed without a length are capped where they are read.
 */
export function bodyGuards({ jsonLimitBytes, uploadLimitBytes }: { jsonLimitBytes: number; uploadLimitBytes: number }): RequestHandler {
  return (request, response, next) => {
    if (!methodsWithBody.has(request.method)) return next();
    const isApi = request.path.startsWith("/api/");
    const limit = isApi && !acceptsUploads(request.path) ? jsonLimitBytes : uploadLimitBytes;
    const declaredLength = Number(request.headers["content-length"] ?? 0);
    if (declaredLength > limit) {
      return reply(response, isApi, 413, "The request body is too large.");
    }
    const hasBody = declaredLength > 0 || request.headers["transfer-encoding"] !== undefined;
    if (isApi && hasBody && !request.is("application/json")) {
      return reply(response, true, 415, "Send the request body as application/json.");
    }
    next();
  };
}

/** /api calls whose JSON carries an image (SPEC: the account screenshot is a data URL). */
function acceptsUploads(path: string) {
  return path === "/api/orders";
}

function reply(response: Parameters<RequestHandler>[1], asJson: boolean, status: number, message: string) {
  response.status(status).set("Connection", "close");
  if (asJson) response.json({ message });
  else response.type("text/plain").send(message);
}
