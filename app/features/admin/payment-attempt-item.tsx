import { Link } from "~/components/link";
import { attemptStatusLabels, channelLabels, formatAdminDateTime, labelOf, mobileMoneyProviderLabel, money, refundOriginLabels, refundStateLabels } from "./admin-display";
import { ActionButton, Badge, Fact } from "./admin-ui";
import type { AdminPaymentAttempt } from "./payment-attempts.server";

/** One payment attempt: what Paystack said, where its refund stands, and "Re-verify now" while it is not credited. */
export function PaymentAttemptItem({ attempt, showOrder = true }: { attempt: AdminPaymentAttempt; showOrder?: boolean }) {
  return (
    <li aria-label={`Payment ${attempt.reference}`} className="grid gap-3 rounded-lg border bg-card p-4 md:grid-cols-[1fr_auto] md:items-start">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-all font-mono text-sm font-semibold">{attempt.reference}</span>
          <Badge value={attempt.status} labels={attemptStatusLabels} prefix="Status" />
          {attempt.refundState ? <Badge value={attempt.refundState} labels={refundStateLabels} prefix="Refund" /> : null}
        </p>
        {attempt.refundOrigin === "paystack_dashboard" ? <OutsideRefundNotice attempt={attempt} /> : null}
        <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {showOrder && attempt.orderId !== null ? (
            <Fact label="Order">
              <Link to={`/admin/orders/${attempt.orderId}`} className="text-primary underline underline-offset-4 hover:decoration-2">
                #{attempt.orderId}
              </Link>
            </Fact>
          ) : null}
          {attempt.topUpId !== null ? <Fact label="Wallet top-up">#{attempt.topUpId}</Fact> : null}
          <Fact label="Amount">{money(attempt.amount, attempt.currency)}</Fact>
          <Fact label="Channel">
            {labelOf(channelLabels, attempt.channel)}
            {attempt.provider ? ` · ${mobileMoneyProviderLabel(attempt.provider)}` : ""}
            {attempt.phone ? ` · ${attempt.phone}` : ""}
          </Fact>
          <Fact label="Gateway response">{attempt.gatewayResponse ?? "—"}</Fact>
          <Fact label="Payer">{attempt.payerEmail ?? "—"}</Fact>
          <Fact label="Started">{formatAdminDateTime(attempt.createdAt)}</Fact>
          <Fact label="Credited">{formatAdminDateTime(attempt.paidAt)}</Fact>
          <Fact label="Last checked">
            {formatAdminDateTime(attempt.lastCheckedAt)}
            {attempt.checkCount > 0 ? ` (${attempt.checkCount} ${attempt.checkCount === 1 ? "check" : "checks"})` : ""}
          </Fact>
          <Fact label="Refund">
            {labelOf(refundStateLabels, attempt.refundState ?? "none")}
            {attempt.refundedAmount > 0 ? ` · ${money(attempt.refundedAmount, attempt.currency)} of ${money(attempt.amount, attempt.currency)}` : ""}
            {attempt.refundedAt ? ` · ${formatAdminDateTime(attempt.refundedAt)}` : attempt.refundRequestedAt ? ` · asked ${formatAdminDateTime(attempt.refundRequestedAt)}` : ""}
          </Fact>
        </dl>
      </div>
      {attempt.canReverify ? (
        <ActionButton intent="reverify" id={attempt.reference} label={`Re-verify now: ${paymentOf(attempt)}`}>
          Re-verify now
        </ActionButton>
      ) : null}
    </li>
  );
}

/** A payment as an admin finds it: "payment smb-8-… of order #8" (or of a wallet top-up). */
function paymentOf(attempt: AdminPaymentAttempt) {
  const of = attempt.orderId !== null ? ` of order #${attempt.orderId}` : attempt.topUpId !== null ? ` of wallet top-up #${attempt.topUpId}` : "";
  return `payment ${attempt.reference}${of}`;
}

/** Money that left through Paystack's dashboard, not through the store: an admin should know why. */
function OutsideRefundNotice({ attempt }: { attempt: AdminPaymentAttempt }) {
  return (
    <p role="note" className="mt-2 rounded-md border border-amber-600/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200">
      <strong className="font-semibold">{refundOriginLabels.paystack_dashboard}</strong>
      {": "}
      {attempt.refundedAmount > 0 ? `${money(attempt.refundedAmount, attempt.currency)} of ${money(attempt.amount, attempt.currency)} refunded.` : "Paystack reports it pending."} The store did not ask for
      this refund.
    </p>
  );
}
