import { type SubmissionResult } from "@conform-to/react";
import { ArrowLeft } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { toast } from "~/components/toaster";
import { buttonVariants } from "~/components/ui/button";
import { clearStoredDraft } from "~/features/checkout";
import type { OrderConfirmation } from "~/features/orders/index.server";
import { ApiError, apiRequest } from "~/lib/api-client";
import { formatMoney, toMinorUnits } from "~/lib/money";
import { ChargeStepForm } from "./charge-step-form";
import { OtpDialog } from "./otp-dialog";
import { type ChargeStepKind, type PaymentNotice, type PaymentOutcome, cardOutcome, mobileMoneyOutcome, otpOutcome, paymentNotices, paymentStatusHref, type CardChargeInput, type ChargeResponse, type MobileMoneyChargeInput } from "~/features/payments";
import { CardForm, HostedCardForm } from "./card-payment-forms";
import { checkoutHref, OtpStepForm, PinStepForm } from "./payment-fields";
import { MobileMoneyForm } from "./mobile-money-form";
import { MethodTabs, NoticeBox, PaymentOrderSummary } from "./payment-step-parts";

/**
 * SPEC §2's payment step: the order's summary, tabs Mobile Money (first) and Card Payment, the PIN prompt
 * and the OTP overlay. With JavaScript the forms call /api/payment/* (SPEC §7) and react to each
 * answer as SPEC §4 says; without it the same forms post to the /checkout action, which redirects
 * to the next step (the PIN or OTP form inline, the status page, the success step).
 */
export type PaymentMethod = "card" | "mobile";

/** hosted: the card is entered on Paystack's checkout page (default); direct: on this page, for PCI-DSS-certified merchants. */
export type CardMode = "hosted" | "direct";

/**
 * The step form the page shows from its address (`?reference=&next=`): PIN or OTP after a
 * no-JavaScript post; phone, date of birth or billing address in both cases.
 */
export interface ServerPaymentStep {
  next: "pin" | "otp" | ChargeStepKind;
  reference: string;
}

/** What the /checkout action answered to a payment form (no JavaScript, or a phone, birthday or address form). */
export interface PaymentFormResult {
  intent: "card" | "mobile" | "pin" | "otp" | ChargeStepKind;
  submission: SubmissionResult<string[]> | null;
  notice: PaymentNotice | null;
  endsStep: boolean;
  /** The refusal is about another payment of the order (a prompt still open): linked to its status page. */
  statusReference?: string;
}

interface PaymentStepProps {
  order: OrderConfirmation;
  payerEmail: string;
  method: PaymentMethod;
  cardMode: CardMode;
  serverStep: ServerPaymentStep | null;
  result: PaymentFormResult | null;
}


