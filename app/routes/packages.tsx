import { parseWithZod } from "@conform-to/zod/v4";
import { Clock, Info } from "~/components/page-icons";
import { ShieldCheck } from "~/components/icons";
import { type FormEvent, useEffect, useState } from "react";
import { data, Form, redirect, useNavigate, useRouteLoaderData } from "react-router";
import { Link } from "~/components/link";
import { toast } from "~/components/toaster";
import { buttonVariants } from "~/components/ui/button";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { findRequestUser, signInHref } from "~/features/auth/authenticate.server";
import type { SessionUser } from "~/lib/session-user";
import { type CatalogPlatform, defaultQuantity, isCatalogPlatform, packageFor, platformLabels, priceOrder } from "~/features/catalog/catalog";
import { AccountVerificationForm, type VerificationErrors } from "~/features/checkout/account-verification-form";
import { commitServerDraft } from "~/features/checkout/checkout-session.server";
import { verifyAccountForCheckout } from "~/features/checkout/checkout.server";
import { PlatformTabs, QuantityDropdown, packagesHref } from "~/features/checkout/package-picker";
import { accountVerificationSchema, quantityFromText, quantityProblem } from "~/features/checkout/verification-schema";
import { isAppError } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { cacheForAnonymousVisitors } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/packages";
import { readFormData } from "~/lib/request-body.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Buy Followers",
      description: "Instagram and TikTok followers and YouTube subscribers from real people, from 50 to 100,000. Pay in cedis by card or mobile money.",
      path: "/packages",
    },
    matches,
  );

// The page is a function of its address for signed-out visitors: the page cache may keep it.
const anonymousPageCache = cacheForAnonymousVisitors(60);

/** A screenshot refused by the client's upload quota also says when to come back (Retry-After), as the API does. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return { ...anonymousPageCache(), ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
}

/** SPEC §2: platforms the footer links to that are not sold (yet) get an honest note, not a silent switch. */
const platformsNotSold: Record<string, string> = { twitter: "Twitter", facebook: "Facebook" };
const completeOrderId = "complete-order";

export function loader({ url }: Route.LoaderArgs) {
  const query = url.searchParams;
  const requested = query.get("platform")?.toLowerCase() ?? null;
  const platform: CatalogPlatform = isCatalogPlatform(requested) ? requested : "instagram";
  return {
    platform,
    platformNotSold: requested && Object.hasOwn(platformsNotSold, requested) ? platformsNotSold[requested] : null,
    quantityText: (query.get("quantity") ?? String(defaultQuantity)).slice(0, 9),
    isVerifying: query.get("verify") === "1",
  };
}

