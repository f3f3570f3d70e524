import { ArrowLeft, Home, Loader2, ReceiptText, RefreshCw, Send, Smartphone } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { toast } from "~/components/toaster";
import { Button, buttonVariants } from "~/components/ui/button";
import { clearStoredDraft } from "~/features/checkout";
import { ApiError, apiRequest } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { formatMoney, toMinorUnits } from "~/lib/money";
import { useHydrated } from "~/lib/use-hydrated";
import { type PaymentNotice, paymentNotices, type ChargeResponse, type VerifyResponse, POLL_INTERVAL_MS, type PaymentStatusQuery, type PaymentStatusState, SUCCESS_REDIRECT_MS, formatCheckTime, formatElapsed, isEndState, MAX_STATUS_CHECKS, resendNotices, stateAfterCheck, statusCopy, statusPageHref, topUpPaymentHref } from "~/features/payments";
import { DetailRow, NoticeLine, PaymentIssueBox, StatusBadge, StatusIcon } from "./payment-status-parts";

const topUpConfirmed = "Your payment has been confirmed. Taking you to your wallet…";

/**
 * SPEC §2 "/payment-status/:reference": where a mobile-money payment stands while the payer approves
 * it on the phone. With JavaScript it polls GET /api/payment/verify/{reference} every 10 s (at most
 * 24 checks), ticks the elapsed time and resends through the API; without it the page reloads
 * itself every 10 s (the loader checks) and its buttons are forms posting to the route's action.
 */
export interface PaymentStatusViewProps {
  /** The payment provider's reference: shown small, for support to trace the charge. */
  reference: string;
  /** The order's reference (SMB-…), the one the client quotes everywhere else. */
  orderReference: string | null;
  /** The order expired unpaid (decision 0020): no resend, a new checkout instead. */
  orderExpiry: { newCheckoutHref: string } | null;
  query: PaymentStatusQuery;
  initial: { state: PaymentStatusState; gatewayResponse: string | null; checks: number; elapsedSeconds: number; lastChecked: string | null; startedAt: number };
  /** This page's public address, for the support links. */
  pageUrl: string;
  /** A card payment is tried again from the checkout; a mobile-money prompt is resent to the phone. */
  channel: "card" | "mobile_money";
  isResent: boolean;
  notice: PaymentNotice | null;
}

