import { z } from "zod";
import { mobileMoneyWalletSchema } from "~/features/payments";
import { topUpSchema } from "./wallet-schema";

/**
 * The top-up page's mobile-money form: the wallet number and its network only, checked with the
 * messages of the payment API's own schema (SPEC §5). Who pays, how much and for which top-up the
 * action takes from the top-up itself, so the form carries none of it.
 */
export const topUpMobileMoneySchema = z.object({ mobile_money: mobileMoneyWalletSchema });

/**
 * The /wallet "Top up" form: the API's top-up schema, with an empty field read as a missing one
 * ("Amount is required"). Parsed without conform's automatic coercion, which would read "0x10" or
 * "1e3" as numbers: the posted text goes to the schema as the JSON API's body does.
 */
export const topUpFormSchema = z.object({
  amount: z.preprocess((value) => (value === "" ? undefined : value), topUpSchema.shape.amount),
});
