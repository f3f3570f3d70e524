import { Wallet } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { minimumQuantity } from "~/features/catalog";
import { maximumIntervalMinutes, maximumRuns, minimumIntervalMinutes, minimumRuns } from "~/features/drip-feed";
import { inputClass } from "~/features/payment-pages";
import { formatMoney, toMinorUnits } from "~/lib/money";

/**
 * "Pay from balance" on the checkout's payment step (issue #20): offered when the client's wallet
 * covers the order's price. Spending the balance carries no processing fee, so the order costs its
 * price. A plain form post (intent=wallet), so it works without JavaScript.
 *
 * "Deliver gradually" (issue #21, decision 0026): optional runs and minutes between them, offered
 * only here (a drip-feed order is paid from the wallet, which takes back what a stopped one did not
 * deliver) and when the order splits into runs of at least the catalogue's minimum. The server checks
 * them (dripFeedFormSchema); the form does not block on them, so its message is the server's.
 */
export function PayFromBalance({ orderId, price, quantity, balanceMinor, error }: { orderId: number; price: number; quantity: number; balanceMinor: number; error: string | null }) {
  const navigation = useNavigation();
  const isPaying = navigation.state !== "idle" && navigation.formData?.get("intent") === "wallet";
  const priceMinor = toMinorUnits(price);
  const mostRuns = Math.min(maximumRuns, Math.floor(quantity / minimumQuantity));
  return (
    <section aria-labelledby="pay-from-balance" className="mx-auto mb-6 max-w-lg rounded-2xl border bg-card p-6 shadow-sm">
      {/* Focusable: the checkout moves the focus to the payment step's first heading from "Proceed to Payment". */}
      <h2 id="pay-from-balance" tabIndex={-1} className="flex items-center gap-2 text-lg font-bold outline-none">
        <Wallet className="size-5 text-primary" aria-hidden="true" />
        Pay from balance
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Your wallet holds {formatMoney(balanceMinor)}. Paying from it costs {formatMoney(priceMinor)}: no processing fee.
      </p>
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <Form method="post" action={`/checkout?orderId=${orderId}`} className="mt-4 grid gap-4" noValidate>
        <input type="hidden" name="intent" value="wallet" />
        {mostRuns >= minimumRuns ? (
          <fieldset className="rounded-xl border p-4">
            <legend className="px-1 text-sm font-semibold">Deliver gradually (optional)</legend>
            <p className="text-xs text-muted-foreground">
              Split the {quantity.toLocaleString("en-GB")} into runs: each run is offered to workers on schedule, and you can stop the remaining runs
              at any time to get what was not delivered back in your balance. Leave empty to deliver all at once.
            </p>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              <label className="grid gap-1.5 text-sm font-medium">
                Runs ({minimumRuns}–{mostRuns})
                <input name="runs" type="number" inputMode="numeric" min={minimumRuns} max={mostRuns} step={1} placeholder="e.g. 5" className={inputClass} />
              </label>
              <label className="grid gap-1.5 text-sm font-medium">
                Minutes between runs ({minimumIntervalMinutes}–{maximumIntervalMinutes.toLocaleString("en-GB")})
                <input name="interval" type="number" inputMode="numeric" min={minimumIntervalMinutes} max={maximumIntervalMinutes} step={1} placeholder="e.g. 60" className={inputClass} />
              </label>
            </div>
          </fieldset>
        ) : null}
        <Button type="submit" variant="brand" className="w-full" disabled={isPaying}>
          {isPaying ? "Paying..." : `Pay ${formatMoney(priceMinor)} from balance`}
        </Button>
      </Form>
    </section>
  );
}
