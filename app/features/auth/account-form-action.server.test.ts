import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "~/lib/errors";
import { runAccountForm } from "./account-form-action.server";

const schema = z.object({ currentPassword: z.string().min(1) });
const form = () => {
  const formData = new FormData();
  formData.set("currentPassword", "a-guess");
  return formData;
};

describe("runAccountForm", () => {
  it("answers a busy password-hashing queue (503) as the form's answer with Retry-After, not as the error page", async () => {
    const outcome = await runAccountForm(form(), schema, async () => {
      throw new AppError(503, "sign_in_busy", "Many people are signing in right now. Please try again in a moment.", { retryAfterSeconds: 2 });
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.init).toEqual({ status: 503, headers: { "Retry-After": "2" } });
    expect(outcome.result.error?.[""]).toEqual(["Many people are signing in right now. Please try again in a moment."]);
    expect(outcome.result.initialValue).not.toHaveProperty("currentPassword");
  });

  it("lets any other server error reach the error page", async () => {
    const broken = runAccountForm(form(), schema, async () => {
      throw new AppError(500, "conflict", "Something broke.");
    });
    await expect(broken).rejects.toThrow("Something broke.");
    await expect(runAccountForm(form(), schema, async () => Promise.reject(new Error("database gone")))).rejects.toThrow("database gone");
  });
});
