// The HTTP side of the simulated users: one fetch per call, every answer recorded per route (status
// and latency), connection errors and timeouts recorded apart. Nothing is retried: a failed request
// is a finding, not noise.
import { performance } from "node:perf_hooks";

const requestTimeoutMs = 30_000;

/** Per-route tallies: statuses, latencies (ms), network errors. */
export class Recorder {
  constructor() {
    this.routes = new Map();
  }

  route(name) {
    let entry = this.routes.get(name);
    if (!entry) {
      entry = { statuses: {}, latencies: [], errors: {} };
      this.routes.set(name, entry);
    }
    return entry;
  }

  recordAnswer(name, status, ms) {
    const entry = this.route(name);
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    entry.latencies.push(ms);
  }

  recordError(name, error) {
    const entry = this.route(name);
    const kind = error.name === "TimeoutError" ? "timeout" : (error.cause?.code ?? error.code ?? error.name ?? "error");
    entry.errors[kind] = (entry.errors[kind] ?? 0) + 1;
  }
}

/** The route a path belongs to: ids, payment references and checkout access codes replaced by placeholders. */
export function routeOf(method, path) {
  const pathname = path.replace(/^https?:\/\/[^/]+/, "").split("?")[0];
  const normalized = pathname
    .replace(/\/api\/payment\/verify\/[^/]+$/, "/api/payment/verify/:reference")
    .replace(/^\/payment-status\/[^/]+$/, "/payment-status/:reference")
    .replace(/\/sandbox\/paystack\/checkout\/[^/]+$/, "/sandbox/paystack/checkout/:accessCode")
    .replace(/\/\d+(?=\/|$)/g, "/:id");
  return `${method} ${normalized}`;
}

export class HttpError extends Error {
  constructor(method, path, status, body) {
    super(`${method} ${path} answered ${status}: ${JSON.stringify(body)?.slice(0, 300)}`);
    this.status = status;
    this.body = body;
  }
}

/**
 * `call(method, path, { token, cookie, body, form, expect })` → { status, body, headers }. `path` is
 * a path on a server, or a whole URL a server handed out (the checkout page, its return address).
 * With several servers (`baseUrls`), each call with a path goes to the next one in turn, as a load
 * balancer without sticky sessions sends them: one user's requests land on every process.
 * `body` is sent as JSON, `form` (an object of strings) as a browser sends an HTML form. Redirects are
 * not followed: a 303 is an answer like any other, its Location in `headers`. Answers whose status is
 * not in `expect` (default: any 2xx) throw HttpError after being recorded; network errors are
 * recorded and rethrown.
 */
export function createCaller(baseUrls, recorder, { phase = "load" } = {}) {
  const bases = [baseUrls].flat();
  const origins = new Set(bases.map((base) => new URL(base).origin));
  let next = 0;
  return async function call(method, path, { token, cookie, body, form, expect, raw = false } = {}) {
    const name = phase === "load" ? routeOf(method, path) : `${phase}: ${routeOf(method, path)}`;
    const isWholeUrl = /^https?:\/\//.test(path);
    // Addresses the servers hand out (authorization_url, callback_url) must lead back to one of them: the run never leaves 127.0.0.1.
    if (isWholeUrl && !origins.has(new URL(path).origin)) throw new HttpError(method, path, 0, "not this store's address");
    const baseUrl = bases[next++ % bases.length];
    const headers = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (form !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
    if (token) headers.authorization = `Bearer ${token}`;
    if (cookie) headers.cookie = cookie;
    const startedAt = performance.now();
    let response;
    let text;
    try {
      response = await fetch(isWholeUrl ? path : baseUrl + path, {
        method,
        headers,
        body: form !== undefined ? new URLSearchParams(form).toString() : body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(requestTimeoutMs),
        redirect: "manual",
      });
      text = await response.text();
    } catch (error) {
      recorder.recordError(name, error);
      throw error;
    }
    recorder.recordAnswer(name, response.status, performance.now() - startedAt);
    let parsed = text;
    if (!raw && text && (response.headers.get("content-type") ?? "").includes("json")) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    const accepted = expect ? expect.includes(response.status) : response.status >= 200 && response.status < 300;
    if (!accepted) throw new HttpError(method, path, response.status, parsed);
    return { status: response.status, body: parsed, headers: response.headers };
  };
}
