import { z } from "zod";
import { hasNoNul, nulMessage } from "~/lib/plain-text";

/** A key's name: only a label for its owner (which program or server uses it), 1 to 60 characters. */
const keyName = z
  .string({ error: "The key's name must be text" })
  .trim()
  .min(1, "Give the key a name of 1 to 60 characters, or none")
  .max(60, "Keep the key's name to 60 characters or fewer")
  .refine(hasNoNul, nulMessage);

/** The account's current password: a key outlives every session, so a session alone cannot make one (issue #49). */
const password = z
  .string({ error: "Enter your current password to create an API key" })
  .min(1, "Enter your current password to create an API key")
  .max(128, "Password must be at most 128 characters");

/** POST /api/keys `{ name?, password }`: without a name the key is called "API key". */
export const createApiKeySchema = z.object({ name: keyName.optional(), password });

/** The /profile form: its name field is always posted, so an empty one means "no name". */
export const createApiKeyFormSchema = z.object({
  name: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), keyName.optional()),
  password,
});
