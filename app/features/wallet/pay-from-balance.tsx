import { Wallet } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { formatMoney, toMinorUnits } from "~/lib/money";

/**
 * "Pay from balance" on the checkout's payment step (issue #20): offered when the client's wallet
 * covers the order's price. Spending the balance carries no processing fee, so the order costs its
 * price. A plain form post (intent=wallet), so it works without JavaScript.
 */
export function PayFromBalance({ orderId, price, balanceMinor, error }: { orderId: number; price: number; balanceMinor: number; error: string | null }) {
  const navigation = useNavigation();
  const isPaying = navigation.state !== "idle" && navigation.formData?.get("intent") === "wallet";
  const priceMinor = toMinorUnits(price);
  return (
    <section aria-labelledby="pay-from-balance" className="mx-auto mb-6 max-w-lg rounded-2xl border bg-card p-6 shadow-sm">
      <h2 id="pay-from-balance" className="flex items-center gap-2 text-lg font-bold">
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
      <Form method="post" action={`/checkout?orderId=${orderId}`} className="mt-4">
        <input type="hidden" name="intent" value="wallet" />
        <Button type="submit" variant="brand" className="w-full" disabled={isPaying}>
          {isPaying ? "Paying..." : `Pay ${formatMoney(priceMinor)} from balance`}
        </Button>
      </Form>
    </section>
  );
}
