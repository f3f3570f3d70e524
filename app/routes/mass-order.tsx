import { data } from "react-router";
import { z } from "zod";
import { requirePageUser } from "~/features/auth/authenticate.server";
import { maximumMassOrderCharacters } from "~/features/mass-order/mass-order-lines";
import { MassOrderForClientsOnly, MassOrderPage, type MassOrderActionData } from "~/features/mass-order/mass-order-page";
import { massOrderServices, placeMassOrder, previewMassOrder } from "~/features/mass-order/mass-order.server";
import { getCatalogue } from "~/features/catalog/services.server";
import { walletBalanceOf } from "~/features/wallet/wallet.server";
import { formatMoney } from "~/lib/money";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/mass-order";

/* /mass-order (issue #21): a wallet client pastes many orders, sees each checked and priced, and pays the total from the balance. */

export function meta() {
  return [{ title: "Mass order | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requirePageUser(request, url);
  if (user.role !== "client") return { client: null };
  return { client: { balance: formatMoney(await walletBalanceOf(user)), services: massOrderServices(await getCatalogue()) } };
}

// The text a little over the page's limit still reaches the check, which words the refusal.
const linesField = z
  .string({ error: "Paste at least one order: service | link | quantity" })
  .max(maximumMassOrderCharacters * 2, `Keep a mass order under ${maximumMassOrderCharacters.toLocaleString("en-US")} characters.`);
const massOrderFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("check"), lines: linesField }),
    // The batch and the sum come from the check's payment form: without them, the lines were never checked.
    z.object({
      intent: z.literal("place"),
      lines: linesField,
      batch: z.string({ error: "Check the orders first, then pay." }).max(64, "Check the orders first, then pay."),
      // Pesewas: the sum the payment button showed, which the orders placed never exceed.
      upToMinor: z.coerce
        .number({ error: "Check the orders first, then pay." })
        .int("Check the orders first, then pay.")
        .min(0, "Check the orders first, then pay.")
        .max(Number.MAX_SAFE_INTEGER, "Check the orders first, then pay."),
    }),
  ],
  { error: "Unknown action: check the orders or pay for them." },
);

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requirePageUser(request, url);
  if (user.role !== "client") throw data("Mass orders are for client accounts", 403);
  const form = massOrderFormSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!form.success) return data<MassOrderActionData>({ kind: "problem", text: "", problem: form.error.issues[0]?.message ?? "Please check the form." }, 400);
  const { lines: text } = form.data;

  if (form.data.intent === "check") {
    const preview = await previewMassOrder(user, text);
    if ("problem" in preview) return data<MassOrderActionData>({ kind: "problem", text, problem: preview.problem }, 400);
    return data<MassOrderActionData>({ kind: "checked", text, ...preview });
  }

  const outcome = await placeMassOrder(user, text, form.data.batch, { upToMinor: form.data.upToMinor });
  if ("problem" in outcome) return data<MassOrderActionData>({ kind: "problem", text, problem: outcome.problem }, 400);
  return data<MassOrderActionData>({
    kind: "placed",
    // The lines not placed go back into the field, to correct or to order again after a top-up.
    text: outcome.leftText,
    placedCount: outcome.placedCount,
    failedCount: outcome.failedCount,
    skippedCount: outcome.skippedCount,
    paid: formatMoney(outcome.paidMinor),
    results: outcome.results.map((result) =>
      "orderId" in result
        ? { lineNumber: result.lineNumber, text: result.text, orderId: result.orderId, price: formatMoney(result.priceMinor) }
        : "skipped" in result
          ? { lineNumber: result.lineNumber, text: result.text, skipped: result.skipped, price: formatMoney(result.priceMinor) }
          : { lineNumber: result.lineNumber, text: result.text, error: result.error },
    ),
  });
}

export default function MassOrder({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.client) return <MassOrderForClientsOnly />;
  // After an action the loader runs again, so the balance is the one the payment left.
  return <MassOrderPage balance={loaderData.client.balance} services={loaderData.client.services} result={actionData ?? null} />;
}
