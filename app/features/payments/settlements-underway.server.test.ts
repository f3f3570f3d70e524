import { describe, expect, it } from "vitest";
import { applyingWebhookOf, waitForWebhookOf } from "./settlements-underway.server";

describe("settlements underway", () => {
  it("a check waits for the webhook of its payment being applied, and only for that one", async () => {
    let finish!: () => void;
    const applying = applyingWebhookOf("ref-a", () => new Promise<string>((resolve) => (finish = () => resolve("credited"))));
    expect(await waitForWebhookOf("ref-b")).toBe(false);
    let waited = false;
    const waiting = waitForWebhookOf("ref-a").then((didWait) => (waited = didWait));
    await Promise.resolve();
    expect(waited).toBe(false);
    finish();
    expect(await applying).toBe("credited");
    await waiting;
    expect(waited).toBe(true);
    expect(await waitForWebhookOf("ref-a")).toBe(false);
  });

  it("a webhook that fails fails its own caller; the waiting check goes on (it asks Paystack itself)", async () => {
    const applying = applyingWebhookOf("ref-c", async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new Error("database down");
    });
    const waiting = waitForWebhookOf("ref-c");
    await expect(applying).rejects.toThrow("database down");
    expect(await waiting).toBe(true);
    expect(await waitForWebhookOf("ref-c")).toBe(false);
  });
});