/** "Complete Your Order" without JavaScript: upload the screenshot, keep the draft, go to /checkout. */
export async function action({ request, url }: Route.ActionArgs) {
  const user = await findRequestUser(request);
  if (!user) {
    const back = new URL(url);
    back.searchParams.set("verify", "1");
    throw redirect(signInHref(`${back.pathname}${back.search}`));
  }
  const formData = await readFormData(request);
  const username = String(formData.get("username") ?? "");
  // conform parses the post (no automatic coercion: the schema sees the posted strings and file).
  const submission = parseWithZod(formData, { schema: accountVerificationSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return data({ errors: verificationErrorsOf(submission.error), username }, 400);
  try {
    const draft = await verifyAccountForCheckout(user, submission.value);
    return redirect("/checkout", { headers: { "Set-Cookie": await commitServerDraft(draft) } });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const errors: VerificationErrors = error.status === 403 ? { form: error.message } : { screenshot: error.message };
    const headers = error.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(error.retryAfterSeconds) };
    return data({ errors, username }, { status: error.status, headers });
  }
}

/** conform's errors as the form shows them: its two fields' own, and the first of any other (platform, quantity) above the form. */
function verificationErrorsOf(error: Record<string, string[] | null> | null | undefined): VerificationErrors {
  const errors: VerificationErrors = {};
  for (const [name, messages] of Object.entries(error ?? {})) {
    const field = name === "username" || name === "screenshot" ? name : "form";
    errors[field] ??= messages?.[0];
  }
  return errors;
}

export default function Packages({ loaderData, actionData }: Route.ComponentProps) {
  const { platform, platformNotSold, isVerifying } = loaderData;
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  const navigate = useNavigate();
  const [quantityText, setQuantityText] = useState(loaderData.quantityText);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);

  // A preset, a tab or the back button changes the address: the box follows it.
  useEffect(() => setQuantityText(loaderData.quantityText), [loaderData.quantityText, platform]);

  const quantity = quantityFromText(quantityText);
  const problem = quantityProblem(quantity);
  const chosen = packageFor(platform, problem ? defaultQuantity : quantity);
  const price = problem ? null : priceOrder(platform, quantity);
  const verifyHref = packagesHref(platform, quantity, { verify: "1" });
  const showsInline = isVerifying || actionData !== undefined;

  // With JavaScript, "START YOUR GROWTH JOURNEY" opens the dialog (SPEC §2) or says why it cannot (§6).
  const startJourney = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("name") !== "verify") return;
    event.preventDefault();
    if (!user) {
      toast({
        title: "Authentication required",
        description: "Please log in to purchase packages.",
        variant: "destructive",
        action: { label: "Log in", altText: "Use the Login link in the header", onSelect: () => void navigate(`/auth?redirectTo=${encodeURIComponent(verifyHref)}`) },
      });
      return;
    }
    if (user.role !== "client") {
      toast({ title: "Access denied", description: "Only clients can purchase packages.", variant: "destructive" });
      return;
    }
    setOpener(submitter ?? null);
    setDialogOpen(true);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
      <header className="text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Packages</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">Grow with real people</h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">
          Pick a platform and how many followers you want. Real people on our worker network follow your account, a little at a time.
        </p>
      </header>

      {platformNotSold ? (
        <p role="status" className="mx-auto mt-8 flex max-w-2xl items-start gap-2 rounded-lg border bg-muted/50 px-4 py-3 text-sm">
          <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {platformNotSold} packages are not available yet. Choose Instagram, TikTok or YouTube.
        </p>
      ) : null}

      <div className="mt-8">
        <PlatformTabs selected={platform} />
      </div>

      <section aria-labelledby="package-heading" className="mt-8 grid gap-8 rounded-2xl border bg-card p-6 shadow-sm sm:p-8 md:grid-cols-2">
        <div>
          <p className="text-sm font-semibold text-primary">{platformLabels[platform]}</p>
          <h2 id="package-heading" className="mt-1 text-2xl font-bold">
            {problem ? `${platformLabels[platform]} package` : chosen.name}
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">{problem ? "Choose from 50 to 100,000." : chosen.description}</p>
          <ul className="mt-6 grid gap-2 text-sm">
            {chosen.features.slice(problem ? 1 : 0).map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
          <p className="mt-6 flex items-center gap-2 text-sm text-muted-foreground">
            <Clock className="size-4 shrink-0" aria-hidden="true" />
            Delivered within {chosen.deliveryTime.toLowerCase()} of payment
          </p>
        </div>

        <div className="grid content-start gap-5">
          <div className="grid gap-2">
            <span className="text-sm font-semibold">Package size</span>
            <QuantityDropdown platform={platform} selected={problem ? 0 : quantity} />
          </div>
          <Form method="get" action="/packages" replace preventScrollReset onSubmit={startJourney} className="grid gap-5">
            <input type="hidden" name="platform" value={platform} />
            <div className="grid gap-2">
              <label htmlFor="custom-quantity" className="text-sm font-semibold">
                Or enter a custom amount
              </label>
              <div className="flex gap-2">
                <input
                  id="custom-quantity"
                  name="quantity"
                  type="number"
                  inputMode="numeric"
                  value={quantityText}
                  onChange={(event) => setQuantityText(event.currentTarget.value)}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? "quantity-problem" : "quantity-hint"}
                  className="h-11 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive"
                />
                {/* Without JavaScript the price follows the box only when the form is sent. */}
                <noscript>
                  <button type="submit" className={buttonVariants({ variant: "outline", size: "lg" })}>
                    Update price
                  </button>
                </noscript>
              </div>
              {problem ? (
                <p id="quantity-problem" className="text-sm font-medium text-destructive">
                  {problem}
                </p>
              ) : (
                <p id="quantity-hint" className="text-xs text-muted-foreground">
                  From 50 to 100,000.
                </p>
              )}
            </div>

            <div className="flex items-baseline justify-between rounded-lg bg-muted/60 px-4 py-3">
              <span className="text-sm text-muted-foreground">Price</span>
              <output htmlFor="custom-quantity" aria-live="polite" className="text-3xl font-extrabold tracking-tight">
                {price ? formatMoney(price.priceMinor) : "—"}
              </output>
            </div>
            <p className="-mt-3 text-xs text-muted-foreground">A 1.7% payment processing fee is added at checkout.</p>

            <button
              type="submit"
              name="verify"
              value="1"
              formAction={`/packages#${completeOrderId}`}
              disabled={problem !== null}
              aria-haspopup={user?.role === "client" ? "dialog" : undefined}
              className={buttonVariants({ variant: "brand", size: "lg", className: "h-12 w-full" })}
            >
              START YOUR GROWTH JOURNEY
            </button>
          </Form>
        </div>
      </section>

      {showsInline ? (
        <section id={completeOrderId} aria-labelledby="complete-order-heading" className="mx-auto mt-10 max-w-lg scroll-mt-24 rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
          <h2 id="complete-order-heading" className="text-2xl font-bold tracking-tight">
            Complete Your Order
          </h2>
          <CompleteOrder user={user} platform={platform} quantity={problem ? null : quantity} verifyHref={verifyHref} actionData={actionData} />
        </section>
      ) : null}

      {isDialogOpen && !problem ? (
        <ModalDialog isOpen title="Complete Your Order" description={`${chosen.name} on ${platformLabels[platform]}${price ? ` for ${formatMoney(price.priceMinor)}` : ""}.`} onClosed={() => setDialogOpen(false)} opener={opener}>
          <AccountVerificationForm platform={platform} quantity={quantity} action={verifyHref} />
        </ModalDialog>
      ) : null}

      <p className="mx-auto mt-10 max-w-2xl text-center text-sm text-muted-foreground">
        Changed your mind? A paid order can be cancelled within 1 hour of payment, before delivery begins, for a full refund.{" "}
        <Link to="/how-it-works" className="font-medium text-primary underline-offset-4 hover:underline">
          How it works
        </Link>
      </p>
    </div>
  );
}

