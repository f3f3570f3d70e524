import { Loader2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Form, useNavigate, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { type CatalogPlatform, type CatalogService, packageFor, maximumCommentLength, postLinkExample } from "~/features/catalog";
import { orderTargetSchemaFor } from "~/features/orders";
import { useFieldAsFound } from "~/lib/use-field-as-found";
import { useHydrated } from "~/lib/use-hydrated";
import { clearStoredDraft, draftFor, newCheckoutKey, storeDraft } from "./checkout-draft";

export interface PostTargetErrors {
  link?: string;
  comments?: string;
  form?: string;
}

interface PostTargetFormProps {
  /** A post service (likes, views, comments). */
  service: CatalogService;
  quantity: number;
  /** Where the form posts (the packages page, keeping the choice in its query). */
  action: string;
  errors?: PostTargetErrors;
  defaultLink?: string;
  defaultComments?: string;
}

/** The field's label: what a post is called on each platform. */
export const postLinkLabels: Record<CatalogPlatform, string> = {
  instagram: "Link of the post or reel",
  tiktok: "Link of the video",
  youtube: "Link of the video",
  twitter: "Link of the post",
  facebook: "Link of the post or video",
};

export const commentsLabel = "Your comments";

/**
 * "Complete Your Order" for a post service (issue #50): the link of the post or video, and for a
 * comments service the client's comments, one per line. No screenshot: the link names the post. The
 * link and lines are checked as the orders API checks them (`orderTargetSchemaFor`), in the browser
 * and again on the form post that works without JavaScript; a refusal is the sentence under its field.
 */
export function PostTargetForm({ service, quantity, action, errors, defaultLink = "", defaultComments = "" }: PostTargetFormProps) {
  const isHydrated = useHydrated();
  const navigate = useNavigate();
  const submit = useSubmit();
  const navigation = useNavigation();
  const linkId = useId();
  const commentsId = useId();
  const [link, setLink] = useState(defaultLink);
  const [comments, setComments] = useState(defaultComments);
  const [linkError, setLinkError] = useState(errors?.link);
  const [commentsError, setCommentsError] = useState(errors?.comments);
  const [isPreparing, setPreparing] = useState(false);
  const isBusy = isPreparing || navigation.state === "submitting";
  const takesComments = service.kind === "comments";
  // What was typed before the page's JavaScript ran counts as if typed now.
  const linkRef = useFieldAsFound<HTMLInputElement>((input) => {
    if (input.value === defaultLink) return;
    setLink(input.value);
    setLinkError(undefined);
  });
  const commentsRef = useFieldAsFound<HTMLTextAreaElement>((textarea) => {
    if (textarea.value === defaultComments) return;
    setComments(textarea.value);
    setCommentsError(undefined);
  });
  const written = comments.split(/\r?\n/).filter((line) => line.trim() !== "").length;

  const continueToCheckout = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = orderTargetSchemaFor(service).safeParse({ quantity, targetUrl: link, comments: takesComments ? comments : undefined });
    if (!parsed.success) {
      const messageAt = (field: string) => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      setLinkError(messageAt("targetUrl"));
      setCommentsError(messageAt("comments"));
      const firstInvalid = messageAt("targetUrl") ? linkId : commentsId;
      document.getElementById(firstInvalid)?.focus();
      return;
    }
    setPreparing(true);
    try {
      const target = parsed.data;
      const draft = draftFor(packageFor(service, quantity), { link: target.postUrl ?? link, ...(takesComments ? { comments: target.commentLines } : {}) }, null, newCheckoutKey());
      if (storeDraft(draft)) {
        await navigate("/checkout");
        return;
      }
      // The browser would not keep it (storage full or disabled): the server keeps it.
      clearStoredDraft();
      await submit(form, { method: "post", action });
    } finally {
      setPreparing(false);
    }
  };

  return (
    <Form method="post" action={action} onSubmit={isHydrated ? continueToCheckout : undefined} noValidate className="grid grid-cols-1 gap-5">
      <input type="hidden" name="service" value={service.id} />
      <input type="hidden" name="quantity" value={quantity} />
      {errors?.form ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {errors.form}
        </p>
      ) : null}

      <div className="grid gap-2">
        <label htmlFor={linkId} className="text-sm font-semibold">
          {postLinkLabels[service.platform]}
        </label>
        <input
          ref={linkRef}
          id={linkId}
          name="link"
          type="url"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={postLinkExample[service.platform]}
          value={link}
          onChange={(event) => {
            setLink(event.currentTarget.value);
            setLinkError(undefined);
          }}
          aria-invalid={linkError ? true : undefined}
          aria-describedby={`${linkId}-hint${linkError ? ` ${linkId}-error` : ""}`}
          className="h-11 min-w-0 rounded-md border border-input bg-background px-3 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive"
        />
        <p id={`${linkId}-hint`} className="text-xs text-muted-foreground">
          Copy it from the app&apos;s Share button. The post must be public; we never ask for your password.
        </p>
        {linkError ? (
          <p id={`${linkId}-error`} className="text-sm font-medium text-destructive">
            {linkError}
          </p>
        ) : null}
      </div>

      {takesComments ? (
        <div className="grid gap-2">
          <label htmlFor={commentsId} className="text-sm font-semibold">
            {commentsLabel}
          </label>
          <textarea
            ref={commentsRef}
            id={commentsId}
            name="comments"
            rows={Math.min(Math.max(quantity, 4), 10)}
            value={comments}
            onChange={(event) => {
              setComments(event.currentTarget.value);
              setCommentsError(undefined);
            }}
            aria-invalid={commentsError ? true : undefined}
            aria-describedby={`${commentsId}-hint${commentsError ? ` ${commentsId}-error` : ""}`}
            className="min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive"
          />
          <p id={`${commentsId}-hint`} className="text-xs text-muted-foreground">
            One per line, exactly {quantity.toLocaleString("en-US")}: each person posts one of them. Up to {maximumCommentLength} characters each, no links.
            {isHydrated ? ` ${written.toLocaleString("en-US")} of ${quantity.toLocaleString("en-US")} written.` : null}
          </p>
          {commentsError ? (
            <p id={`${commentsId}-error`} className="text-sm font-medium text-destructive">
              {commentsError}
            </p>
          ) : null}
        </div>
      ) : null}

      <Button type="submit" variant="brand" size="lg" disabled={isBusy || (isHydrated && link.trim() === "")}>
        {isBusy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {isBusy ? "Saving…" : "Continue"}
      </Button>
    </Form>
  );
}