export function PaymentStatusView({ reference, orderReference, orderExpiry, query, initial, pageUrl, channel, isResent, notice }: PaymentStatusViewProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const isHydrated = useHydrated();
  const [state, setState] = useState(initial.state);
  const [gatewayResponse, setGatewayResponse] = useState(initial.gatewayResponse);
  const [checks, setChecks] = useState(initial.checks);
  const [lastChecked, setLastChecked] = useState(initial.lastChecked);
  const [elapsedSeconds, setElapsedSeconds] = useState(initial.elapsedSeconds);
  const [isChecking, setChecking] = useState(false);
  const [isResending, setResending] = useState(false);
  const isCheckInFlight = useRef(false);
  const isBusy = isChecking || isResending || navigation.state === "submitting";
  const isPolling = !isEndState(state);
  const amount = query.amount ? formatMoney(toMinorUnits(Number(query.amount)), query.currency) : null;
  // Where a successful payment leads: the order's confirmation, or the wallet a top-up went into.
  const orderHref = query.orderId ? `/order-success?orderId=${query.orderId}` : query.topUpId ? `/wallet?toppedUp=${query.topUpId}` : null;
  const here = statusPageHref(reference, query);

  useEffect(() => {
    if (notice) toast({ ...notice });
  }, [notice]);

  /** One check (SPEC §7 GET /api/payment/verify); a network error is logged and the next check follows. */
  const check = useCallback(async () => {
    if (isCheckInFlight.current) return;
    isCheckInFlight.current = true;
    setChecking(true);
    const count = checks + 1;
    try {
      const response = await apiRequest<VerifyResponse>(`/api/payment/verify/${encodeURIComponent(reference)}`);
      setGatewayResponse(response.data?.gateway_response ?? null);
      setLastChecked(formatCheckTime(new Date()));
      setState(stateAfterCheck(response.data?.status, count));
    } catch (error) {
      console.warn("Payment status check failed; checking again in 10 seconds.", error);
      if (count >= MAX_STATUS_CHECKS) setState("timeout");
    } finally {
      isCheckInFlight.current = false;
      setChecking(false);
      setChecks(count);
    }
  }, [checks, reference]);

  // SPEC §9: the next check 10 s after the last one, until an end state or the 24th check.
  useEffect(() => {
    if (!isPolling) return;
    const timer = setTimeout(() => void check(), POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [isPolling, check]);

  useEffect(() => {
    if (!isPolling) return;
    const timer = setInterval(() => setElapsedSeconds((seconds) => seconds + 1), 1000);
    return () => clearInterval(timer);
  }, [isPolling]);

  // SPEC §4: success shows a toast and moves to the order's page after 3 s.
  useEffect(() => {
    if (state !== "success") return;
    clearStoredDraft();
    toast({ title: paymentNotices.success.title, description: query.topUpId ? topUpConfirmed : "Your payment has been confirmed. Taking you to your order…" });
    if (!orderHref) return;
    const timer = setTimeout(() => void navigate(orderHref), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state, orderHref, navigate, query.topUpId]);

  const checkNow = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void check();
  };

  const resend = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResending(true);
    try {
      const response = await apiRequest<ChargeResponse>("/api/payment/resend-authorization", { method: "POST", body: { reference } });
      const next = response?.data?.reference;
      if (!response?.status || !next) {
        toast({ title: resendNotices.failed.title, description: response?.message || resendNotices.failed.fallback, variant: "destructive" });
        return;
      }
      toast({ ...resendNotices.sent });
      if (response.data.status === "send_otp" && query.topUpId) {
        await navigate(topUpPaymentHref(query.topUpId, { reference: next, next: "otp" }));
        return;
      }
      if (response.data.status === "send_otp" && query.orderId) {
        // A Vodafone Cash resend asks for a new voucher: the checkout's OTP form takes it.
        await navigate(`/checkout?${new URLSearchParams({ orderId: String(query.orderId), reference: next, next: "otp" })}`);
        return;
      }
      // SPEC §4: back to pending on the new reference, polling again.
      await navigate(statusPageHref(next, { orderId: query.orderId, topUpId: query.topUpId, amount: query.amount, currency: query.currency }), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        await navigate(`/auth?${new URLSearchParams({ redirectTo: here })}`);
      } else if (error instanceof ApiError && error.status < 500) {
        toast({ title: resendNotices.failed.title, description: error.message || resendNotices.failed.fallback, variant: "destructive" });
      } else {
        toast({ ...resendNotices.error, variant: "destructive" });
      }
    } finally {
      setResending(false);
    }
  };

  // A top-up's success leads to the wallet, not to an order (SPEC's words are for orders).
  const copy = state === "success" && query.topUpId ? { ...statusCopy(state), description: topUpConfirmed } : statusCopy(state, gatewayResponse);
  const hasIssue = state === "failed" || state === "abandoned" || state === "timeout";
  const nextLoad = statusPageHref(reference, { ...query, checks, startedAt: initial.startedAt });

  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:py-14">
      {/* Without JavaScript the page checks again by reloading itself; on success it moves on. */}
      {isPolling ? (
        <noscript>
          <meta httpEquiv="refresh" content={`${POLL_INTERVAL_MS / 1000};url=${nextLoad}`} />
        </noscript>
      ) : null}
      {state === "success" && orderHref ? (
        <noscript>
          <meta httpEquiv="refresh" content={`${SUCCESS_REDIRECT_MS / 1000};url=${orderHref}`} />
        </noscript>
      ) : null}

      <div>
        <Link to="/" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          <ArrowLeft aria-hidden="true" />
          Home
        </Link>
      </div>

      <section aria-labelledby="payment-status-heading" className="rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-8">
        <StatusIcon state={state} />
        <div role="status" aria-live="polite">
          <h1 id="payment-status-heading" className="mt-4 text-2xl font-extrabold tracking-tight sm:text-3xl">
            {copy.title}
          </h1>
          <p className="mx-auto mt-2 max-w-md text-muted-foreground">{copy.description}</p>
        </div>

        {orderExpiry ? (
          <NoticeLine
            notice={{
              title: "This order has expired",
              description:
                state === "success"
                  ? "This payment arrived after the order had expired because it was not paid in time, so it goes back to you in full. Start a new checkout to order again."
                  : "It was not paid in time, so it can no longer be paid. Start a new checkout to order again.",
            }}
          />
        ) : null}
        {isResent ? <NoticeLine notice={{ ...resendNotices.sent }} /> : null}
        {notice ? <NoticeLine notice={notice} /> : null}

        {isPolling && channel === "card" ? (
          <p className="mx-auto mt-5 max-w-md text-sm text-muted-foreground">We are confirming your card payment with Paystack: this page updates by itself.</p>
        ) : isPolling ? (
          <p className="mx-auto mt-5 flex max-w-md gap-3 rounded-lg border border-amber-500/40 bg-amber-50 px-4 py-3 text-left text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
            <Smartphone className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span>
              <strong>Action required:</strong> check your phone for the prompt from your mobile money provider and enter your PIN to approve
              {amount ? ` ${amount}` : " the payment"}.
            </span>
          </p>
        ) : null}

        <dl className="mt-6 grid gap-2 rounded-xl bg-muted/60 p-4 text-left text-sm">
          {orderReference ? (
            <DetailRow label="Order reference">
              <span className="font-mono font-bold">{orderReference}</span>
            </DetailRow>
          ) : null}
          {query.orderId ? <DetailRow label="Order">#{query.orderId}</DetailRow> : null}
          {query.topUpId ? <DetailRow label="Wallet top-up">#{query.topUpId}</DetailRow> : null}
          {amount ? <DetailRow label="Amount">{amount}</DetailRow> : null}
          <DetailRow label="Status">
            <StatusBadge state={state} />
          </DetailRow>
          <DetailRow label="Time elapsed">
            <span className="font-mono tabular-nums">{formatElapsed(elapsedSeconds)}</span>
          </DetailRow>
          <DetailRow label="Last checked">{lastChecked ?? "Not yet"}</DetailRow>
        </dl>
        <p className="mt-2 break-all text-left text-xs text-muted-foreground">
          Payment reference <span className="font-mono">{reference}</span>
        </p>

        {isPolling ? (
          <p className="mt-4 flex items-center justify-center gap-2 text-sm text-muted-foreground">
            <RefreshCw className={cn("size-4", isChecking && "motion-safe:animate-spin")} aria-hidden="true" />
            Auto-checking every 10 seconds... <span className="tabular-nums">(check {checks} of {MAX_STATUS_CHECKS})</span>
          </p>
        ) : null}

        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row sm:flex-wrap">
          {orderExpiry ? (
            <Link to={orderExpiry.newCheckoutHref} className={buttonVariants({ variant: "brand" })}>
              <RefreshCw aria-hidden="true" />
              Start a new checkout
            </Link>
          ) : hasIssue && channel === "card" ? (
            // A card that failed: the card tab again (mobile money is the checkout's default), its tabs there to switch.
            <Link to={query.orderId ? `/checkout?orderId=${query.orderId}&method=card` : query.topUpId ? topUpPaymentHref(query.topUpId) : "/dashboard"} className={buttonVariants({ variant: "brand" })}>
              <RefreshCw aria-hidden="true" />
              Try Again
            </Link>
          ) : hasIssue ? (
            <Form method="post" onSubmit={isHydrated ? (event) => void resend(event) : undefined}>
              <input type="hidden" name="intent" value="resend" />
              <Button type="submit" variant="brand" disabled={isBusy} className="w-full sm:w-auto">
                {isResending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
                Resend Authorization
              </Button>
            </Form>
          ) : null}
          {state === "success" && orderHref ? (
            <Link to={orderHref} className={buttonVariants({ variant: "brand" })}>
              <ReceiptText aria-hidden="true" />
              {query.topUpId ? "View Wallet" : "View Order Details"}
            </Link>
          ) : null}
          {isPolling ? (
            <Form method="post" onSubmit={isHydrated ? checkNow : undefined}>
              <input type="hidden" name="intent" value="check" />
              <Button type="submit" variant="outline" disabled={isBusy} className="w-full sm:w-auto">
                {isChecking ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RefreshCw aria-hidden="true" />}
                Check Status
              </Button>
            </Form>
          ) : (
            <Link to="/" className={buttonVariants({ variant: "outline" })}>
              <Home aria-hidden="true" />
              Return Home
            </Link>
          )}
        </div>
      </section>

      {hasIssue ? <PaymentIssueBox pageUrl={pageUrl} amount={amount} channel={channel} orderReference={orderReference} /> : null}
    </div>
  );
}
