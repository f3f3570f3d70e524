import { ImageUp } from "lucide-react";
import { FormOutcome } from "~/components/form-outcome";
import { Form, useNavigation } from "react-router";
import { ProfileLink } from "~/components/profile-link";
import { Button } from "~/components/ui/button";
import { isCatalogPlatform, platformLabels, targetUrlFor } from "~/features/catalog";
import type { WorkerFlagItem } from "./evidence.server";

/** What the dashboard's screenshot form just did (PRG `?evidence=sent`), or why it was refused. */
export type EvidenceOutcome = { sent: true } | { error: string };

const decidedText: Partial<Record<WorkerFlagItem["state"], string>> = {
  under_review: "Screenshot sent: an admin is reviewing it.",
  stood: "Decided: your delivery stands.",
  dropped: "Decided: the delivery was dropped and its reward taken back.",
  replaced: "Decided: the delivery was dropped and its reward taken back.",
};

/**
 * A worker's deliveries a client flagged or the store spot-checks (issue #48): what to show and by when, and a plain
 * multipart form for the screenshot, so it works without JavaScript and from a phone's gallery.
 */
export function WorkerFlags({ flags, outcome }: { flags: WorkerFlagItem[]; outcome: EvidenceOutcome | null }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "evidence" ? Number(navigation.formData.get("deliveryId")) : null;
  if (flags.length === 0 && !outcome) return null;
  return (
    <section id="flags" aria-labelledby="flags-heading" className="scroll-mt-24 rounded-xl border border-primary/30 bg-card p-6">
      <h2 id="flags-heading" className="text-lg font-bold">
        Screenshots needed
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        A client could not find these deliveries of yours, or our spot check picked them (we ask on your first tasks and now and then after). Send a screenshot
        of their profile that shows your account: an admin checks it. Without one in time the delivery is dropped and its reward taken back; until it is decided,
        its reward stays held.
      </p>
      <FormOutcome done={outcome && "sent" in outcome ? "Thank you: your screenshot was sent for review." : null} error={outcome && "error" in outcome ? outcome.error : null} />
      {flags.length > 0 ? (
        <ul aria-label="Flagged deliveries" className="mt-4 grid gap-3">
          {flags.map((flag) => (
            <li key={flag.deliveryId} className="rounded-lg border p-4 text-sm">
              <p>
                {flag.isSpotCheck ? "Spot check: " : "Flagged by the client: "}
                <ProfileLink url={flag.targetUrl} /> on {isCatalogPlatform(flag.platform) ? platformLabels[flag.platform] : flag.platform}, done as{" "}
                {isCatalogPlatform(flag.platform) ? <ProfileLink url={targetUrlFor(flag.platform, flag.handle)}>@{flag.handle}</ProfileLink> : `@${flag.handle}`}.
              </p>
              {flag.state === "flagged" ? (
                <Form method="post" action="/dashboard" encType="multipart/form-data" className="mt-3 grid gap-2">
                  <input type="hidden" name="intent" value="evidence" />
                  <input type="hidden" name="deliveryId" value={flag.deliveryId} />
                  <label className="grid gap-1.5 font-medium">
                    {flag.request} (by {flag.evidenceDueText})
                    <input type="file" name="screenshot" accept="image/*" required className="text-sm font-normal file:mr-3 file:rounded-md file:border file:bg-muted file:px-3 file:py-1.5" />
                  </label>
                  <div>
                    <Button type="submit" size="sm" disabled={sending === flag.deliveryId}>
                      <ImageUp aria-hidden="true" />
                      {sending === flag.deliveryId ? "Sending…" : "Send screenshot"}
                    </Button>
                  </div>
                </Form>
              ) : (
                <p className="mt-2 font-medium">
                  {decidedText[flag.state]}
                  {flag.decisionReason ? ` Reason: ${flag.decisionReason}` : ""}
                </p>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
