import { Loader2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { invalidOtpNotice, otpSubmissionSchema } from "~/features/payments";

/**
 * SPEC §2/§4's OTP overlay: a 6-digit code sent to the payer's phone (a card's OTP, a Telecel Cash
 * voucher). Cancel (or Escape, or the backdrop) closes it and the checkout forgets the code and the
 * reference. Without JavaScript the checkout shows the same field inline (OtpStepForm).
 */
interface OtpDialogProps {
  /** The charge waiting for the code; the dialog is open while there is one. */
  reference: string | null;
  /** What the provider said (display_text), or SPEC's request for the code. */
  description: string;
  isProcessing: boolean;
  opener: HTMLElement | null;
  onSubmit: (input: { reference: string; otp: string }) => void;
  onCancel: () => void;
}

export function OtpDialog({ reference, description, isProcessing, opener, onSubmit, onCancel }: OtpDialogProps) {
  const inputId = useId();
  const errorId = useId();
  const [otp, setOtp] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = otpSubmissionSchema.safeParse({ reference: reference ?? undefined, otp });
    if (!reference || !otp.trim() || !parsed.success) {
      // SPEC §5: a blank code or a lost reference gives 'Invalid OTP'.
      toast({ ...invalidOtpNotice, variant: "destructive" });
      setError(invalidOtpNotice.description);
      return;
    }
    setError(null);
    onSubmit(parsed.data);
  };

  return (
    <ModalDialog
      isOpen={reference !== null}
      title="Enter OTP"
      description={description}
      opener={opener}
      onClosed={() => {
        setOtp("");
        setError(null);
        onCancel();
      }}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium">
            One-time code
          </label>
          <input
            id={inputId}
            name="otp"
            value={otp}
            onChange={(event) => setOtp(event.currentTarget.value.replace(/\D/g, "").slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            placeholder="000000"
            className="h-12 w-full rounded-md border border-input bg-background px-3 text-center font-mono text-2xl tracking-[0.5em] shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive"
          />
          {error ? (
            <p id={errorId} className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" disabled={isProcessing} onClick={(event) => event.currentTarget.closest("dialog")?.close()}>
            Cancel
          </Button>
          <Button type="submit" variant="brand" disabled={isProcessing}>
            {isProcessing ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {isProcessing ? "Verifying…" : "Verify OTP"}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
