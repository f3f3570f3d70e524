/**
 * How long the privacy policy (app/routes/privacy.tsx, "How long we keep data") keeps what it keeps
 * only for a while. Applied by the retention job (features/retention); read by uploads for the
 * screenshot quota. In lib so neither feature imports the other for it (decision 0021).
 */
const dayMs = 24 * 60 * 60 * 1000;
export const retentionPeriods = {
  /**
   * Account screenshots: 90 days after a paid order is completed, cancelled or refunded. An order
   * that ended before it was paid (cancelled, or expired after UNPAID_ORDER_EXPIRY_HOURS) has nothing
   * to deliver or dispute: its screenshot goes at the next run (decision 0020).
   */
  screenshotAfterOrderEndsMs: 90 * dayMs,
  /**
   * A screenshot no order used (a checkout without JavaScript not finished): as long as an unpaid
   * order lasts. It counts against the client's screenshot quota meanwhile (upload-quota.server.ts).
   */
  unusedScreenshotMs: dayMs,
  /** Proofs submitted for tasks: 12 months after the task was completed. */
  taskProofMs: 365 * dayMs,
  /**
   * E-mails we sent (the outbox, and their .eml copies when no mail server is set): 30 days after
   * sending or giving up, long enough to answer "did you send me…?". Account links in them have expired long before.
   */
  sentEmailMs: 30 * dayMs,
  /** Used or expired password-reset and e-mail verification links (their hashes): 7 days. */
  accountLinkMs: 7 * dayMs,
  /** Support tickets: 2 years after the ticket is closed. */
  closedTicketMs: 2 * 365 * dayMs,
};
