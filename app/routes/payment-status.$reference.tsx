import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";
import { findRequestUser } from "~/features/auth/authenticate.server";
import { handlePaymentStatusForm, loadPaymentStatus } from "~/features/payments/payment-status-page.server";
import { PaymentStatusView } from "~/features/payment-pages/payment-status-view";
import type { Route } from "./+types/payment-status.$reference";

/*
 * SPEC §2 "/payment-status/:reference" (the reference is optional in the route table so that a bare
 * /payment-status redirects to / as SPEC says). Verification needs no sign-in; resending does.
 */

export function meta() {
  return [{ title: "Payment Status | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function loader({ request, params, url }: Route.LoaderArgs) {
  return loadPaymentStatus(request, url, params.reference);
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  return handlePaymentStatusForm(request, url, params.reference, await findRequestUser(request), context.clientAddress);
}

export default function PaymentStatus({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 className="text-2xl font-extrabold tracking-tight">Payment not found</h1>
        <p className="mt-2 text-muted-foreground">We could not find a payment with the reference {loaderData.reference}.</p>
        <Link to="/" className={buttonVariants({ variant: "outline", className: "mt-6" })}>
          Return Home
        </Link>
      </div>
    );
  }
  const { reference, orderReference, orderExpiry, query, state, gatewayResponse, checks, elapsedSeconds, lastChecked, startedAt, isResent, pageUrl, channel } = loaderData;
  return (
    <PaymentStatusView
      key={reference}
      reference={reference}
      orderReference={orderReference}
      orderExpiry={orderExpiry}
      query={query}
      initial={{ state, gatewayResponse, checks, elapsedSeconds, lastChecked, startedAt }}
      pageUrl={pageUrl}
      channel={channel}
      isResent={isResent}
      notice={actionData?.notice ?? null}
    />
  );
}