/** The inline "Complete Your Order" (no JavaScript, or a failed post): the form, or why it cannot show. */
function CompleteOrder({
  user,
  platform,
  quantity,
  verifyHref,
  actionData,
}: {
  user: SessionUser | null;
  platform: CatalogPlatform;
  quantity: number | null;
  verifyHref: string;
  actionData: Route.ComponentProps["actionData"];
}) {
  if (quantity === null) return <p className="mt-4 text-sm text-muted-foreground">Choose a package size from 50 to 100,000 first.</p>;
  if (!user) {
    return (
      <div role="alert" className="mt-4 grid gap-3">
        <p className="font-semibold">Authentication required</p>
        <p className="text-sm text-muted-foreground">Please log in to purchase packages.</p>
        <Link to={`/auth?redirectTo=${encodeURIComponent(verifyHref)}`} className={buttonVariants({ className: "w-fit" })}>
          Log in or create an account
        </Link>
      </div>
    );
  }
  if (user.role !== "client") {
    return (
      <div role="alert" className="mt-4 grid gap-1">
        <p className="font-semibold">Access denied</p>
        <p className="text-sm text-muted-foreground">Only clients can purchase packages.</p>
      </div>
    );
  }
  const chosen = packageFor(platform, quantity);
  return (
    <>
      <p className="mt-2 text-sm text-muted-foreground">
        {chosen.name} on {platformLabels[platform]} for {formatMoney(priceOrder(platform, quantity).priceMinor)}.
      </p>
      <div className="mt-6">
        <AccountVerificationForm platform={platform} quantity={quantity} action={verifyHref} errors={actionData?.errors} defaultUsername={actionData?.username} />
      </div>
    </>
  );
}
