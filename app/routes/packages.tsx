import { Clock, Info, RefreshCw } from "~/components/page-icons";
import { ShieldCheck } from "~/components/icons";
import { type FormEvent, useState } from "react";
import { Form, useNavigate, useRouteLoaderData } from "react-router";
import { Link } from "~/components/link";
import { toast } from "~/components/toaster";
import { buttonVariants } from "~/components/ui/button";
import { ModalDialog } from "~/components/ui/modal-dialog";
import type { SessionUser } from "~/lib/session-user";
import { type CatalogPlatform, type CatalogService, defaultQuantityFor, isCatalogPlatform, kindLabels, packageFor, platformLabels, priceOrder } from "~/features/catalog/catalog";
import { getCatalogue } from "~/features/catalog/services.server";
import { AccountVerificationForm } from "~/features/checkout/account-verification-form";
import { storefrontOrder, storefrontServiceOf } from "~/features/checkout/checkout-draft";
import { PlatformTabs, QuantityDropdown, ServiceTabs, choiceOf, packagesHref } from "~/features/checkout/package-picker";
import { PostTargetForm } from "~/features/checkout/post-target-form";
import { quantityFromText, quantityProblem, quantityRangeOf } from "~/features/checkout/verification-schema";
import { useFieldAsFound } from "~/lib/use-field-as-found";
import { formatMoney } from "~/lib/money";
import { cacheForAnonymousVisitors } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/packages";
import { completeOrderAction } from "~/features/checkout/complete-order-action.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Buy Followers",
      description: "Followers, likes, views and comments from real people on Instagram, TikTok, YouTube, X and Facebook. Pay in cedis by card or mobile money.",
      path: "/packages",
    },
    matches,
  );

// The page is a function of its address (and the catalogue) for signed-out visitors: the page cache may keep it.
const anonymousPageCache = cacheForAnonymousVisitors(60);

/** A screenshot refused by the client's upload quota also says when to come back (Retry-After), as the API does. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return { ...anonymousPageCache(), ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
}

const completeOrderId = "complete-order";

/** "Instagram, TikTok or YouTube". */
function listOf(platforms: readonly CatalogPlatform[]): string {
  const labels = platforms.map((platform) => platformLabels[platform]);
  return labels.length < 2 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
}

/**
 * The platform and service the address asks for (`?platform=` — "x" and "twitter" are X — and
 * `?service=`), among those on sale; a platform or service that is not on sale gets an honest note
 * (SPEC §2's footer links to every platform), not a silent switch.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const query = url.searchParams;
  const catalogue = await getCatalogue();
  const platforms = catalogue.platformsOnSale;
  const requested = query.get("platform")?.trim().toLowerCase() || null;
  const named = requested === "x" ? "twitter" : requested;
  const serviceId = query.get("service");
  const askedService = serviceId ? catalogue.find(serviceId) : undefined;
  let platform: CatalogPlatform | null = platforms[0] ?? null;
  let notice: string | null = null;
  if (named === null) {
    if (askedService?.active) platform = askedService.platform;
  } else if (isCatalogPlatform(named) && platforms.includes(named)) {
    platform = named;
  } else {
    const which = isCatalogPlatform(named) ? `${platformLabels[named]} packages are` : "Packages for that platform are";
    notice = platforms.length > 0 ? `${which} not available yet. Choose ${listOf(platforms)}.` : `${which} not available yet.`;
  }
  const services = platform ? storefrontOrder(catalogue.activeOn(platform)).map(storefrontServiceOf) : [];
  const chosen = services.find((service) => service.id === serviceId) ?? services[0] ?? null;
  if (serviceId && !notice && chosen && chosen.id !== serviceId) {
    notice = askedService ? `${askedService.name} is not on sale at the moment.` : "That package is not on sale: choose one below.";
  }
  return {
    platforms,
    platform,
    services,
    serviceId: chosen?.id ?? null,
    notice,
    quantityText: (query.get("quantity") ?? String(chosen ? defaultQuantityFor(chosen) : 0)).slice(0, 9),
    isVerifying: query.get("verify") === "1",
  };
}
/** "Complete Your Order" without JavaScript: keep the draft (a profile's screenshot uploaded), go to /checkout. */
export const action = ({ request, url }: Route.ActionArgs) => completeOrderAction(request, url);

