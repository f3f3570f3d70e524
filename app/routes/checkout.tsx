import { getCatalogue } from "~/features/catalog/services.server";
import { ArrowLeft, Loader2 } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { data, Form, redirect, useNavigate, useNavigation, useRouteLoaderData } from "react-router";
import { Link } from "~/components/link";
import { toast } from "~/components/toaster";
import { Button, buttonVariants } from "~/components/ui/button";
import { findRequestUser, signInHref } from "~/features/auth/authenticate.server";
import { type CheckoutSelection, readStoredDraft, clearStoredDraft, storefrontServiceOf } from "~/features/checkout/checkout-draft";
import { CheckoutReview, CheckoutSteps } from "~/features/checkout/checkout-review";
import { clearServerDraft, readServerDraft, readServerSelection } from "~/features/checkout/checkout-session.server";
import { createOrderFromServerDraft } from "~/features/checkout/checkout.server";
import { packagesHref } from "~/features/checkout/package-picker";
import { deliveryTimeOf, newCheckoutHref } from "~/features/orders/order-display";
import { type CatalogService, targetUrlFor } from "~/features/catalog/catalog";
import { parseRecordId } from "~/lib/record-id";
import { getOrderFor } from "~/features/orders/orders.server";
import { handlePaymentForm, isPaymentIntent } from "~/features/payments/checkout-payment-action.server";
import { isHostedCardMode } from "~/features/payments/hosted-checkout.server";
import { type CardMode, type PaymentMethod, PaymentStep, type ServerPaymentStep } from "~/features/payment-pages/payment-form";
import { chargeStepKinds } from "~/features/payments/payment-outcome";
import { paymentReferenceSchema } from "~/features/payments/payment-schema";
import { PaymentSuccess } from "~/features/payment-pages/payment-success";
import { ApiError, apiRequest } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { isAppError } from "~/lib/errors";
import { siteBaseUrl } from "~/lib/seo.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/checkout";
import { readFormData } from "~/lib/request-body.server";
import { PayFromBalance } from "~/features/wallet/pay-from-balance";
import { dripFeedFormSchema } from "~/features/drip-feed/drip-feed";
import { payOrderFromWallet, walletBalanceOf } from "~/features/wallet/wallet.server";

