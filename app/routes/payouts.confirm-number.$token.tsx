import { data } from "react-router";
import { Link } from "~/components/link";
import { LinkConfirmation } from "~/components/link-confirmation";
import { confirmPayoutNumber } from "~/features/payouts/payout-numbers.server";
import { isAppError } from "~/lib/errors";
import type { Route } from "./+types/payouts.confirm-number.$token";

export function meta() {
  return [{ title: "Confirm your payout number | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** Confirming takes a press of the button (a post): mail scanners that open links confirm nothing (issue #49). */
export async function action({ params }: Route.ActionArgs) {
  try {
    return { ok: true as const, destination: (await confirmPayoutNumber(params.token)).destination };
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    return data({ ok: false as const, message: error.message }, error.status);
  }
}

export default function ConfirmPayoutNumber({ actionData }: Route.ComponentProps) {
  return (
    <LinkConfirmation
      headingId="payout-number-heading"
      title="Confirm your payout number"
      prompt="Press the button to confirm that this mobile money number is yours. Withdrawals go only to numbers you confirmed."
      buttonLabel="Confirm my payout number"
      outcome={actionData}
      confirmed={
        actionData?.ok ? (
          <>
            <strong>{actionData.destination}</strong> is confirmed: you can withdraw to it now.
          </>
        ) : null
      }
      next={{ href: "/payouts", label: "Go to withdrawals" }}
      afterRefusal={
        <>
          Request the withdrawal again from{" "}
          <Link to="/payouts" className="font-semibold text-primary underline-offset-4 hover:underline">
            your withdrawals
          </Link>{" "}
          to get a new link.
        </>
      }
    />
  );
}
