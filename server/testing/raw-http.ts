import http, { type IncomingHttpHeaders } from "node:http";

/** A response as it came off the wire: status, headers (lower-case names), undecoded body bytes. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request with exactly the headers given (fetch would add Accept-Encoding and decode the body),
 * for tests that compare bytes and headers. Fails after `timeoutMs`.
 */
export function rawRequest(
  url: string,
  { method = "GET", headers = {}, body, timeoutMs = 15_000 }: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`no answer from ${url} within ${timeoutMs} ms`)));
    request.on("error", reject);
    request.end(body);
  });
}

/** The nonce of a response's CSP. */
export const cspNonceOf = (answer: RawAnswer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"] ?? ""))?.[1];

/** Headers that legitimately differ between two responses of the same page. */
const perResponseHeaders = new Set(["date", "content-length", "transfer-encoding", "x-cache", "connection", "keep-alive"]);

/**
 * A response's headers with what belongs to one response taken out (Date, framing, X-Cache), its
 * nonce replaced by NONCE and s-maxage's remaining seconds by N: two answers of one page compare equal.
 */
export function comparableHeaders(answer: RawAnswer): Record<string, string> {
  const nonce = cspNonceOf(answer);
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (perResponseHeaders.has(name) || value === undefined) continue;
    let text = Array.isArray(value) ? value.join("\n") : value;
    if (nonce) text = text.replaceAll(nonce, "NONCE");
    if (name === "cache-control") text = text.replace(/s-maxage=\d+/, "s-maxage=N");
    result[name] = text;
  }
  return result;
}

/** The body as text with the response's own nonce replaced by NONCE. */
export function comparableBody(answer: RawAnswer, text = answer.body.toString("utf8")): string {
  const nonce = cspNonceOf(answer);
  return nonce ? text.replaceAll(nonce, "NONCE") : text;
}