export default function Packages({ loaderData, actionData }: Route.ComponentProps) {
  const { platforms, platform, services, serviceId, notice } = loaderData;
  const service = services.find((candidate) => candidate.id === serviceId);
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
      <header className="text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Packages</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">Grow with real people</h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">
          {!service || service.target === "profile"
            ? "Pick a platform and how many followers you want. Real people on our worker network follow your account, a little at a time."
            : "Pick a platform, what you want and how much. Real people on our worker network like, watch or comment on your post."}
        </p>
      </header>

      {notice ? (
        <p role="status" className="mx-auto mt-8 flex max-w-2xl items-start gap-2 rounded-lg border bg-muted/50 px-4 py-3 text-sm">
          <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {notice}
        </p>
      ) : null}

      {platform && service ? (
        <ServiceChooser key={service.id} platforms={platforms} platform={platform} services={services} service={service} loaderData={loaderData} actionData={actionData} />
      ) : (
        <p className="mx-auto mt-8 max-w-2xl text-center text-muted-foreground">Nothing is on sale at the moment. Please come back soon.</p>
      )}

      <p className="mx-auto mt-10 max-w-2xl text-center text-sm text-muted-foreground">
        {service && !service.cancel
          ? "Orders of this package cannot be cancelled once paid: check the link and the quantity before you pay."
          : "Changed your mind? A paid order can be cancelled within 1 hour of payment, before delivery begins, for a full refund."}{" "}
        <Link to="/how-it-works" className="font-medium text-primary underline-offset-4 hover:underline">
          How it works
        </Link>
      </p>
    </div>
  );
}

