import { CircleCheck, Clock, Mail } from "~/components/page-icons";
import { useEffect } from "react";
import { useActionData, useLocation, useNavigation, useRouteLoaderData, useSearchParams } from "react-router";
import { Link } from "~/components/link";
import { toast } from "~/components/toaster";
import { findRequestUser } from "~/features/auth/authenticate.server";
import { ContactMethods } from "~/features/support/contact-methods";
import { OwnTickets } from "~/features/support/own-tickets";
import { SupportFaq } from "~/features/support/support-faq";
import { SupportForm } from "~/features/support/support-form";
import { submitSupportForm } from "~/features/support/support-form-action.server";
import { readOrderContext } from "~/features/support/support-links";
import { orderQuestionDefaults, ticketSentNotice } from "~/features/support/support-schema";
import { listOwnSupportTickets } from "~/features/support/support.server";
import { siteBaseUrl } from "~/lib/seo.server";
import { cacheForAnonymousVisitors } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import type { RootLoaderData } from "~/root";
import type { Route } from "./+types/support";

/*
 * Signed-out visitors' GETs come from the page cache: the page depends only on its address (query
 * and origin, both part of the cache key) and the configured contacts. A post's result and a
 * signed-in visitor's name, e-mail and tickets are never cached (posts and visitors with cookies are
 * always rendered).
 */
export const headers = cacheForAnonymousVisitors(60);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Support Center",
      description: "Questions about an order, a payment or working with us? Send the Social Media Boost team a message, or read the answers to common questions.",
      path: "/support",
    },
    matches,
  );

/**
 * The site's public address (for the page address the contact links carry), the form's start for a
 * link from an order page (`?reference=SMB-…`), and a signed-in visitor's own tickets.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await findRequestUser(request);
  return {
    baseUrl: siteBaseUrl(),
    orderQuestion: orderQuestionDefaults(url.searchParams),
    ownTickets: user ? await listOwnSupportTickets(user) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitSupportForm(request, context.clientAddress);
}

export default function SupportPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const isHydrated = useHydrated();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const user = useRouteLoaderData<RootLoaderData>("root")?.user ?? null;
  const isSubmitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  const sent = result?.ok ? ticketSentNotice(result.ticket) : null;
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast(ticketSentNotice(result.ticket));
    else if (result.notice) toast({ ...result.notice, variant: "destructive" });
  }, [result]);

  // Re-serialised, so the server and the browser write the same address (spaces as "+" in both).
  const query = searchParams.toString();
  const linkContext = { pageUrl: `${loaderData.baseUrl}${location.pathname}${query ? `?${query}` : ""}`, ...readOrderContext(searchParams) };
  const failure = result && !result.ok ? result.notice : null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Support</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight">Support Center</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Questions about an order, a payment or working with us? Send us a message: our team answers every request by e-mail, and we aim
          to reply within 24 hours.
        </p>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="support-form-heading" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
          <h2 id="support-form-heading" className="text-2xl font-bold tracking-tight">
            Send us a message
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            All fields are required.{user ? " We filled in your name and e-mail from your account." : null}
          </p>

          {/* The outcome stays here, so the ticket's number outlives the toast; without JavaScript it is the only notice. */}
          {sent ? (
            <div role={isHydrated ? undefined : "status"} className="mt-6 flex gap-3 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <p className="font-semibold">{sent.title}</p>
                <p className="mt-1">{sent.description}</p>
                {loaderData.ownTickets ? (
                  <p className="mt-1">
                    It is listed under <a href="#your-tickets" className="font-medium text-primary underline underline-offset-4">Your tickets</a>.
                  </p>
                ) : null}
              </div>
            </div>
          ) : null}
          {failure ? (
            <div role={isHydrated ? undefined : "alert"} className="mt-6 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
              <p className="font-semibold text-destructive">{failure.title}</p>
              <p className="mt-1">{failure.description}</p>
            </div>
          ) : null}

          <div className="mt-6">
            <SupportForm
              lastResult={result?.submission ?? null}
              defaultValue={{ ...(user ? { name: user.fullName, email: user.email } : {}), ...loaderData.orderQuestion }}
              isSubmitting={isSubmitting}
            />
          </div>
          <p className="mt-6 border-t pt-4 text-xs text-muted-foreground">
            We use what you send only to answer your request. See our <Link to="/privacy" className="font-medium text-primary underline-offset-4 hover:underline">privacy policy</Link>.
          </p>
        </section>

        <div className="grid content-start gap-6">
          <ContactMethods context={linkContext} />
          <section aria-labelledby="reply-heading" className="rounded-2xl border bg-card p-6 shadow-sm">
            <h2 id="reply-heading" className="text-lg font-bold">
              What happens next
            </h2>
            <ul className="mt-4 grid gap-3 text-sm">
              <li className="flex gap-3">
                <Mail className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>Your message reaches our support team, who reply to the e-mail address you give.</span>
              </li>
              <li className="flex gap-3">
                <Clock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>We aim to reply within 24 hours. For an order, include its reference (SMB-…) so we can find it quickly.</span>
              </li>
              {loaderData.ownTickets ? (
                <li className="flex gap-3">
                  <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  <span>You are signed in: your message and our answer also show under Your tickets on this page.</span>
                </li>
              ) : null}
            </ul>
          </section>
        </div>
      </div>

      {loaderData.ownTickets ? (
        <div className="mt-10">
          <OwnTickets tickets={loaderData.ownTickets} />
        </div>
      ) : null}

      <div className="mt-16">
        <SupportFaq />
      </div>
    </div>
  );
}
