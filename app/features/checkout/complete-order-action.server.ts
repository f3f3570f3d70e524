import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { findRequestUser, signInHref } from "~/features/auth/index.server";
import type { SessionUser } from "~/lib/session-user";
import type { CatalogService } from "~/features/catalog";
import { serviceOnSale } from "~/features/catalog/index.server";
import { commitServerDraft } from "./checkout-session.server";
import { postTargetForCheckout, verifyAccountForCheckout } from "./checkout.server";
import { accountVerificationSchemaFor, checkoutChoiceSchema } from "./verification-schema";
import { orderTargetSchemaFor } from "~/features/orders";
import { isAppError } from "~/lib/errors";
import { readFormData } from "~/lib/request-body.server";

/** What "Complete Your Order" refused, field by field; `form` above the form. */
interface CompleteOrderErrors {
  username?: string;
  screenshot?: string;
  link?: string;
  comments?: string;
  form?: string;
}

type CompleteOrderAnswer = { errors: CompleteOrderErrors; username?: string; link?: string; comments?: string };

/** /packages' "Complete Your Order" without JavaScript: keep the draft (a profile's screenshot uploaded), go to /checkout. */
export async function completeOrderAction(request: Request, url: URL) {
  const user = await findRequestUser(request);
  if (!user) {
    const back = new URL(url);
    back.searchParams.set("verify", "1");
    throw redirect(signInHref(`${back.pathname}${back.search}`));
  }
  const formData = await readFormData(request);
  const choice = checkoutChoiceSchema.safeParse({ service: formData.get("service") ?? undefined, quantity: formData.get("quantity") ?? undefined });
  if (!choice.success) return data<CompleteOrderAnswer>({ errors: { form: choice.error.issues[0]?.message ?? "Choose a package" } }, 400);
  try {
    const service = await serviceOnSale(choice.data.service);
    const draft = service.target === "profile" ? await verifyProfile(user, service, formData) : verifyPost(user, service, choice.data.quantity, formData);
    if ("errors" in draft) return data<CompleteOrderAnswer>(draft, 400);
    return redirect("/checkout", { headers: { "Set-Cookie": await commitServerDraft(draft) } });
  } catch (error) {
    if (!isAppError(error)) throw error;
    // Screenshots are refused for what they are (type, size, quota); the rest is the form's.
    const isScreenshotRefusal = formData.has("screenshot") && error.status !== 403 && error.code !== "unknown_package" && error.code !== "service_unavailable";
    const errors: CompleteOrderErrors = error.code === "payload_too_large" ? { comments: error.message } : isScreenshotRefusal ? { screenshot: error.message } : { form: error.message };
    const answer: CompleteOrderAnswer = { errors, username: String(formData.get("username") ?? ""), link: String(formData.get("link") ?? ""), comments: String(formData.get("comments") ?? "") };
    const headers = error.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(error.retryAfterSeconds) };
    return data(answer, { status: error.status, headers });
  }
}

async function verifyProfile(user: SessionUser & Parameters<typeof verifyAccountForCheckout>[0], service: CatalogService, formData: FormData) {
  const username = String(formData.get("username") ?? "");
  // conform parses the post (no automatic coercion: the schema sees the posted strings and file).
  const submission = parseWithZod(formData, { schema: accountVerificationSchemaFor(service), disableAutoCoercion: true });
  if (submission.status !== "success") return { errors: fieldErrorsOf(submission.error, ["username", "screenshot"]), username } satisfies CompleteOrderAnswer;
  return verifyAccountForCheckout(user, service, submission.value);
}

function verifyPost(user: Parameters<typeof postTargetForCheckout>[0], service: CatalogService, quantity: number, formData: FormData) {
  const link = String(formData.get("link") ?? "");
  const comments = String(formData.get("comments") ?? "");
  const target = orderTargetSchemaFor(service).safeParse({ quantity, targetUrl: link, comments: service.kind === "comments" ? comments : undefined });
  if (!target.success) {
    const error: Record<string, string[]> = {};
    for (const issue of target.error.issues) (error[issue.path[0] === "targetUrl" ? "link" : String(issue.path[0] ?? "")] ??= []).push(issue.message);
    return { errors: fieldErrorsOf(error, ["link", "comments"]), link, comments } satisfies CompleteOrderAnswer;
  }
  return postTargetForCheckout(user, service, target.data);
}

/** Errors as the form shows them: its fields' own, and the first of any other (the quantity) above the form. */
function fieldErrorsOf(error: Record<string, string[] | null> | null | undefined, fields: readonly (keyof CompleteOrderErrors)[]): CompleteOrderErrors {
  const errors: CompleteOrderErrors = {};
  for (const [name, messages] of Object.entries(error ?? {})) {
    const field = (fields as readonly string[]).includes(name) ? (name as keyof CompleteOrderErrors) : "form";
    errors[field] ??= messages?.[0];
  }
  return errors;
}
