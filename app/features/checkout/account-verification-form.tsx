import { ImageUp, Loader2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Form, useNavigate, useNavigation, useSubmit } from "react-router";
import { toast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { type CatalogService, packageFor } from "~/features/catalog";
import { targetUsernameSchema } from "~/features/orders";
import { cn } from "~/lib/cn";
import { useFieldAsFound } from "~/lib/use-field-as-found";
import { useHydrated } from "~/lib/use-hydrated";
import { clearStoredDraft, draftFor, newCheckoutKey, storeDraft } from "./checkout-draft";
import { acceptedScreenshotTypes, screenshotProblem } from "./verification-schema";

export interface VerificationErrors {
  username?: string;
  screenshot?: string;
  form?: string;
}

interface AccountVerificationFormProps {
  /** A profile service (followers, subscribers). */
  service: CatalogService;
  quantity: number;
  /** Where the form posts (the packages page, keeping the choice in its query). */
  action: string;
  errors?: VerificationErrors;
  defaultUsername?: string;
}

/**
 * SPEC §2/§5's account verification ("Complete Your Order"): the username to grow and a screenshot
 * of the account. With JavaScript the draft goes to session storage and the browser moves to
 * /checkout; without it (or when the browser's storage refuses a large screenshot) the same form
 * posts to the server, which uploads the screenshot and keeps the draft.
 */
export function AccountVerificationForm({ service, quantity, action, errors, defaultUsername = "" }: AccountVerificationFormProps) {
  const isHydrated = useHydrated();
  const navigate = useNavigate();
  const submit = useSubmit();
  const navigation = useNavigation();
  const usernameId = useId();
  const screenshotId = useId();
  const [username, setUsername] = useState(defaultUsername);
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [usernameError, setUsernameError] = useState(errors?.username);
  const [screenshotError, setScreenshotError] = useState(errors?.screenshot);
  const [isPreparing, setPreparing] = useState(false);
  const isBusy = isPreparing || navigation.state === "submitting";
  // SPEC §5: Continue stays disabled until both are present (a check only script can make as you type).
  const isComplete = username.trim() !== "" && screenshot !== null;

  /** Keeps the file chosen in `input`, or refuses one the store would not accept (and empties the field). */
  const chooseScreenshot = (input: HTMLInputElement) => {
    const file = input.files?.[0] ?? null;
    const problem = file && screenshotProblem(file);
    if (problem) {
      toast({ ...problem, variant: "destructive" });
      input.value = "";
      setScreenshot(null);
      setScreenshotError(problem.description);
      return;
    }
    setScreenshot(file);
    setScreenshotError(undefined);
  };

  // What was typed or chosen before the page's JavaScript ran counts as if typed now.
  const usernameRef = useFieldAsFound<HTMLInputElement>((input) => {
    if (input.value === defaultUsername) return;
    setUsername(input.value);
    setUsernameError(undefined);
  });
  const screenshotRef = useFieldAsFound<HTMLInputElement>((input) => {
    if (input.files?.length) chooseScreenshot(input);
  });

  const continueToCheckout = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = targetUsernameSchema.safeParse(username);
    if (!parsed.success) {
      setUsernameError(parsed.error.issues[0]?.message);
      return;
    }
    if (!screenshot) return;
    setPreparing(true);
    try {
      const dataUrl = await readAsDataUrl(screenshot);
      if (storeDraft(draftFor(packageFor(service, quantity), { username: parsed.data }, dataUrl, newCheckoutKey()))) {
        await navigate("/checkout");
        return;
      }
      // The browser would not keep it (a large screenshot can exceed session storage): the server keeps it.
      clearStoredDraft();
      await submit(form, { method: "post", encType: "multipart/form-data", action });
    } finally {
      setPreparing(false);
    }
  };

  // grid-cols-1 (minmax(0, 1fr)) and the file box's min-w-0: the file input's natural width would
  // otherwise widen the form past the dialog's right padding on a phone.
  return (
    <Form method="post" encType="multipart/form-data" action={action} onSubmit={isHydrated ? continueToCheckout : undefined} noValidate className="grid grid-cols-1 gap-5">
      <input type="hidden" name="service" value={service.id} />
      <input type="hidden" name="quantity" value={quantity} />
      {errors?.form ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {errors.form}
        </p>
      ) : null}

      <div className="grid gap-2">
        <label htmlFor={usernameId} className="text-sm font-semibold">
          {service.platform === "youtube" ? "Channel handle" : "Account username"}
        </label>
        <input
          ref={usernameRef}
          id={usernameId}
          name="username"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="@yourusername"
          value={username}
          onChange={(event) => {
            setUsername(event.currentTarget.value);
            setUsernameError(undefined);
          }}
          aria-invalid={usernameError ? true : undefined}
          aria-describedby={`${usernameId}-hint${usernameError ? ` ${usernameId}-error` : ""}`}
          className="h-11 rounded-md border border-input bg-background px-3 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive"
        />
        <p id={`${usernameId}-hint`} className="text-xs text-muted-foreground">
          The public account we grow. We never ask for your password.
        </p>
        {usernameError ? (
          <p id={`${usernameId}-error`} className="text-sm font-medium text-destructive">
            {usernameError}
          </p>
        ) : null}
      </div>

      <div className="grid gap-2">
        <label htmlFor={screenshotId} className="text-sm font-semibold">
          Screenshot of your profile
        </label>
        <div className={cn("flex min-w-0 items-center gap-3 rounded-md border border-dashed p-3", screenshotError && "border-destructive")}>
          <ImageUp className="size-6 shrink-0 text-primary" aria-hidden="true" />
          <input
            ref={screenshotRef}
            id={screenshotId}
            name="screenshot"
            type="file"
            accept={acceptedScreenshotTypes.join(",")}
            onChange={(event) => chooseScreenshot(event.currentTarget)}
            aria-invalid={screenshotError ? true : undefined}
            aria-describedby={`${screenshotId}-hint${screenshotError ? ` ${screenshotId}-error` : ""}`}
            className="min-w-0 flex-1 rounded-md text-sm focus-ring file:mr-3 file:rounded-md file:border-0 file:bg-primary/10 file:px-3 file:py-1.5 file:font-semibold file:text-primary"
          />
        </div>
        <p id={`${screenshotId}-hint`} className="text-xs text-muted-foreground">
          So our workers can check they found the right account. PNG, JPG, WebP or GIF, up to 5MB.
        </p>
        {screenshotError ? (
          <p id={`${screenshotId}-error`} className="text-sm font-medium text-destructive">
            {screenshotError}
          </p>
        ) : null}
      </div>

      <Button type="submit" variant="brand" size="lg" disabled={isBusy || (isHydrated && !isComplete)}>
        {isBusy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {isBusy ? "Saving…" : "Continue"}
      </Button>
    </Form>
  );
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The screenshot could not be read"));
    reader.readAsDataURL(file);
  });
}
