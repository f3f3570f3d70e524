import { BadgeCheck, Check, Clock, Lock, RotateCcw } from "lucide-react";
import type { ReactNode } from "react";
import { type CatalogService, priceOrder, platformLabels } from "~/features/catalog";
import { ContactMethods } from "~/features/support";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import { type CheckoutSelection, packageOf } from "./checkout-draft";

const steps = [
  ["review", "Review"],
  ["payment", "Payment"],
  ["success", "Done"],
] as const;

export type CheckoutStep = (typeof steps)[number][0];

/** SPEC §2: the checkout's steps, review → payment → success; at the success step every step is done. */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const currentIndex = steps.findIndex(([step]) => step === current);
  const isDone = (index: number) => index < currentIndex || current === "success";
  return (
    <ol aria-label="Checkout steps" className="flex items-center justify-center gap-2 text-sm sm:gap-4">
      {steps.map(([step, label], index) => (
        <li key={step} aria-current={step === current ? "step" : undefined} className="flex items-center gap-2">
          {index > 0 ? <span className="h-px w-6 bg-border sm:w-10" aria-hidden="true" /> : null}
          <span
            className={cn(
              "flex size-7 items-center justify-center rounded-full border text-xs font-bold",
              isDone(index) && "border-primary bg-primary text-primary-foreground",
              index === currentIndex && !isDone(index) && "border-primary text-primary",
              index > currentIndex && "text-muted-foreground",
            )}
          >
            {isDone(index) ? <Check className="size-4" aria-label="done" /> : index + 1}
          </span>
          <span className={cn("font-medium", index > currentIndex && "text-muted-foreground")}>{label}</span>
        </li>
      ))}
    </ol>
  );
}

/** Where the draft's screenshot can be shown from: its data URL, or the upload the server stored. */
function screenshotSource(selection: CheckoutSelection): string | null {
  if (!selection.screenshot) return null;
  return selection.screenshot.kind === "data-url" ? selection.screenshot.dataUrl : `/api/uploads/${selection.screenshot.uploadId}`;
}

interface CheckoutReviewProps {
  selection: CheckoutSelection;
  /** The selection's service, from the catalogue the loader read: its price is the one charged. */
  service: CatalogService;
  pageUrl: string;
  /** Under the price: "Proceed to Payment" (from lg up) and Back. */
  actions: ReactNode;
  /** "Proceed to Payment" in the bar at the bottom of a smaller screen. */
  barAction: ReactNode;
}

