import http from "node:http";
import https from "node:https";

/**
 * A server-to-server JSON call: the part of `fetch` the Paystack client uses, over node:http(s) with
 * keep-alive connections. Node's `fetch` cost about 0.4 ms more CPU per call than this on these
 * machines (Request, Headers and web streams around every call; issue #22), and the store calls
 * Paystack on every charge. It fails as `fetch` does, so callers read one shape: a network error as
 * TypeError("fetch failed") with the system error (its `code`) as `cause`, an aborted call (the
 * signal's timeout) as the AbortError. The answer's body is read whole before the call resolves.
 */
export interface HttpCallInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface HttpCallAnswer {
  status: number;
  text(): Promise<string>;
}

export type HttpCall = (url: string, init: HttpCallInit) => Promise<HttpCallAnswer>;

const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };

export const httpCall: HttpCall = (url, { method, headers, body, signal }) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    if (target.protocol !== "http:" && target.protocol !== "https:") return reject(new TypeError(`Only http and https addresses can be called, not ${target.protocol}`));
    const fail = (error: Error) => reject(error.name === "AbortError" ? error : new TypeError("fetch failed", { cause: error }));
    const transport = target.protocol === "https:" ? https : http;
    const request = transport.request(
      target,
      { method, headers: body === undefined ? headers : { ...headers, "Content-Length": String(Buffer.byteLength(body)) }, agent: agents[target.protocol], signal },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", fail);
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: response.statusCode ?? 0, text: async () => text });
        });
        // Cut off before its end (the connection dropped, or the signal aborted the call).
        response.on("close", () => {
          if (!response.complete) fail(signal?.aborted ? abortErrorOf(signal) : Object.assign(new Error("The answer was cut off"), { code: "ECONNRESET" }));
        });
      },
    );
    request.on("error", fail);
    request.end(body);
  });

function abortErrorOf(signal: AbortSignal): Error {
  return Object.assign(new Error("The operation was aborted", { cause: signal.reason }), { name: "AbortError", code: "ABORT_ERR" });
}
