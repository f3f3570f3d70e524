import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { createPaystackSandbox, type PaystackSandbox, type PaystackSandboxOptions } from "./sandbox";

/**
 * Test helpers: the sandbox in a plain Express app on a free loopback port, and a webhook receiver
 * that keeps every delivery's exact bytes and signature.
 */

export const sandboxSecretKey = "sk_test_sandbox";

export function makeStateDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "paystack-sandbox-"));
}

export interface RunningSandbox {
  baseUrl: string;
  stateDir: string;
  sandbox: PaystackSandbox;
  close(): Promise<void>;
}

export async function startSandbox(options: Partial<PaystackSandboxOptions> & Pick<PaystackSandboxOptions, "webhookUrl">): Promise<RunningSandbox> {
  const stateDir = options.stateDir ?? makeStateDir();
  const sandbox = createPaystackSandbox({ secretKey: sandboxSecretKey, webhookRetryBaseMs: 50, ...options, stateDir });
  await sandbox.start();
  const app = express();
  app.use("/sandbox/paystack/checkout", sandbox.checkoutPages);
  app.use("/sandbox/paystack/3ds", sandbox.threeDSecurePage);
  app.use("/sandbox/paystack", sandbox.router);
  const server = await listen(app);
  return {
    baseUrl: `${urlOf(server)}/sandbox/paystack`,
    stateDir,
    sandbox,
    async close() {
      await sandbox.stop();
      await closeServer(server);
    },
  };
}

export interface ReceivedWebhook {
  rawBody: string;
  signature: string | null;
  body: { event: string; data: Record<string, unknown> & { reference?: string; transaction_reference?: string } };
  receivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Every delivery attempt, also those answered with an error. */
  attempts: number;
  /** Status to answer attempt `n` (1-based, all attempts) carrying `rawBody` with; 200 unless set. */
  respondWith: (attempt: number, rawBody: string) => number;
  waitFor(predicate: (webhooks: ReceivedWebhook[]) => boolean, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: Omit<WebhookReceiver, "url" | "close"> = {
    received: [],
    attempts: 0,
    respondWith: () => 200,
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(receiver.received)) {
        if (Date.now() > deadline) throw new Error(`webhooks not received in ${timeoutMs} ms; got ${JSON.stringify(receiver.received.map((webhook) => webhook.body.event))}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return receiver.received;
    },
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receiver.attempts += 1;
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const status = receiver.respondWith(receiver.attempts, rawBody);
      if (status >= 200 && status < 300) {
        const signature = request.headers["x-paystack-signature"];
        receiver.received.push({ rawBody, signature: typeof signature === "string" ? signature : null, body: JSON.parse(rawBody), receivedAt: Date.now() });
      }
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(receiver, { url: `${urlOf(server)}/webhook`, close: () => closeServer(server) });
}

export function listen(handler: http.RequestListener): Promise<http.Server> {
  const server = http.createServer(handler);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

export function urlOf(server: http.Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let referenceCounter = 0;
export const newReference = (label = "test") => `${label}-${process.pid}-${Date.now()}-${++referenceCounter}`;
