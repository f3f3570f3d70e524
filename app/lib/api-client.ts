import { AUTH_TOKEN_STORAGE_KEY } from "./storage-keys";

/**
 * The browser's /api calls (SPEC §7): credentials included, the stored sign-in token as a Bearer
 * header, a JSON content type only when there is a body. A non-OK answer throws ApiError carrying
 * the server's `{ message }`.
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    message: string,
    /** The payment a refusal is about, when the server names one (a prompt of the order still open). */
    readonly reference?: string,
  ) {
    super(message);
  }
}

export async function apiRequest<T>(path: string, { method = "GET", body }: { method?: string; body?: unknown } = {}): Promise<T> {
  const headers = new Headers({ Accept: "application/json" });
  const token = readStoredToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const response = await fetch(path, { method, headers, credentials: "include", body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, messageOf(text) ?? (response.statusText || `Request failed (${response.status})`), referenceOf(text));
  return (text ? JSON.parse(text) : null) as T;
}

function messageOf(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") return parsed.message;
  } catch {
    // Not JSON: the text itself, if short enough to show.
  }
  return text && text.length <= 200 ? text : undefined;
}

function referenceOf(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && "reference" in parsed && typeof parsed.reference === "string") return parsed.reference;
  } catch {
    // Not JSON: no reference.
  }
  return undefined;
}

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}
