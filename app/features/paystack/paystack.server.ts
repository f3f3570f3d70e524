import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { type PaystackClient, createPaystackClient, paystackConfig } from "./paystack-client.server";

/**
 * The process's Paystack client: real Paystack with PAYSTACK_SECRET_KEY, else the sandbox this
 * server answers itself (DESIGN §5). Tests point it at a sandbox of their own with setPaystack().
 */
interface PaystackAccess {
  client: PaystackClient;
  /** Signs the webhooks Paystack sends us. */
  secretKey: string;
}

const accessKey = Symbol.for("smb.paystack");
type AccessHolder = { [accessKey]?: PaystackAccess };

export function getPaystack(): PaystackAccess {
  const holder = globalThis as AccessHolder;
  if (!holder[accessKey]) {
    const config = paystackConfig(getEnv());
    holder[accessKey] = { client: createPaystackClient({ baseUrl: config.baseUrl, secretKey: config.secretKey, logger: getLogger() }), secretKey: config.secretKey };
  }
  return holder[accessKey];
}

/** For tests: a client against a sandbox the test started. */
export function setPaystack(access: PaystackAccess | undefined) {
  (globalThis as AccessHolder)[accessKey] = access;
}
