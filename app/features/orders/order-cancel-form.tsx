import { Ban } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { useHydrated } from "~/lib/use-hydrated";

interface OrderCancelFormProps {
  /** The order page whose action cancels the order (and redirects back to a page showing it). */
  action: string;
  /** The payable total as shown ("₵152.55"). */
  amount: string;
  /** true: the order is paid and cancelling it requests a refund. */
  refundsPayment: boolean;
  /** When a paid order's cancellation window closes, as the server formatted it. */
  until: string | null;
  /** A drip-feed order with runs remaining: cancelling stops it and refunds what was not delivered to the balance. */
  dripFeed?: DripFeedStop;
}

/** What stopping a drip-feed order gives back (decision 0026), as the server formatted it. */
export interface DripFeedStop {
  undeliveredQuantity: number;
  /** "₵75.00". */
  refund: string;
}

/**
 * The cancellation promise (SPEC §9 FAQ): shown only while the order service would accept it. A
 * plain form posting to the page's action, so it works without JavaScript (the explanation above
 * the button says what happens); with JavaScript a dialog asks for confirmation first.
 */
export function OrderCancelForm({ action, amount, refundsPayment, until, dripFeed }: OrderCancelFormProps) {
  const isHydrated = useHydrated();
  const navigation = useNavigation();
  const [isConfirming, setConfirming] = useState(false);
  // Kept after the dialog closes, so focus can return to it.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const isCancelling = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") === "cancel";
  const consequence = dripFeed
    ? `The remaining runs stop, and the ${dripFeed.undeliveredQuantity.toLocaleString("en-GB")} not delivered yet, ${dripFeed.refund}, go back to your balance at once.`
    : refundsPayment
      ? `Your payment of ${amount} will be refunded in full to the card or mobile money wallet you paid with.`
      : "You have not paid for it, so nothing will be charged.";

  return (
    <section aria-labelledby="cancel-order-heading" className="rounded-2xl border p-6 print:hidden">
      <h2 id="cancel-order-heading" className="text-lg font-bold">
        Changed your mind?
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        {dripFeed
          ? `This order is delivered gradually, and you can stop it while runs remain. ${consequence}`
          : refundsPayment
          ? `You can cancel this order until ${until ?? "1 hour after payment"}, as long as delivery has not started. ${consequence}`
          : `This order is not paid yet, so you can cancel it at any time. ${consequence}`}
      </p>
      <Form method="post" action={action} className="mt-4">
        <input type="hidden" name="intent" value="cancel" />
        <Button
          type="submit"
          variant="outline"
          disabled={isCancelling}
          className="text-destructive"
          onClick={(event) => {
            // With JavaScript, confirm first; without it the button posts the form directly.
            if (!isHydrated) return;
            event.preventDefault();
            setOpener(event.currentTarget);
            setConfirming(true);
          }}
        >
          <Ban aria-hidden="true" />
          {isCancelling ? "Cancelling…" : dripFeed ? "Stop remaining runs" : "Cancel order"}
        </Button>
      </Form>

      {isHydrated ? (
        <ModalDialog isOpen={isConfirming} opener={opener} onClosed={() => setConfirming(false)} title="Cancel this order?" description={consequence}>
          <Form method="post" action={action} onSubmit={() => setConfirming(false)} className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <input type="hidden" name="intent" value="cancel" />
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              Keep my order
            </Button>
            <Button type="submit" variant="destructive">
              Yes, cancel order
            </Button>
          </Form>
        </ModalDialog>
      ) : null}
    </section>
  );
}
