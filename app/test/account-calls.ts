/*
 * What the HTTP tests of the account links (issues #19 and #49) share: fresh sign-up details, and a
 * JSON call to the store with an optional Bearer token.
 */

/** A maker of sign-up bodies unique in this run, their e-mail and username starting with `prefix`. */
export function accountMaker(prefix: string) {
  let sequence = 0;
  return (overrides: Record<string, unknown> = {}) => {
    sequence += 1;
    const tag = `${process.pid}${prefix[0]}${sequence}`;
    return { email: `${prefix}${tag}@example.com`, username: `${prefix}_${tag}`, fullName: "Efua Owusu", password: "first-pass", role: "client", ...overrides };
  };
}

/** A GET (no body) or JSON POST to the store at `baseUrl()`; the answer's status, parsed body and Set-Cookie. */
export function jsonCaller(baseUrl: () => string) {
  return async (path: string, { body, token }: { body?: unknown; token?: string } = {}) => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, cookie: response.headers.get("set-cookie") };
  };
}
