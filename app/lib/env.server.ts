import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { readOrCreateLocalSecret } from "./local-secret.js";

/**
 * Every setting the server reads, validated once at start-up. Each has a working default for the
 * embedded mode (PGlite + Paystack sandbox) so `npm start` needs no configuration.
 */
const booleanFromString = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/**
 * A support line as the operator writes it: "+", the country code and the number, spaces or hyphens
 * allowed ("+233 20 123 4567"). Kept twice: compact for tel: and wa.me links, and as people read it.
 */
const internationalPhoneNumber = z
  .string()
  .trim()
  .transform((value, context) => {
    const dial = value.replace(/[\s-]/g, "");
    if (/^\+[1-9]\d{7,14}$/.test(dial)) return { dial, display: value.replace(/\s+/g, " ") };
    context.addIssue({ code: "custom", message: 'must be an international number: "+", the country code and the number, e.g. "+233 20 123 4567"' });
    return z.NEVER;
  });

/** Express's named ranges ("loopback", "linklocal", "uniquelocal") or an IPv4/IPv6 address with an optional /prefix. */
function isProxyAddress(entry: string) {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: false, a hop count (0 = off), or a comma-separated list of proxy addresses for Express's "trust proxy". */
function parseTrustProxy(value: string, context: z.RefinementCtx): false | number | string[] {
  const text = value.trim();
  if (text === "false" || text === "") return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(",").map((entry) => entry.trim());
  if (text !== "true" && entries.every(isProxyAddress)) return entries;
  context.addIssue({
    code: "custom",
    message: 'must be "false", a number of proxy hops (1 behind one load balancer) or a comma-separated list of proxy addresses (10.0.0.0/8, loopback), not "true"',
  });
  return z.NEVER;
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PAYSTACK_SECRET_KEY: z.string().regex(/^sk_(test|live)_\w+$/, "must look like sk_test_… or sk_live_…").optional(),
  // Where the Paystack client sends its calls: Paystack itself, or a Paystack-compatible mock or proxy (staging).
  PAYSTACK_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).default("https://api.paystack.co"),
  // hosted: cards are entered on Paystack's checkout page (the default). direct: card numbers go to
  // Paystack's POST /charge through this server, allowed only for PCI-DSS-certified merchants Paystack approved.
  PAYSTACK_CARD_MODE: z.enum(["hosted", "direct"]).default("hosted"),
  // The built-in Paystack sandbox in production (a demo or staging without keys): must be asked for.
  PAYMENTS_SANDBOX: booleanFromString.default(false),
  // The Paystack sandbox's mobile-money timings (DESIGN §5): approval of the approving test wallet,
  // and abandonment of the wallet that never approves.
  SANDBOX_MOMO_APPROVE_MS: z.coerce.number().int().min(0).default(5_000),
  SANDBOX_MOMO_ABANDON_MS: z.coerce.number().int().min(0).default(180_000),
  PUBLIC_URL: z.url().optional(),
  // Which proxies' X-Forwarded-For to believe (the client address every abuse limit keys on): a hop
  // count or a list of proxy addresses. Never a bare "true": then any client could name its own address.
  TRUST_PROXY: z.string().default("false").transform(parseTrustProxy),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  REQUEST_LOGS: booleanFromString.default(true),
  // auto: human lines when stdout is a terminal, JSON lines otherwise (logger.server.ts).
  LOG_FORMAT: z.enum(["auto", "pretty", "json"]).default("auto"),
  JSON_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(100 * 1024),
  FORM_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(100 * 1024),
  UPLOAD_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(8 * 1024 * 1024),
  // Sign-ups per network address in an hour: a flood's ceiling, high enough for a carrier's NAT (decision 0044).
  REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(1000),
  // Failed sign-ins in 15 minutes (decision 0019): per (e-mail, address) pair before 429; per e-mail
  // before each further attempt waits a doubling delay; per address (high: carrier NAT) before 429.
  LOGIN_FAILURE_LIMIT: z.coerce.number().int().positive().default(10),
  LOGIN_FAILURES_BEFORE_DELAY: z.coerce.number().int().min(0).default(5),
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(300),
  // Charges started per hour (card testing, prompt flooding): per order, per client account, per network
  // address (high: a carrier's NAT puts many subscribers behind one, DESIGN §9), and mobile-money prompts per phone.
  CHARGE_ATTEMPTS_PER_ORDER_PER_HOUR: z.coerce.number().int().positive().default(10),
  CHARGE_ATTEMPTS_PER_CLIENT_PER_HOUR: z.coerce.number().int().positive().default(20),
  CHARGE_ATTEMPTS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(2000),
  MOMO_PROMPTS_PER_PHONE_PER_HOUR: z.coerce.number().int().positive().default(5),
  // Unpaid orders placed at checkout and wallet top-ups created per client account per hour (issue #49):
  // an account cannot flood the store with unpaid ₵200,000 orders or top-ups. Orders paid from the wallet
  // (API v2, mass order) are paid at once and do not count.
  ORDERS_PER_CLIENT_PER_HOUR: z.coerce.number().int().positive().default(30),
  TOP_UPS_PER_CLIENT_PER_HOUR: z.coerce.number().int().positive().default(10),
  // API keys created per client account per hour: revoking and creating keys again cannot get round
  // the per-key request limit.
  API_KEYS_PER_CLIENT_PER_HOUR: z.coerce.number().int().positive().default(10),
  // How many available tasks a worker is shown, oldest first (SPEC §9: 10). The browser tests' one
  // shared store holds more open tasks than that, from journeys running side by side.
  AVAILABLE_TASKS_SHOWN: z.coerce.number().int().min(1).max(50).default(10),
  // Account screenshots (decision 0020): stored per client account per hour, and the bytes one account
  // may keep on orders not paid yet and checkouts not finished (paid orders' screenshots do not count).
  SCREENSHOT_UPLOADS_PER_CLIENT_PER_HOUR: z.coerce.number().int().positive().default(10),
  UNPAID_SCREENSHOT_BYTES_PER_CLIENT: z.coerce.number().int().positive().default(25 * 1024 * 1024),
  // An order not paid this many hours after it was placed expires (cancelled, decision 0020); fractions allowed.
  UNPAID_ORDER_EXPIRY_HOURS: z.coerce.number().positive().default(24),
  COMPLETION_HOLD_HOURS: z.coerce.number().min(0).default(72),
  COMPLETION_MIN_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000),
  COMPLETIONS_PER_DAY: z.coerce.number().int().positive().default(300),
  // Spot checks (decision 0042): a screenshot is asked for each worker's first completions, then for
  // 1 in this many at random (0: none after the first).
  SPOT_CHECK_FIRST_COMPLETIONS: z.coerce.number().int().min(0).default(10),
  SPOT_CHECK_ONE_IN: z.coerce.number().int().min(0).default(20),
  PAYOUT_MINIMUM_CEDIS: z.coerce.number().positive().default(20),
  // Cedis per US dollar, for /join-network's earnings in dollars outside Ghana (approximate). Unset:
  // every visitor sees cedis, the currency workers are paid in (decision 0017).
  CEDIS_PER_US_DOLLAR: z.coerce.number().positive().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  // The support team's contacts, shown wherever the store offers help. A channel left unset is not offered
  // (the support form always is): no made-up address or number stands in for it.
  SUPPORT_EMAIL: z.string().trim().pipe(z.email("must be an e-mail address")).optional(),
  SUPPORT_PHONE: internationalPhoneNumber.optional(),
  SUPPORT_WHATSAPP: internationalPhoneNumber.optional(),
  // Outgoing e-mail (issue #19): an SMTP server (smtp:// or smtps://user:pass@host:port). Unset: each
  // message is written as an .eml file under DATA_DIR/outbox/ (and listed at /dev/outbox: decision 0049).
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  // The sender of every e-mail, e.g. "Social Media Boost <hello@example.com>"; default no-reply@ the PUBLIC_URL's host.
  MAIL_FROM: z.string().trim().min(3).optional(),
  // How long a sending process holds a message before another may take it (a process that died mid-send).
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().positive().default(120),
  // How often each process looks for messages to send.
  OUTBOX_POLL_MS: z.coerce.number().int().positive().default(2_000),
  /** Reseller API (issue #20): requests per minute per API key; more answer 429. */
  API_V2_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  // Creates this admin at start-up when no admin exists yet (first deployment, test rigs); both or neither.
  BOOTSTRAP_ADMIN_EMAIL: z.string().optional(),
  BOOTSTRAP_ADMIN_PASSWORD: z.string().optional(),
});

