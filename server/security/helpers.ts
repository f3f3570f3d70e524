import { createHmac } from "node:crypto";
import path from "node:path";
import { expect } from "vitest";
import { mailsIn, waitForMail } from "../../app/test/mailbox";
import { accountLinkIn } from "../../app/test/mime";
import { type TestServer, startInProcessServer } from "../testing/in-process-server";

/*
 * Shared by the security suite (server/security/*.test.ts): one real server per test file, an HTTP
 * client that never follows redirects and keeps headers, and the few journeys every file needs
 * (accounts of each role, an order, a paid order, an approved worker).
 */

/** The signing secret of the suite's servers: token forgery tests sign with it (and with others). */
export const sessionSecret = "security-suite-session-secret-0123456789";
export const admin = { email: "security-admin@example.com", password: "security-admin-password" };
/** The key of the built-in Paystack sandbox: its webhooks are signed with it (HMAC-SHA512 of the raw body). */
export const sandboxSecretKey = "sk_test_sandbox";

export function startSecurityServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startInProcessServer(securityServerEnv(env));
}

/** The security suites' server settings: limits out of the way, the raw-card mode, the admin; then `env`. */
export function securityServerEnv(env: Record<string, string> = {}): Record<string, string> {
  return {
    SESSION_SECRET: sessionSecret,
    REGISTER_LIMIT_PER_HOUR: "100000",
    LOGIN_FAILURE_LIMIT: "100000",
    LOGIN_FAILURES_BEFORE_DELAY: "100000",
    LOGIN_FAILURES_PER_ADDRESS: "100000",
    COMPLETION_MIN_INTERVAL_MS: "0",
    // The fuzzer and the matrix place many orders and top-ups from one client (issue #49's allowances have their own test).
    ORDERS_PER_CLIENT_PER_HOUR: "100000",
    TOP_UPS_PER_CLIENT_PER_HOUR: "100000",
    // Card charges in one API call (the raw-card mode): the suites tamper with those payloads. The
    // hosted mode's answers to the same call are checked in app/routes/api.payment.db.test.ts.
    PAYSTACK_CARD_MODE: "direct",
    BOOTSTRAP_ADMIN_EMAIL: admin.email,
    BOOTSTRAP_ADMIN_PASSWORD: admin.password,
    ...env,
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are checked field by field
}

export interface CallOptions {
  method?: string;
  token?: string;
  cookie?: string;
  /** Sent as JSON (content-type application/json). */
  body?: unknown;
  /** Sent exactly as given (set the content-type in `headers`). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export class Api {
  /** `outboxDirectory`: where the server writes its e-mails (DATA_DIR/outbox), to follow their links. */
  constructor(
    readonly baseUrl: string,
    readonly outboxDirectory?: string,
  ) {}

  static of(server: TestServer): Api {
    return new Api(server.url, path.join(server.dataDir, "outbox"));
  }

  async call(path: string, { method, token, cookie, body, rawBody, headers = {} }: CallOptions = {}): Promise<Answer> {
    const hasBody = body !== undefined || rawBody !== undefined;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: method ?? (hasBody ? "POST" : "GET"),
      redirect: "manual",
      headers: {
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    let json: unknown;
    if ((response.headers.get("content-type") ?? "").includes("json") && text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  get(path: string, options: Omit<CallOptions, "method" | "body"> = {}) {
    return this.call(path, { ...options, method: "GET" });
  }

  post(path: string, body: unknown, options: Omit<CallOptions, "method" | "body"> = {}) {
    return this.call(path, { ...options, method: "POST", body });
  }
}

export interface Account {
  id: number;
  email: string;
  username: string;
  password: string;
  token: string;
  /** `smb_session=…`: the session cookie the registration set, as a Cookie header value. */
  cookie: string;
}

let sequence = 0;
/** A short name unique across parallel test files and runs. */
export function uniqueName(prefix: string): string {
  sequence += 1;
  return `${prefix}${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}${sequence}`;
}

export async function signUp(api: Api, role: "client" | "worker"): Promise<Account> {
  const username = uniqueName(role === "client" ? "sc" : "sw");
  const account = { email: `${username}@example.com`, username, password: "secret-pass-123" };
  const answer = await api.post("/api/auth/register", {
    ...account,
    fullName: "Ama Security",
    role,
    ...(role === "worker" ? { platforms: ["instagram", "tiktok"] } : {}),
  });
  expect(answer.status, answer.text).toBe(201);
  return { ...account, id: answer.json.user.id, token: answer.json.token, cookie: cookieOf(answer) };
}

export async function signIn(api: Api, credentials: { email: string; password: string }): Promise<{ token: string; cookie: string; id: number }> {
  const answer = await api.post("/api/auth/login", credentials);
  expect(answer.status, answer.text).toBe(200);
  return { token: answer.json.token, cookie: cookieOf(answer), id: answer.json.user.id };
}

/** The `name=value` part of the session cookie an answer sets. */
export function cookieOf(answer: Answer): string {
  const setCookie = answer.headers.get("set-cookie") ?? "";
  const value = /smb_session=[^;]*/.exec(setCookie)?.[0];
  expect(value, "the answer sets the session cookie").toBeTruthy();
  return value!;
}

export interface Order {
  id: number;
  /** The payable total in cedis. */
  amount: number;
  price: number;
  fee: number;
  currency: string;
}

/** A fresh Instagram order of `quantity` for a target nobody else uses. */
export async function createOrder(api: Api, client: Account, extra: Record<string, unknown> = {}, quantity = 50): Promise<Order> {
  const answer = await api.post(
    "/api/orders",
    { packageId: "custom-instagram", quantity, targetUsername: uniqueName("t"), accountScreenshot: null, ...extra },
    { token: client.token },
  );
  expect(answer.status, answer.text).toBe(201);
  return answer.json;
}

export const successCard = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 1) };

/** Minor units of an order's total, as the payment calls take it. */
export const totalMinorOf = (order: Order) => Math.round(order.amount * 100);

/** Pays `order` with the sandbox's success card; answers the payment reference. */
export async function payByCard(api: Api, client: Account, order: Order): Promise<string> {
  const answer = await api.post(
    "/api/payment/charge/card",
    { email: client.email, amount: totalMinorOf(order), orderId: order.id, currency: order.currency, card: successCard },
    { token: client.token },
  );
  expect(answer.json?.data?.status, answer.text).toBe("success");
  return answer.json.data.reference;
}

/** Starts a mobile-money payment of `order`; Vodafone asks for a voucher (send_otp), MTN prompts the phone. */
export async function startMobileMoney(api: Api, client: Account, order: Order, wallet: { phone: string; provider: "mtn" | "vod" | "tgo" }) {
  const answer = await api.post(
    "/api/payment/charge/mobile-money",
    { email: client.email, amount: totalMinorOf(order), orderId: order.id, currency: order.currency, mobile_money: wallet },
    { token: client.token },
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.json.data as { status: string; reference: string };
}

export async function adminToken(api: Api): Promise<string> {
  return (await signIn(api, admin)).token;
}

/** A worker approved by the admin, with an Instagram handle linked (so tasks are offered). */
/** Follows the verification link the server e-mailed to the account at sign-up (payouts need it, issue #19). */
export async function confirmEmail(api: Api, account: Account): Promise<void> {
  if (!api.outboxDirectory) throw new Error("this Api does not know the server's outbox: make it with Api.of(server)");
  const mail = await waitForMail(api.outboxDirectory, account.email, /^Confirm your e-mail address$/);
  const confirmed = await api.post("/api/auth/verify-email", { token: accountLinkIn(mail.text, "/auth/verify")?.token });
  expect(confirmed.status, confirmed.text).toBe(200);
}

/**
 * Confirms `phone` as the worker's payout number (issue #49) as a worker does: a withdrawal to it is
 * refused with a link e-mailed, and the link's page confirms it. Answers the refusal's message.
 */
export async function confirmPayoutNumber(api: Api, worker: Account, phone: string, provider: "mtn" | "vod" | "tgo" = "mtn"): Promise<string> {
  if (!api.outboxDirectory) throw new Error("this Api does not know the server's outbox: make it with Api.of(server)");
  const subject = /^Confirm your new payout number$/;
  const earlierLinks = mailsIn(api.outboxDirectory).filter((mail) => mail.to === worker.email && subject.test(mail.subject)).length;
  const refused = await api.post("/api/payouts", { amount: 100_000, phone, provider }, { token: worker.token });
  expect(refused.status, refused.text).toBe(422);
  const mail = await waitForMail(api.outboxDirectory, worker.email, subject, { count: earlierLinks + 1 });
  const link = accountLinkIn(mail.text, "/payouts/confirm-number");
  expect(link, mail.text).not.toBeNull();
  const confirmed = await api.call(new URL(link!.url).pathname, { method: "POST", rawBody: "", headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl } });
  expect(confirmed.status, confirmed.text).toBe(200);
  return refused.json.message;
}

/** An approved worker with a linked Instagram handle and a confirmed e-mail address: ready to work and withdraw. */
export async function approvedWorker(api: Api, adminBearer: string): Promise<Account & { handle: string }> {
  const worker = await signUp(api, "worker");
  await confirmEmail(api, worker);
  const approved = await api.post(`/api/admin/workers/${worker.id}/approve`, {}, { token: adminBearer });
  expect(approved.status, approved.text).toBe(200);
  const handle = uniqueName("h");
  const linked = await api.call("/api/worker/handles", { method: "PUT", token: worker.token, body: { platform: "instagram", handle } });
  expect(linked.status, linked.text).toBe(200);
  return { ...worker, handle };
}

/** The open task of a paid order (its id is the one /api/tasks/:id/complete takes). */
export async function taskOf(api: Api, adminBearer: string, orderId: number): Promise<number> {
  const detail = await api.get(`/api/admin/orders/${orderId}`, { token: adminBearer });
  expect(detail.status, detail.text).toBe(200);
  const taskId = detail.json.deliveries?.[0]?.id;
  expect(taskId, `a task of order ${orderId}: ${detail.text}`).toEqual(expect.any(Number));
  return taskId;
}

/** A Paystack webhook signature: HMAC-SHA512 of the exact raw body, hex. */
export function signWebhook(rawBody: string, key = sandboxSecretKey): string {
  return createHmac("sha512", key).update(rawBody).digest("hex");
}

/** Polls `read` until `done` holds (or `timeoutMs` passes); answers the last value. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  let value = await read();
  while (!done(value) && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
