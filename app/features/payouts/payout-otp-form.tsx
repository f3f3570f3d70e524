import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * The admin console's form for a transfer Paystack holds for its OTP (sent to the business's phone or
 * e-mail). A plain POST to the payouts page (intent `finalize`), so it works without JavaScript; a
 * wrong OTP comes back as the page's failure banner with Paystack's message, and the form stays.
 * `subject` names the payout for a screen reader ("payout #3, ₵20.00 to Yaw Mensah").
 */
export function PayoutOtpForm({ payoutId, subject }: { payoutId: number; subject: string }) {
  const isSubmitting = useNavigation().state === "submitting";
  const inputId = `payout-${payoutId}-otp`;
  return (
    <Form method="post" className="grid gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm sm:w-72" aria-label={`Finalise payout ${payoutId}`}>
      <input type="hidden" name="intent" value="finalize" />
      <input type="hidden" name="id" value={String(payoutId)} />
      <label htmlFor={inputId} className="font-medium">
        OTP from Paystack
      </label>
      <p className="text-xs text-muted-foreground">Paystack holds this transfer until the OTP it sent to the business is entered.</p>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="otp"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\s*(\d\s*){4,10}"
          maxLength={20}
          className="h-9 w-32 rounded-md border border-input bg-background px-3 font-mono text-sm focus-visible:outline-2 focus-visible:outline-ring"
        />
        <Button type="submit" size="sm" disabled={isSubmitting} aria-label={`Send transfer: ${subject}`}>
          Send transfer
        </Button>
      </div>
    </Form>
  );
}