export type Env = z.infer<typeof envSchema> & { SESSION_SECRET: string; DATA_DIR: string };

/** The names of every setting the server reads (a test server in the test process sets exactly these). */
export const envNames = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

export class EnvError extends Error {
  override name = "EnvError";
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

/** Parses the environment; throws EnvError naming every bad variable at once. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const env = result.data;
  const productionProblems = [
    ...(env.SESSION_SECRET ? [] : ["SESSION_SECRET: required when NODE_ENV=production"]),
    // Links in e-mails, payment callbacks and the sitemap are built from it, never from a request's Host.
    ...(env.PUBLIC_URL ? [] : ["PUBLIC_URL: required when NODE_ENV=production: the store's public address, e.g. https://boost.example.com"]),
  ];
  if (env.NODE_ENV === "production" && productionProblems.length > 0) throw new EnvError(productionProblems);
  if (env.PAYMENTS_SANDBOX && env.PAYSTACK_SECRET_KEY) {
    throw new EnvError(["PAYMENTS_SANDBOX: set it only without PAYSTACK_SECRET_KEY (the sandbox replaces Paystack)"]);
  }
  // A production server without keys would take "payments" anyone can fake with the public test cards.
  if (env.NODE_ENV === "production" && !env.PAYSTACK_SECRET_KEY && !env.PAYMENTS_SANDBOX) {
    throw new EnvError([
      "PAYSTACK_SECRET_KEY: required when NODE_ENV=production. To run on the built-in Paystack sandbox instead (test mode, no real money), set PAYMENTS_SANDBOX=true",
    ]);
  }
  if (Boolean(env.BOOTSTRAP_ADMIN_EMAIL) !== Boolean(env.BOOTSTRAP_ADMIN_PASSWORD)) {
    throw new EnvError(["BOOTSTRAP_ADMIN_EMAIL, BOOTSTRAP_ADMIN_PASSWORD: set both or neither"]);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return { ...env, DATA_DIR: dataDir, SESSION_SECRET: env.SESSION_SECRET ?? readOrCreateLocalSecret(dataDir) };
}

const envKey = Symbol.for("smb.env");
type EnvHolder = { [envKey]?: Env };

/** The validated environment of this process (parsed on first use). */
export function getEnv(): Env {
  const holder = globalThis as EnvHolder;
  holder[envKey] ??= parseEnv(process.env);
  return holder[envKey];
}

/** Forgets the parsed environment, so the next getEnv() reads process.env again (a new test server in the same process). */
export function forgetEnv(): void {
  delete (globalThis as EnvHolder)[envKey];
}
