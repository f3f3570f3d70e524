import { z } from "zod";
import { hasNoNul, nulMessage } from "~/lib/plain-text";

/** A key's name: only a label for its owner (which program or server uses it), 1 to 60 characters. */
const keyName = z
  .string({ error: "The key's name must be text" })
  .trim()
  .min(1, "Give the key a name of 1 to 60 characters, or none")
  .max(60, "Keep the key's name to 60 characters or fewer")
  .refine(hasNoNul, nulMessage);

/** POST /api/keys `{ name? }`: without a name the key is called "API key". */
export const createApiKeySchema = z.object({ name: keyName.optional() });

/** The /profile form: its name field is always posted, so an empty one means "no name". */
export const createApiKeyFormSchema = z.object({
  name: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), keyName.optional()),
});
