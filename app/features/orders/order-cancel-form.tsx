import { Ban } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { Button, buttonVariants } from "~/components/ui/button";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { useHydrated } from "~/lib/use-hydrated";
import { cancelQuestionParam } from "./order-schema";

/** The cancel section's id: where "Cancel order" without JavaScript lands, so the question is in view. */
export const cancelSectionId = "cancel-order";

interface OrderCancelFormProps {
  /** The order page ("/orders/12", "/order-success?orderId=12"): its action cancels the order and redirects back to a page showing it. */
  pageHref: string;
  /** The page was opened as the question "Cancel this order?" (`?confirm=cancel`): ask it in the page. */
  isAsking: boolean;
  /** The payable total as shown ("₵152.55"). */
  amount: string;
  /** true: the order is paid and cancelling it requests a refund. */
  refundsPayment: boolean;
  /** When a paid order's cancellation window closes, as the server formatted it. */
  until: string | null;
  /** A paid order paid from the wallet: what goes back to the balance at once ("₵150.00"). */
  toBalance?: string;
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
 * The cancellation promise (SPEC §9 FAQ): shown only while the order service would accept it. A paid
 * order's cancellation cannot be undone, so it is asked first, with or without JavaScript, in the
 * same words: with JavaScript "Cancel order" opens a dialog; without it, the button is a GET form
 * that reopens the page as the question (`?confirm=cancel`), whose "Yes" posts the cancellation.
 * Only that post carries `confirmed=yes`; the server sends any other cancel post to the question.
 */
export function OrderCancelForm({ pageHref, isAsking, amount, refundsPayment, until, toBalance, dripFeed }: OrderCancelFormProps) {
  const isHydrated = useHydrated();
  const navigation = useNavigation();
  const [isConfirming, setConfirming] = useState(false);
  // Kept after the dialog closes, so focus can return to it.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const headingId = useId();
  const questionId = useId();
  const isCancelling = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") === "cancel";
  const consequence = dripFeed
    ? `The remaining runs stop, and the ${dripFeed.undeliveredQuantity.toLocaleString("en-GB")} not delivered yet, ${dripFeed.refund}, go back to your balance at once.`
    : toBalance
      ? `Your payment of ${toBalance} goes back to your balance at once.`
      : refundsPayment
        ? `Your payment of ${amount} will be refunded in full to the card or mobile money wallet you paid with.`
        : "You have not paid for it, so nothing will be charged.";
  const confirmLabel = dripFeed ? "Yes, stop remaining runs" : refundsPayment ? "Yes, cancel and refund" : "Yes, cancel order";
  // The GET form's address: the page's path (a form's fields replace its query) and its query as hidden fields.
  const page = new URL(pageHref, "http://page.invalid");

  return (
    <section id={cancelSectionId} aria-labelledby={headingId} className="scroll-mt-24 rounded-2xl border p-6 print:hidden">
      <h2 id={headingId} className="text-lg font-bold">
        Changed your mind?
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        {dripFeed
          ? `This order is delivered gradually, and you can stop it while runs remain. ${consequence}`
          : refundsPayment
            ? `You can cancel this order until ${until ?? "1 hour after payment"}, as long as delivery has not started. ${consequence}`
            : `This order is not paid yet, so you can cancel it at any time. ${consequence}`}
      </p>

      {isAsking ? (
        <div role="group" aria-labelledby={questionId} className="mt-4 rounded-xl border border-destructive/40 bg-destructive/5 p-4">
          <h3 id={questionId} className="font-bold">
            Cancel this order?
          </h3>
          <p className="mt-1 text-sm">{consequence}</p>
          <ConfirmCancelForm action={pageHref} confirmLabel={confirmLabel} isCancelling={isCancelling} className="mt-4">
            <Link to={pageHref} className={buttonVariants({ variant: "outline" })}>
              Keep my order
            </Link>
          </ConfirmCancelForm>
        </div>
      ) : (
        <Form method="get" action={`${page.pathname}#${cancelSectionId}`} className="mt-4">
          {[...page.searchParams].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name={cancelQuestionParam.name} value={cancelQuestionParam.value} />
          <Button
            type="submit"
            variant="outline"
            disabled={isCancelling}
            className="text-destructive"
            onClick={(event) => {
              // With JavaScript the question is a dialog; without it the form opens the page asking it.
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
      )}

      {isHydrated && !isAsking ? (
        <ModalDialog isOpen={isConfirming} opener={opener} onClosed={() => setConfirming(false)} title="Cancel this order?" description={consequence}>
          <ConfirmCancelForm action={pageHref} confirmLabel={confirmLabel} isCancelling={isCancelling} onSubmit={() => setConfirming(false)}>
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              Keep my order
            </Button>
          </ConfirmCancelForm>
        </ModalDialog>
      ) : null}
    </section>
  );
}

/** The answer "Yes" to "Cancel this order?", in the dialog or in the page: the one post that cancels. */
function ConfirmCancelForm({
  action,
  confirmLabel,
  isCancelling,
  onSubmit,
  className = "",
  children,
}: {
  action: string;
  confirmLabel: string;
  isCancelling: boolean;
  onSubmit?: () => void;
  className?: string;
  /** The way to keep the order, placed before "Yes" (after it on a narrow screen). */
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} onSubmit={onSubmit} className={`flex flex-col-reverse gap-3 sm:flex-row sm:justify-end ${className}`}>
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="confirmed" value="yes" />
      {children}
      <Button type="submit" variant="destructive" disabled={isCancelling}>
        {isCancelling ? "Cancelling…" : confirmLabel}
      </Button>
    </Form>
  );
}