/** The tabs, the chosen service's package (quantity, price, start button) and "Complete Your Order". */
function ServiceChooser({
  platforms,
  platform,
  services,
  service,
  loaderData,
  actionData,
}: {
  platforms: CatalogPlatform[];
  platform: CatalogPlatform;
  services: CatalogService[];
  service: CatalogService;
  loaderData: Route.ComponentProps["loaderData"];
  actionData: Route.ComponentProps["actionData"];
}) {
  const { isVerifying } = loaderData;
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  const navigate = useNavigate();
  const [quantityText, setQuantityText] = useState(loaderData.quantityText);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);

  // A preset, a tab or the back button changes the address: the box follows it. Only a change: on
  // the first render the box may hold an amount typed before the page's JavaScript ran, kept here.
  const [followedQuantityText, setFollowedQuantityText] = useState(loaderData.quantityText);
  if (followedQuantityText !== loaderData.quantityText) {
    setFollowedQuantityText(loaderData.quantityText);
    setQuantityText(loaderData.quantityText);
  }
  const quantityRef = useFieldAsFound<HTMLInputElement>((input) => setQuantityText(input.value));

  const quantity = quantityFromText(quantityText);
  const problem = quantityProblem(quantity, service);
  const chosen = packageFor(service, problem ? defaultQuantityFor(service) : quantity);
  const price = problem ? null : priceOrder(service, quantity);
  // SPEC's addresses (platform and quantity) for a platform's first service; others name themselves.
  const choice = choiceOf(service, services);
  const verifyHref = packagesHref(choice, quantity, { verify: "1" });
  const showsInline = isVerifying || actionData !== undefined;
  const range = quantityRangeOf(service);

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
    <>
      <div className="mt-8 grid gap-3">
        <PlatformTabs platforms={platforms} selected={platform} />
        <ServiceTabs services={services} selected={service} />
      </div>

      <section aria-labelledby="package-heading" className="mt-8 grid grid-cols-1 gap-8 rounded-2xl border bg-card p-6 shadow-sm sm:p-8 md:grid-cols-2">
        <div>
          <p className="text-sm font-semibold text-primary">{service.name}</p>
          <h2 id="package-heading" className="mt-1 text-2xl font-bold">
            {problem ? `${platformLabels[platform]} ${kindLabels[service.kind].toLowerCase()} package` : chosen.name}
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">{problem ? `Choose ${range}.` : service.target === "post" && service.description ? service.description : chosen.description}</p>
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
          <p className="mt-2 flex items-center gap-2 text-sm text-muted-foreground">
            <RefreshCw className="size-4 shrink-0" aria-hidden="true" />
            {service.refillDays > 0 ? `Refills of what drops for ${service.refillDays} days after delivery` : "No refills for this package"}
          </p>
        </div>

        <div className="grid min-w-0 grid-cols-1 content-start gap-5">
          <div className="grid gap-2">
            <span className="text-sm font-semibold">Package size</span>
            <QuantityDropdown service={service} choice={choice} selected={problem ? 0 : quantity} />
          </div>
          <Form method="get" action="/packages" replace preventScrollReset onSubmit={startJourney} className="grid grid-cols-1 gap-5">
            <input type="hidden" name="platform" value={platform} />
            {choice === platform ? null : <input type="hidden" name="service" value={service.id} />}
            <div className="grid gap-2">
              <label htmlFor="custom-quantity" className="text-sm font-semibold">
                Or enter a custom amount
              </label>
              <div className="flex gap-2">
                <input
                  ref={quantityRef}
                  id="custom-quantity"
                  name="quantity"
                  type="number"
                  inputMode="numeric"
                  value={quantityText}
                  onChange={(event) => setQuantityText(event.currentTarget.value)}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? "quantity-problem" : "quantity-hint"}
                  className="h-11 w-0 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive"
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
                  {range[0].toUpperCase()}
                  {range.slice(1)}.
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
          <CompleteOrder user={user} service={service} quantity={problem ? null : quantity} verifyHref={verifyHref} actionData={actionData} />
        </section>
      ) : null}

      {isDialogOpen && !problem ? (
        <ModalDialog isOpen title="Complete Your Order" description={`${chosen.name} on ${platformLabels[platform]}${price ? ` for ${formatMoney(price.priceMinor)}` : ""}.`} onClosed={() => setDialogOpen(false)} opener={opener}>
          <TargetForm service={service} quantity={quantity} action={verifyHref} />
        </ModalDialog>
      ) : null}
    </>
  );
}

/** What the order is for: a profile's username and screenshot, or a post's link (and comments). */
function TargetForm({ service, quantity, action, actionData }: { service: CatalogService; quantity: number; action: string; actionData?: Route.ComponentProps["actionData"] }) {
  if (service.target === "profile") {
    return <AccountVerificationForm service={service} quantity={quantity} action={action} errors={actionData?.errors} defaultUsername={actionData?.username} />;
  }
  return <PostTargetForm service={service} quantity={quantity} action={action} errors={actionData?.errors} defaultLink={actionData?.link} defaultComments={actionData?.comments} />;
}

/** The inline "Complete Your Order" (no JavaScript, or a failed post): the form, or why it cannot show. */
function CompleteOrder({
  user,
  service,
  quantity,
  verifyHref,
  actionData,
}: {
  user: SessionUser | null;
  service: CatalogService;
  quantity: number | null;
  verifyHref: string;
  actionData: Route.ComponentProps["actionData"];
}) {
  if (quantity === null) return <p className="mt-4 text-sm text-muted-foreground">Choose a package size {quantityRangeOf(service)} first.</p>;
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
  const chosen = packageFor(service, quantity);
  return (
    <>
      <p className="mt-2 text-sm text-muted-foreground">
        {chosen.name} on {platformLabels[service.platform]} for {formatMoney(priceOrder(service, quantity).priceMinor)}.
      </p>
      <div className="mt-6">
        <TargetForm service={service} quantity={quantity} action={verifyHref} actionData={actionData} />
      </div>
    </>
  );
}
