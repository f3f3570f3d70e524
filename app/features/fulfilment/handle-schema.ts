import { z } from "zod";
import { catalogPlatforms } from "~/features/catalog";

/** A platform handle as stored: lower case, without the leading @ (handles are case-insensitive). */
export function normalizeHandle(value: string): string {
  return value.trim().replace(/^@/, "").toLowerCase();
}

/** PUT /api/worker/handles and the profile form: one handle per platform the store sells (X's is "twitter", SPEC's value). */
export const workerHandleSchema = z
  .object({
    platform: z.enum(catalogPlatforms, { error: "Choose Instagram, TikTok, YouTube, X or Facebook" }),
    handle: z
      .string({ error: "Handle is required" })
      .trim()
      .min(1, { error: "Handle is required", abort: true })
      .regex(/^@?[A-Za-z0-9_.]{1,30}$/, "Invalid handle format")
      .transform(normalizeHandle),
  })
  // X's usernames are at most 15 letters, digits or underscores: no dots.
  .refine(({ platform, handle }) => platform !== "twitter" || /^[a-z0-9_]{1,15}$/.test(handle), { path: ["handle"], message: "An X handle is up to 15 letters, digits or underscores" });

/** POST /api/tasks/{id}/complete: SPEC sends empty JSON; a proof handle may be named. */
export const completeTaskSchema = z.object({
  proofHandle: z.string().trim().regex(/^@?[A-Za-z0-9_.]{1,30}$/, "Invalid handle format").optional(),
});
