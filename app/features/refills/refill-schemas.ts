import { z } from "zod";

/** A worker's answer to a re-check: their follow still stands, or it does not. */
export const recheckAnswerSchema = z.object({ answer: z.enum(["confirmed", "dropped"], { message: 'Answer "confirmed" or "dropped".' }) });

/** The dashboard's re-check form (intent=recheck). */
export const recheckFormSchema = recheckAnswerSchema.extend({ intent: z.literal("recheck"), checkId: z.coerce.number().int().positive() });
