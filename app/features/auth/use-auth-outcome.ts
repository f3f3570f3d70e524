import { useEffect } from "react";
import { useNavigate } from "react-router";
import { type ToastOptions, toast } from "~/components/toaster";
import { AUTH_TOKEN_STORAGE_KEY } from "~/lib/storage-keys";
import type { AuthFormResult } from "./auth-form-action.server";

/**
 * What a page does with the result of an auth form post (with JavaScript): a failure toasts its
 * notice; a success keeps the token for /api calls (SPEC §4), toasts, and after SPEC's delay goes on.
 */
export function useAuthFormOutcome(
  result: AuthFormResult | undefined,
  { successNotice, delayMs, onSuccess }: { successNotice: (intent: AuthFormResult["intent"]) => ToastOptions; delayMs: (intent: AuthFormResult["intent"]) => number; onSuccess?: () => void },
) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      toast({ title: result.notice.title, description: result.notice.description, variant: "destructive" });
      return;
    }
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, result.token);
    onSuccess?.();
    toast(successNotice(result.intent));
    const timer = setTimeout(() => navigate(result.redirectTo, { replace: true }), delayMs(result.intent));
    return () => clearTimeout(timer);
    // Runs once per post result; the option callbacks are not identities worth re-running for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, navigate]);
}
