import { type Database, openDatabase } from "~/lib/database/db.server";
import { createPostgresDatabase, makeDataDir, type RunningServer } from "./spawn-server";

/**
 * Shared by the kill -9 tests: the app's environment on one engine (PostgreSQL when
 * TEST_DATABASE_URL is set, else PGlite in a data directory that survives the restarts), HTTP calls
 * with bounded waits, and the set-up every scenario needs, done through the API as a user would.
 */
export const adminAccount = { email: "faults-admin@example.com", password: "faults-admin-pass" };
export const sandboxCard = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 1) };

export interface ScenarioEnvironment {
  env: Record<string, string>;
  engine: "postgresql" | "pglite";
  /** The database as it stands, for integrity SQL. On PGlite only while no server runs (one process per directory). */
  inspect<T>(work: (database: Database) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

export async function scenarioEnvironment(extra: Record<string, string>): Promise<ScenarioEnvironment> {
  const env: Record<string, string> = {
    DATA_DIR: makeDataDir(),
    REGISTER_LIMIT_PER_HOUR: "1000",
    // The restart scenarios kill the server in the middle of one-call card charges (POST /charge).
    PAYSTACK_CARD_MODE: "direct",
    BOOTSTRAP_ADMIN_EMAIL: adminAccount.email,
    BOOTSTRAP_ADMIN_PASSWORD: adminAccount.password,
    ...extra,
  };
  let drop = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
    drop = database.drop;
    env.DATABASE_URL = database.url;
  }
  return {
    env,
    engine: env.DATABASE_URL ? "postgresql" : "pglite",
    async inspect(work) {
      const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    },
    dispose: () => drop(),
  };
}

/** API bodies are read loosely here; the tests' assertions check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ApiBody = any;

export interface Answer<T = ApiBody> {
  status: number;
  body: T;
}

/** One API call; throws only when there is no answer at all (the server died, or 20 s passed). */
export async function call<T = ApiBody>(server: RunningServer, method: string, path: string, { body, token }: { body?: unknown; token?: string } = {}): Promise<Answer<T>> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Like call, but anything but 2xx is a failed set-up step. */
export async function must<T = ApiBody>(server: RunningServer, method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<T> {
  const answer = await call<T>(server, method, path, options);
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer.body;
}

export async function registerClient(server: RunningServer, name: string) {
  const email = `${name}@example.com`;
  const { token, user } = await must(server, "POST", "/api/auth/register", { body: { email, username: name, fullName: "Kofi Client", password: "client-pass", role: "client" } });
  return { token: token as string, id: user.id as number, email };
}

/** A TikTok order of `quantity`, not yet paid. */
export async function createOrder(server: RunningServer, token: string, targetUsername: string, quantity = 50) {
  const order = await must(server, "POST", "/api/orders", { token, body: { packageId: "custom-tiktok", quantity, targetUsername, accountScreenshot: null } });
  return { id: order.id as number, amount: order.amount as number };
}

export function chargeCard(server: RunningServer, client: { token: string; email: string }, order: { id: number; amount: number }) {
  return call(server, "POST", "/api/payment/charge/card", {
    token: client.token,
    body: { email: client.email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS", card: sandboxCard },
  });
}

/** `count` TikTok workers: registered, approved by the bootstrap admin, each with its own linked handle. */
export async function enrolWorkers(server: RunningServer, prefix: string, count: number) {
  const { token: adminToken } = await must(server, "POST", "/api/auth/login", { body: adminAccount });
  const enrol = async (index: number) => {
    const name = `${prefix}_${index}`;
    const { token, user } = await must(server, "POST", "/api/auth/register", {
      body: { email: `${name}@example.com`, username: name, fullName: `Worker ${index}`, password: "worker-pass", role: "worker", platforms: ["tiktok"] },
    });
    await must(server, "POST", `/api/admin/workers/${user.id}/approve`, { token: adminToken });
    await must(server, "PUT", "/api/worker/handles", { token, body: { platform: "tiktok", handle: `${name}_tt` } });
    return { token: token as string, id: user.id as number };
  };
  const workers: { token: string; id: number }[] = [];
  // A few at a time: registration hashes a password (argon2), which is CPU work.
  for (let index = 0; index < count; index += 8) {
    workers.push(...(await Promise.all(Array.from({ length: Math.min(8, count - index) }, (_, offset) => enrol(index + offset)))));
  }
  return workers;
}

export async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