export function PaymentStep({ order, payerEmail, method, cardMode, serverStep, result }: PaymentStepProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const amountMinor = toMinorUnits(order.amount);
  const total = formatMoney(amountMinor, order.currency);
  const [isProcessing, setProcessing] = useState(false);
  /** SPEC §4: set by send_pin, with the reference of the charge waiting for it. */
  const [pinReference, setPinReference] = useState<string | null>(null);
  const [otpStep, setOtpStep] = useState<{ reference: string; description: string } | null>(null);
  /**
   * The last call's refusal or notice, kept on the page beside the form (the toast goes away): a
   * declined card or wallet leaves the payer here to try again (issue #16, instead of SPEC §8's
   * return to the review).
   */
  const [notice, setNotice] = useState<PaymentNotice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  /** SPEC §4: a pending or unclear mobile-money payment keeps its reference; its status page follows it. */
  const [keptReference, setKeptReference] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const isBusy = isProcessing || navigation.state === "submitting";

  // The no-JavaScript action's notice also shows as a toast once the page runs script.
  useEffect(() => {
    if (result?.notice) toast({ ...result.notice });
  }, [result]);

  const succeed = async () => {
    toast({ title: paymentNotices.success.title, description: paymentNotices.success.description });
    clearStoredDraft();
    setPinReference(null);
    setOtpStep(null);
    // The success step is this address once the order is paid (so a reload shows it too).
    await navigate(checkoutHref(order.id), { replace: true });
  };

  // A notice set by a call is scrolled to: on a phone the pay button is far below it.
  useEffect(() => {
    if (notice) noticeRef.current?.scrollIntoView({ block: "nearest" });
  }, [notice]);

  /** SPEC §8: 'Payment Failed' with the provider's message; the payer stays on this step, the form as it was. */
  const failPayment = (message: string) => {
    const failed: PaymentNotice = { title: paymentNotices.failed.title, description: message, variant: "destructive" };
    toast(failed);
    setNotice(failed);
    setPinReference(null);
    setOtpStep(null);
  };

  const follow = async (outcome: PaymentOutcome) => {
    switch (outcome.kind) {
      case "success":
        return succeed();
      case "pin":
        setPinReference(outcome.reference);
        toast({ ...outcome.notice });
        return;
      case "otp":
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setOtpStep({ reference: outcome.reference, description: outcome.notice.description });
        toast({ ...outcome.notice });
        return;
      case "phone":
      case "birthday":
      case "address":
        // The step's form lives at its own address (a reload keeps it) and posts to the checkout's action.
        toast({ ...outcome.notice });
        // Card steps: the card tab again if the step ends.
        await navigate(checkoutHref(order.id, { method: "card", reference: outcome.reference, next: outcome.kind }));
        return;
      case "redirect":
        // The card's bank's page (3-D Secure), an http(s) address (payment-outcome): it sends the payer back.
        window.location.assign(outcome.url);
        return;
      case "offline":
        await navigate(paymentStatusHref(outcome.reference, order));
        return;
      case "error":
        return failPayment(outcome.message);
      case "notice":
        toast({ ...outcome.notice });
        setNotice(outcome.notice);
        if (outcome.reference) setKeptReference(outcome.reference);
        return;
    }
  };

  /** One call to /api/payment/*; a refusal (4xx) or a network error is a payment error (SPEC §8). */
  const call = async (path: string, body: unknown, read: (response: ChargeResponse) => PaymentOutcome, onError: (message: string) => void = failPayment) => {
    setProcessing(true);
    setNotice(null);
    try {
      const response = await apiRequest<ChargeResponse>(path, { method: "POST", body });
      await follow(read(response));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        await navigate(`/auth?redirectTo=${encodeURIComponent(checkoutHref(order.id))}`);
        return;
      }
      if (error instanceof ApiError && error.status === 409 && /already paid/i.test(error.message)) {
        await succeed();
        return;
      }
      // Another prompt of this order still waits on the phone: its status page follows it (and offers Resend).
      if (error instanceof ApiError && error.status === 409 && error.reference) {
        toast({ title: paymentNotices.pending.title, description: error.message });
        await navigate(paymentStatusHref(error.reference, order));
        return;
      }
      onError(error instanceof Error && error.message ? error.message : paymentNotices.failed.fallback);
    } finally {
      setProcessing(false);
    }
  };

  const payByCard = (input: CardChargeInput) => {
    if (pinReference && !input.pin) {
      toast({ ...paymentNotices.pinRequired });
      return;
    }
    void call("/api/payment/charge/card", input, cardOutcome);
  };
  const payByMobileMoney = (input: MobileMoneyChargeInput) => void call("/api/payment/charge/mobile-money", input, mobileMoneyOutcome);
  const submitOtpCode = (input: { reference: string; otp: string }) =>
    void call("/api/payment/submit-otp", input, otpOutcome, (message) => {
      toast({ title: paymentNotices.otpFailed.title, description: message || paymentNotices.otpFailed.fallback, variant: "destructive" });
    });

  const hidden = { orderId: order.id, amount: amountMinor, currency: order.currency };
  const statusReference = keptReference ?? result?.statusReference ?? null;
  // The browser's last call, else the no-JavaScript action's answer.
  const shownNotice = notice ?? result?.notice ?? null;
  // A step form whose charge just ended gives way to the payment forms again.
  const showServerStep = serverStep && !(result?.endsStep && result.intent !== "card" && result.intent !== "mobile");

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="payment-heading" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        {/* Focusable: the checkout moves the focus here from "Proceed to Payment". */}
        <h2 id="payment-heading" tabIndex={-1} className="text-xl font-bold outline-none">
          Payment
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Pay <strong className="text-foreground">{total}</strong> for order #{order.id}. Payments are processed securely by Paystack.
        </p>

        {shownNotice ? <NoticeBox ref={noticeRef} notice={shownNotice} /> : null}
        {statusReference ? (
          <p className="mt-4 text-sm">
            <Link to={paymentStatusHref(statusReference, order)} className="font-medium text-primary underline-offset-4 hover:underline">
              Check this payment&apos;s status
            </Link>
          </p>
        ) : null}

        {showServerStep ? (
          serverStep.next === "pin" ? (
            <PinStepForm orderId={order.id} reference={serverStep.reference} isBusy={isBusy} submission={result?.intent === "pin" ? result.submission : null} />
          ) : serverStep.next === "otp" ? (
            <OtpStepForm orderId={order.id} reference={serverStep.reference} isBusy={isBusy} submission={result?.intent === "otp" ? result.submission : null} isCard={method === "card"} />
          ) : (
            <ChargeStepForm
              key={`${serverStep.next}-${serverStep.reference}`}
              step={serverStep.next}
              orderId={order.id}
              reference={serverStep.reference}
              isBusy={isBusy}
              submission={result?.intent === serverStep.next ? result.submission : null}
            />
          )
        ) : (
          <>
            <MethodTabs orderId={order.id} method={method} isDisabled={isBusy} />
            <div className="mt-6">
              {method === "card" && cardMode === "hosted" ? (
                <HostedCardForm key={order.id} hidden={hidden} payerEmail={payerEmail} total={total} lastResult={result?.intent === "card" ? result.submission : null} />
              ) : method === "card" ? (
                <CardForm
                  key={order.id}
                  hidden={hidden}
                  payerEmail={payerEmail}
                  total={total}
                  isBusy={isBusy}
                  pinReference={pinReference}
                  lastResult={result?.intent === "card" ? result.submission : null}
                  onPay={payByCard}
                />
              ) : (
                <MobileMoneyForm
                  key={order.id}
                  hidden={hidden}
                  payerEmail={payerEmail}
                  total={total}
                  isBusy={isBusy}
                  currency={order.currency}
                  lastResult={result?.intent === "mobile" ? result.submission : null}
                  onPay={payByMobileMoney}
                />
              )}
            </div>
          </>
        )}

        <div className="mt-6 border-t pt-4">
          <Link to="/checkout" className={buttonVariants({ variant: "outline" })}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Link>
        </div>
      </section>

      <PaymentOrderSummary order={order} total={total} cardMode={cardMode} method={method} />

      <OtpDialog
        reference={otpStep?.reference ?? null}
        description={otpStep?.description ?? paymentNotices.otpRequired.description}
        isProcessing={isProcessing}
        opener={opener.current}
        onSubmit={submitOtpCode}
        onCancel={() => setOtpStep(null)}
      />
    </div>
  );
}
