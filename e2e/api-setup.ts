import type { APIRequestContext, Page } from "@playwright/test";
import { type Account, newAccount } from "./accounts";
import { bootstrapAdmin } from "./bootstrap-admin";
import { expect } from "./fixtures";

/*
 * Sessions and data made through the JSON API, for the journeys whose subject lies past them. Only
 * the journeys about the sign-in and sign-up forms go through those forms (e2e/auth.spec.ts,
 * e2e/join-network.spec.ts, the keyboard's in e2e/keyboard.spec.ts, and the sign-in that leads back to
 * an order's page in e2e/orders.spec.ts and e2e/order-success.spec.ts).
 */

export interface SignedUp extends Account {
  id: number;
  status: string;
  /** The Bearer token the sign-up answered with. */
  token: string;
}

interface SignUpOptions {
  role?: "client" | "worker";
  /** Starts the account's e-mail address and username (e2e/accounts.ts). */
  label?: string;
  /** A worker's platforms. */
  platforms?: string[];
  /** Another store than the test's baseURL (e2e/order-expiry.spec.ts starts its own). */
  storeUrl?: string;
}

/**
 * A fresh account made through POST /api/auth/register, which signs `request` in with its session
 * cookie: `page.request` shares the browser's cookies, so the page starts signed in; a request
 * context of its own leaves the browser signed out. A worker waits for review.
 *
 * Many sign-ups at once (e2e/refills.spec.ts) can fill the server's password-hashing queue on a busy
 * machine, which answers 503 with Retry-After (password-gate.server.ts): the sign-up is sent again
 * after that wait, a few times at most.
 */
export async function signUp(request: APIRequestContext, { role = "client", label = role, platforms = ["tiktok"], storeUrl = "" }: SignUpOptions = {}): Promise<SignedUp> {
  const account = newAccount(label);
  const data = { ...account, role, ...(role === "worker" ? { platforms } : {}) };
  for (let attempt = 1; ; attempt += 1) {
    const response = await request.post(`${storeUrl}/api/auth/register`, { data });
    const retryAfter = response.headers()["retry-after"];
    if (response.status() === 503 && retryAfter !== undefined && attempt < 5) {
      await new Promise((resolve) => setTimeout(resolve, Number(retryAfter) * 1000));
      continue;
    }
    expect(response.status(), await response.text()).toBe(201);
    const { token, user } = (await response.json()) as { token: string; user: { id: number; email: string; status: string } };
    expect(user.email).toBe(account.email);
    return { ...account, id: user.id, status: user.status, token };
  }
}

/** Signs `request` in as the bootstrap admin (playwright.config.ts creates it); answers the admin's Bearer token. */
export async function signInAsAdmin(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/auth/login", { data: bootstrapAdmin });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** The admin (`adminToken` from signInAsAdmin) approves a worker waiting for review. */
export async function approveWorker(request: APIRequestContext, adminToken: string, workerId: number) {
  const approved = await request.post(`/api/admin/workers/${workerId}/approve`, { headers: { Authorization: `Bearer ${adminToken}` } });
  expect(approved.status(), await approved.text()).toBe(200);
  expect(((await approved.json()) as { status: string }).status).toBe("active");
}

/**
 * A new client signed in on `page`, whose wallet the admin funds with `amount` cedis. The admin signs
 * in on `adminRequest`, a request context of its own: the page stays the client's.
 */
export async function fundedClient(page: Page, adminRequest: APIRequestContext, amount: number, label: string): Promise<SignedUp> {
  const client = await signUp(page.request, { label });
  const funded = await adminRequest.post(`/api/admin/users/${client.id}/wallet-adjustments`, {
    data: { amount, reason: "Funds for a browser test" },
    headers: { Authorization: `Bearer ${await signInAsAdmin(adminRequest)}` },
  });
  expect(funded.status(), await funded.text()).toBe(201);
  return client;
}

export interface CreatedOrder {
  id: number;
  amount: number;
  targetUrl: string;
  createdAt: string;
}

/**
 * An unpaid order of the client signed in on `request`, made through POST /api/orders as the checkout
 * makes it (a checkout key of its own, no screenshot): by default 100 Instagram followers for
 * @ama.grows, ₵150.00 + ₵2.55 fee = ₵152.55.
 */
export async function createOrder(
  request: APIRequestContext,
  { platform = "instagram", quantity = 100, target = "ama.grows", storeUrl = "" }: { platform?: string; quantity?: number; target?: string; storeUrl?: string } = {},
): Promise<CreatedOrder> {
  const created = await request.post(`${storeUrl}/api/orders`, {
    data: { packageId: `custom-${platform}`, quantity, targetUsername: target, accountScreenshot: null, checkoutKey: `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as CreatedOrder;
}