export function meta() {
  return [{ title: "Checkout | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

/** A payment form refused for too many attempts also says when to come back (Retry-After), as the API does. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return { "Cache-Control": "private, no-store", ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
}

/**
 * SPEC §2 "/checkout". Review works from the draft (session storage with JavaScript, the server's
 * cookie without); "Proceed to Payment" creates the order and the payment step is
 * `/checkout?orderId=`, so a reload or the back button never loses it.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await findRequestUser(request);
  const pageUrl = `${siteBaseUrl()}/checkout`;
  if (url.searchParams.has("orderId")) {
    if (!user) throw redirect(signInHref(`${url.pathname}${url.search}`));
    const order = await readOrder(user, url);
    if (order.paymentStatus === "paid") {
      // The success step: the server's draft has done its job (SPEC §4 "clears stored checkout data").
      const headers: HeadersInit = (await readServerDraft(request)) ? { "Set-Cookie": await clearServerDraft(request) } : {};
      return data({ step: "success" as const, order, deliveryTime: deliveryTimeOf((await getCatalogue()).find(order.package.id)), pageUrl }, { headers });
    }
    // Mobile money unless the card tab was chosen (MethodTabs).
    const method: PaymentMethod = url.searchParams.get("method") === "card" ? "card" : "mobile";
    const cardMode: CardMode = isHostedCardMode() ? "hosted" : "direct";
    // The wallet is offered when it covers the price (issue #20); only clients have one.
    const walletBalanceMinor = user.role === "client" ? await walletBalanceOf(user) : 0;
    return { step: "payment" as const, order, pageUrl, payerEmail: user.email, method, cardMode, serverStep: serverStepOf(url), walletBalanceMinor };
  }
  // The review prices the draft from its service: the server's draft is read here; the browser's
  // (session storage, not sent here) finds its service among those on sale.
  const catalogue = await getCatalogue();
  const findService = (id: string) => catalogue.find(id);
  const serverDraft = await readServerSelection(request, findService);
  return {
    step: "review" as const,
    serverDraft: serverDraft && { selection: serverDraft.selection, service: storefrontServiceOf(serverDraft.service) },
    services: catalogue.active.map(storefrontServiceOf),
    pageUrl,
  };
}

async function readOrder(user: NonNullable<Awaited<ReturnType<typeof findRequestUser>>>, url: URL) {
  return getOrderFor(user, parseRecordId(url.searchParams.get("orderId") ?? undefined)).catch((error: unknown) => {
    if (isAppError(error) && error.status === 404) throw data("Order not found", 404);
    throw error;
  });
}

/** The step form a payment answer led to (`?reference=&next=pin|otp|phone|birthday|address`). */
function serverStepOf(url: URL): ServerPaymentStep | null {
  const next = url.searchParams.get("next");
  const reference = paymentReferenceSchema.safeParse(url.searchParams.get("reference"));
  if (!isServerStepName(next) || !reference.success) return null;
  return { next, reference: reference.data };
}

const serverStepNames: ReadonlyArray<ServerPaymentStep["next"]> = ["pin", "otp", ...chargeStepKinds];
const isServerStepName = (value: string | null): value is ServerPaymentStep["next"] => (serverStepNames as ReadonlyArray<string | null>).includes(value);

/**
 * The payment forms without JavaScript (`intent` card, mobile, pin or otp on `/checkout?orderId=`),
 * or "Proceed to Payment" on the server's draft (no JavaScript, or a screenshot too large for the
 * browser's storage).
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await findRequestUser(request);
  if (url.searchParams.has("orderId")) {
    if (!user) throw redirect(signInHref(`${url.pathname}${url.search}`));
    const order = await readOrder(user, url);
    const formData = await readFormData(request);
    const intent = formData.get("intent");
    if (intent === "wallet") return payFromWallet(user, order.id, formData);
    if (!isPaymentIntent(intent)) throw data("Unknown action", 400);
    return handlePaymentForm(request, user, order, formData, intent, context.clientAddress);
  }
  if (!user) throw redirect(signInHref("/checkout"));
  const catalogue = await getCatalogue();
  const draft = await readServerSelection(request, (id) => catalogue.find(id));
  if (!draft || draft.selection.screenshot?.kind === "data-url") throw redirect("/packages");
  try {
    const order = await createOrderFromServerDraft(user, draft.selection);
    return redirect(`/checkout?orderId=${order.id}`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ message: error.message }, error.status);
  }
}

/**
 * "Pay from balance": paid, to the success step; refused (balance too low, already paid, a bad
 * "Deliver gradually" choice), said on the page with nothing changed.
 */
async function payFromWallet(user: NonNullable<Awaited<ReturnType<typeof findRequestUser>>>, orderId: number, formData: FormData) {
  const dripFeed = dripFeedFormSchema.safeParse({ runs: formData.get("runs") ?? undefined, interval: formData.get("interval") ?? undefined });
  if (!dripFeed.success) return data({ walletError: dripFeed.error.issues[0]?.message ?? "Check the runs and the interval." }, 400);
  try {
    await payOrderFromWallet(user, orderId, new Date(), dripFeed.data);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === "already_paid") throw redirect(`/checkout?orderId=${orderId}`, 303);
    return data({ walletError: error.message }, error.status === 402 ? 422 : error.status);
  }
  throw redirect(`/checkout?orderId=${orderId}`, 303);
}

const orderCreationFailed = "Order Creation Failed";
const orderCreationFallback = "Failed to create order. Please try again.";

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  useFocusOnPaymentStep(loaderData.step);
  if (loaderData.step === "success") {
    return (
      <CheckoutPage step="success">
        <PaymentSuccess order={loaderData.order} deliveryTime={loaderData.deliveryTime} />
      </CheckoutPage>
    );
  }
  if (loaderData.step === "payment") {
    const { order } = loaderData;
    const isPayable = order.status === "pending" && order.paymentStatus === "unpaid";
    return (
      <CheckoutPage step="payment">
        {isPayable && loaderData.walletBalanceMinor >= Math.round(order.price * 100) ? (
          <PayFromBalance orderId={order.id} price={order.price} quantity={order.quantity} balanceMinor={loaderData.walletBalanceMinor} error={actionData && "walletError" in actionData ? actionData.walletError : null} />
        ) : null}
        {isPayable ? (
          <PaymentStep
            order={order}
            payerEmail={loaderData.payerEmail}
            method={loaderData.method}
            cardMode={loaderData.cardMode}
            serverStep={loaderData.serverStep}
            result={actionData && "intent" in actionData ? actionData : null}
          />
        ) : (
          <section className="mx-auto max-w-lg rounded-2xl border bg-card p-6 text-center shadow-sm">
            <h2 className="text-lg font-bold">This order can no longer be paid</h2>
            <p className="mt-2 text-sm text-muted-foreground">
              Order #{order.id} ({order.package.name} for {order.username}) {order.expiredAt ? "expired because it was not paid in time" : `is ${order.status === "cancelled" ? "cancelled" : "closed"}`}:{" "}
              {order.latePayment ? "a payment that arrived after it ended goes back to you in full." : "nothing was charged."}
            </p>
            <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
              <Link to={`/order-success?orderId=${order.id}`} className={buttonVariants({ variant: "outline" })}>
                View Order Details
              </Link>
              <Link to={order.expiredAt ? newCheckoutHref(order) : "/packages"} className={buttonVariants({ variant: "brand" })}>
                {order.expiredAt ? "Start a new checkout" : "Choose a package"}
              </Link>
            </div>
          </section>
        )}
      </CheckoutPage>
    );
  }
  return (
    <ReviewStep
      serverDraft={loaderData.serverDraft}
      services={loaderData.services}
      pageUrl={loaderData.pageUrl}
      failure={actionData && "message" in actionData ? actionData.message : undefined}
    />
  );
}

type CheckoutStep = Route.ComponentProps["loaderData"]["step"];

/** The step's own content, below the page's heading and the steps. */
const stepContentId = "checkout-step";

function CheckoutPage({ step, children }: { step: CheckoutStep; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-center text-3xl font-extrabold tracking-tight">Checkout</h1>
      <div className="mt-6">
        <CheckoutSteps current={step} />
      </div>
      <div id={stepContentId} className="mt-10">
        {children}
      </div>
    </div>
  );
}

/**
 * "Proceed to Payment" stays on /checkout (the payment step is `?orderId=`), so the page's own move
 * of the focus on a new address does not run, and the button that had the focus is gone with the
 * review: the focus would fall to <body>. It goes to the payment step's first heading instead
 * (focusable with tabIndex -1), where a keyboard or screen-reader user carries on. A page loaded
 * as the payment step (a reload, no JavaScript) starts from the top as any page does.
 */
function useFocusOnPaymentStep(step: CheckoutStep) {
  const shownStep = useRef(step);
  useEffect(() => {
    const previous = shownStep.current;
    shownStep.current = step;
    if (previous === "review" && step === "payment") document.querySelector<HTMLElement>(`#${stepContentId} h2`)?.focus();
  }, [step]);
}

type ChosenDraft = { selection: CheckoutSelection; service: CatalogService };

function ReviewStep({ serverDraft, services, pageUrl, failure }: { serverDraft: ChosenDraft | null; services: CatalogService[]; pageUrl: string; failure: string | undefined }) {
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  const navigate = useNavigate();
  const navigation = useNavigation();
  // undefined until the browser's storage has been read (SPEC: 'Loading checkout...' meanwhile).
  const [storedDraft, setStoredDraft] = useState<ChosenDraft | null | undefined>(undefined);
  const [isCreating, setCreating] = useState(false);

  useEffect(() => {
    const findService = (id: string) => services.find((service) => service.id === id);
    const selection = readStoredDraft(findService);
    const service = selection && findService(selection.serviceId);
    if (!selection || !service) {
      // Missing, unparseable or no longer on sale (SPEC §5): start again on /packages, unless the server keeps a draft.
      clearStoredDraft();
      if (!serverDraft) void navigate("/packages", { replace: true });
      setStoredDraft(null);
      return;
    }
    setStoredDraft({ selection, service });
  }, [navigate, serverDraft, services]);

  useEffect(() => {
    if (failure) toast({ title: orderCreationFailed, description: failure, variant: "destructive" });
  }, [failure]);

  const chosen = storedDraft ?? serverDraft;
  if (!chosen) {
    return (
      <CheckoutPage step="review">
        <p role="status" className="flex items-center justify-center gap-2 text-muted-foreground">
          <Loader2 className="size-5 animate-spin" aria-hidden="true" />
          Loading checkout...
        </p>
        {/* Without JavaScript there is no browser draft to wait for: back to the packages. */}
        <noscript>
          <meta httpEquiv="refresh" content="0;url=/packages" />
          <p className="mt-4 text-center">
            <a href="/packages" className="font-medium text-primary underline">
              Choose a package
            </a>
          </p>
        </noscript>
      </CheckoutPage>
    );
  }

  if (!user) {
    return (
      <CheckoutPage step="review">
        <section aria-labelledby="login-required" className="mx-auto max-w-md rounded-2xl border bg-card p-8 text-center shadow-sm">
          <h2 id="login-required" className="text-xl font-bold">
            Login Required
          </h2>
          <p className="mt-2 text-muted-foreground">Please log in to complete your checkout process.</p>
          <Link to="/auth?redirectTo=/checkout" className={buttonVariants({ className: "mt-6" })}>
            Go to Login
          </Link>
        </section>
      </CheckoutPage>
    );
  }

  // With JavaScript and a browser draft, the order is created through the API (SPEC §7).
  const createFromStoredDraft = async (event: FormEvent<HTMLFormElement>) => {
    if (!storedDraft) return; // the server's draft: the form posts to the action
    event.preventDefault();
    const { selection } = storedDraft;
    setCreating(true);
    try {
      const order = await apiRequest<{ id?: number }>("/api/orders", {
        method: "POST",
        body: {
          packageId: selection.serviceId,
          quantity: selection.quantity,
          // SPEC §3's username and profile address for a profile service; the post's link for a post service.
          ...(selection.postUrl === null
            ? { targetUsername: selection.username, targetUrl: targetUrlFor(selection.platform, selection.username) }
            : { targetUrl: selection.postUrl }),
          ...(selection.comments.length > 0 ? { comments: selection.comments } : {}),
          accountScreenshot: selection.screenshot?.kind === "data-url" ? selection.screenshot.dataUrl : null,
          checkoutKey: selection.checkoutKey,
        },
      });
      if (!order?.id) throw new Error(orderCreationFallback);
      await navigate(`/checkout?orderId=${order.id}`);
    } catch (error) {
      const description = error instanceof ApiError || error instanceof Error ? error.message : orderCreationFallback;
      toast({ title: orderCreationFailed, description: description || orderCreationFallback, variant: "destructive" });
    } finally {
      setCreating(false);
    }
  };

  const isBusy = isCreating || navigation.state === "submitting";
  return (
    <CheckoutPage step="review">
      {failure ? (
        <p role="alert" className="mx-auto mb-6 max-w-2xl rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive">
          <strong>{orderCreationFailed}:</strong> {failure}
        </p>
      ) : null}
      <CheckoutReview
        selection={chosen.selection}
        service={chosen.service}
        pageUrl={pageUrl}
        actions={
          <Form id={proceedFormId} method="post" onSubmit={createFromStoredDraft} className="grid gap-3">
            {/* Below lg the bar at the bottom of the screen has this button (barAction). */}
            <ProceedButton isBusy={isBusy} className="max-lg:hidden" />
            <Link to={packagesHref(chosen.service, chosen.selection.quantity)} className={buttonVariants({ variant: "outline", className: "w-full" })}>
              <ArrowLeft aria-hidden="true" />
              Back
            </Link>
          </Form>
        }
        barAction={<ProceedButton isBusy={isBusy} form={proceedFormId} />}
      />
    </CheckoutPage>
  );
}

const proceedFormId = "proceed-to-payment";

/** "Proceed to Payment": in the form under the price, or outside it (`form`) in the phone's bar. */
function ProceedButton({ isBusy, form, className }: { isBusy: boolean; form?: string; className?: string }) {
  return (
    <Button type="submit" form={form} variant="brand" size="lg" disabled={isBusy} className={cn("w-full", className)}>
      {isBusy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
      Proceed to Payment
    </Button>
  );
}