/** SPEC §2's review step: summary, price with the 1.7% fee, order details, safety note, support. */
export function CheckoutReview({ selection, service, pageUrl, actions, barAction }: CheckoutReviewProps) {
  const chosen = packageOf(selection, service);
  const price = priceOrder(service, selection.quantity);
  const screenshot = screenshotSource(selection);

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="grid content-start gap-6">
        <section aria-labelledby="summary-heading" className="rounded-2xl border bg-card p-6 shadow-sm">
          <h2 id="summary-heading" className="text-lg font-bold">
            Order summary
          </h2>
          <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
            <SummaryRow label="Package">{chosen.name}</SummaryRow>
            <SummaryRow label="Platform">{platformLabels[selection.platform]}</SummaryRow>
            {/* A post service says what it does in the operator's words (as on the packages page). */}
            <SummaryRow label="Description">{service.target === "post" && service.description ? service.description : chosen.description}</SummaryRow>
            {selection.postUrl === null ? (
              <>
                <SummaryRow label="Target account">{selection.username}</SummaryRow>
                <SummaryRow label="Screenshot">
                  {screenshot ? (
                    <span className="flex items-center gap-3">
                      <img src={screenshot} alt={`Screenshot of ${selection.username}`} className="size-14 rounded-md border object-cover" />
                      <span className="flex items-center gap-1 font-medium text-primary">
                        <BadgeCheck className="size-4" aria-hidden="true" />
                        Screenshot uploaded
                      </span>
                    </span>
                  ) : (
                    "None"
                  )}
                </SummaryRow>
              </>
            ) : (
              <SummaryRow label={service.platform === "tiktok" || service.platform === "youtube" ? "Video" : "Post"}>
                <a href={selection.postUrl} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-primary underline-offset-4 hover:underline">
                  {selection.postUrl}
                </a>
              </SummaryRow>
            )}
            {selection.comments.length > 0 ? (
              <SummaryRow label="Comments">
                <details>
                  <summary className="cursor-pointer rounded-sm focus-ring">
                    {selection.comments.length.toLocaleString("en-US")} {selection.comments.length === 1 ? "comment" : "comments"}, one per person
                  </summary>
                  <ol className="mt-2 grid list-decimal gap-1 pl-5 font-normal break-words">
                    {selection.comments.map((comment, index) => (
                      // The same comment may be asked for twice: its place is its identity.
                      <li key={index}>{comment}</li>
                    ))}
                  </ol>
                </details>
              </SummaryRow>
            ) : null}
          </dl>
        </section>

        <section aria-labelledby="details-heading" className="rounded-2xl border bg-card p-6 shadow-sm">
          <h2 id="details-heading" className="text-lg font-bold">
            Order details
          </h2>
          <ul className="mt-4 grid gap-2 text-sm">
            {chosen.features.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <Check className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
          <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
            <Clock className="size-4 shrink-0" aria-hidden="true" />
            Delivery within {chosen.deliveryTime.toLowerCase()}, starting once your payment is confirmed.
          </p>
        </section>

        <section aria-labelledby="safety-heading" className="rounded-2xl border border-primary/30 bg-primary/5 p-6">
          <h2 id="safety-heading" className="flex items-center gap-2 text-lg font-bold">
            <Lock className="size-5 text-primary" aria-hidden="true" />
            Safe checkout, money back
          </h2>
          <ul className="mt-3 grid gap-2 text-sm">
            <li>We never ask for your password: we only need the public {selection.postUrl === null ? "username" : "link"}.</li>
            <li>Card and mobile money payments are handled by Paystack; we never store your card number.</li>
            <li className="flex items-start gap-2">
              <RotateCcw className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              Cancel within 1 hour of payment, before delivery begins, for a full refund.
            </li>
          </ul>
        </section>
      </div>

      <div className="grid content-start gap-6">
        <section aria-labelledby="price-heading" className="rounded-2xl border bg-card p-6 shadow-sm lg:sticky lg:top-24">
          <h2 id="price-heading" className="text-lg font-bold">
            Price
          </h2>
          <dl className="mt-4 grid gap-2 text-sm">
            <PriceRow label="Package price" value={formatMoney(price.priceMinor)} />
            <PriceRow label="Processing fee (1.7%)" value={formatMoney(price.feeMinor)} />
            <div className="mt-2 flex items-baseline justify-between border-t pt-3">
              <dt className="font-semibold">Total</dt>
              <dd className="text-2xl font-extrabold">{formatMoney(price.totalMinor)}</dd>
            </div>
          </dl>
          <div className="mt-6">{actions}</div>
        </section>
        <ContactMethods
          context={{ pageUrl, packageName: chosen.name, platform: platformLabels[selection.platform], amount: formatMoney(price.totalMinor) }}
          offerForm
        />
      </div>

      {/*
        On a phone the price comes after the summary, details and safety note, far below the first
        screen: this bar keeps the total and the way on at the bottom of the screen (sticky within the
        review, so it never covers the site's footer).
      */}
      <div className="sticky bottom-0 z-30 -mx-4 flex items-center gap-4 border-t bg-background/95 px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur lg:hidden">
        <p className="grid text-sm">
          <span className="text-muted-foreground">Total</span>
          <strong className="text-lg font-extrabold">{formatMoney(price.totalMinor)}</strong>
        </p>
        <div className="flex-1">{barAction}</div>
      </div>
    </div>
  );
}

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </>
  );
}

function PriceRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
