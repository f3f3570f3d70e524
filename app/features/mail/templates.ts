import { formatMoney } from "~/lib/money";
import type { MailContent } from "./mail-content";
import { renderMail } from "./mail-layout";

/**
 * Every e-mail the store sends (issue #19), each rendered as subject, text and HTML. Inputs from
 * people (names, subjects, replies) are escaped by the layout. Each says only what the product does.
 */

/** Made once: building an Intl.DateTimeFormat costs far more than formatting with one (issue #22). */
const mailDateFormat = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "UTC" });

/** "25 Nov 2026, 14:05 GMT": Ghana keeps GMT all year. */
export function formatMailDate(date: Date): string {
  return `${mailDateFormat.format(date)} GMT`;
}

const refundTiming = "Refunds are sent through Paystack; how long they take to reach you depends on your bank or mobile network.";

/*
 * Mail about an account's access (links, password, address, API keys) greets nobody by name: it may
 * reach an address its owner never confirmed, where a name typed at sign-up would be a stranger's
 * words under our brand (issue #49).
 */

export function passwordResetMail({ link, validMinutes }: { link: string; validMinutes: number }): MailContent {
  return renderMail({
    subject: "Reset your Social Media Boost password",
    blocks: [`Someone (we hope you) asked to reset the password of your account. The link below works once, for ${validMinutes} minutes, and only while this is your account's address and your password has not changed.`],
    action: { label: "Choose a new password", url: link },
    after: ["Did not ask for this? Ignore this e-mail: your password stays as it is."],
  });
}

export function emailVerificationMail({ link, validHours, isChange }: { link: string; validHours: number; isChange: boolean }): MailContent {
  return renderMail({
    subject: isChange ? "Confirm your new e-mail address" : "Confirm your e-mail address",
    blocks: [
      isChange
        ? `You asked to use this address for your Social Media Boost account. It takes the place of the old one once you confirm it. The link works for ${validHours} hours.`
        : `Welcome to Social Media Boost. Please confirm that this address is yours: it is where your receipts, order updates and password resets go. The link works for ${validHours} hours.`,
    ],
    action: { label: "Confirm my e-mail address", url: link },
    after: ["Did not ask for this? Ignore this e-mail and nothing changes."],
  });
}

export function passwordChangedMail({ supportUrl }: { supportUrl: string }): MailContent {
  return renderMail({
    subject: "Your password was changed",
    blocks: ["The password of your Social Media Boost account was just changed: every other device signed in to your account was signed out, every API key of the account was revoked, and earlier password reset links stopped working."],
    after: [`Was this not you? Reset your password at once from the sign-in page ("Forgot password?") and contact our support: ${supportUrl}`],
  });
}

/** To the address an account just left: the owner learns of a change they may not have made. */
export function emailChangedMail({ newEmail, supportUrl }: { newEmail: string; supportUrl: string }): MailContent {
  return renderMail({
    subject: "Your e-mail address was changed",
    blocks: [
      `The e-mail address of your Social Media Boost account was changed from this address to ${newEmail}. Receipts, order updates and password resets go there from now on, and password reset links sent here no longer work.`,
    ],
    after: [`Was this not you? Contact our support at once, from this address, so we can give the account back to you: ${supportUrl}`],
  });
}

/** A new API key opens the wallet to software: its owner hears of every one (issue #49). */
export function apiKeyCreatedMail({ keyName, prefix, createdAt, profileUrl, supportUrl }: { keyName: string; prefix: string; createdAt: Date; profileUrl: string; supportUrl: string }): MailContent {
  return renderMail({
    subject: "A new API key was created for your account",
    blocks: [
      "A new API key was created for your Social Media Boost account. It can place orders paid from your wallet balance through the reseller API.",
      { rows: [["Key", `${keyName} (${prefix}…)`], ["Created on", formatMailDate(createdAt)]] },
    ],
    action: { label: "See your API keys", url: profileUrl },
    after: [`Was this not you? Revoke the key on your account page, change your password (that revokes every key) and contact our support: ${supportUrl}`],
  });
}

interface OrderMailBase {
  /** Absent for an address nobody confirmed (greetingNameOf). */
  name?: string;
  reference: string;
  packageName: string;
  orderUrl: string;
}

export function paymentReceivedMail({ name, reference, packageName, priceMinor, feeMinor, totalMinor, paidAt, orderUrl }: OrderMailBase & { priceMinor: number; feeMinor: number; totalMinor: number; paidAt: Date }): MailContent {
  return renderMail({
    subject: `Payment received — ${reference}`,
    greetingName: name,
    blocks: [
      "Thank you: we received your payment. This is your receipt.",
      { rows: [["Order", reference], ["Package", packageName], ["Price", formatMoney(priceMinor)], ["Processing fee (1.7%)", formatMoney(feeMinor)], ["Total paid", formatMoney(totalMinor)], ["Paid on", formatMailDate(paidAt)]] },
      "Workers start delivering now. You can cancel within 1 hour of paying if delivery has not begun, for a full refund.",
    ],
    action: { label: "Follow your order", url: orderUrl },
  });
}

export function orderDeliveredMail({ name, reference, packageName, quantity, orderUrl }: OrderMailBase & { quantity: number }): MailContent {
  return renderMail({
    subject: `Order delivered — ${reference}`,
    greetingName: name,
    blocks: [`Your order ${reference} (${packageName}) is complete: all ${quantity.toLocaleString("en-US")} were delivered.`],
    action: { label: "See your order", url: orderUrl },
  });
}

const cancellationSentences = {
  client: (order: string) => `You cancelled your order ${order}.`,
  admin: (order: string) => `Our team cancelled your order ${order}.`,
  expiry: (order: string, expiryHours: number) => `Your order ${order} was cancelled because it was not paid within ${expiryHours} hours of being placed. Nothing was charged; you can start a new checkout at any time.`,
} as const;

export function orderCancelledMail({ name, reference, packageName, cancelledBy, refundMinor, orderUrl, expiryHours, toWallet = false }: OrderMailBase & { cancelledBy: keyof typeof cancellationSentences; refundMinor: number | null; expiryHours: number; toWallet?: boolean }): MailContent {
  return renderMail({
    subject: `Order cancelled — ${reference}`,
    greetingName: name,
    blocks: [
      cancellationSentences[cancelledBy](`${reference} (${packageName})`, expiryHours),
      ...(refundMinor === null
        ? []
        : toWallet
          ? [`You paid it from your wallet: ${formatMoney(refundMinor)} goes back into your wallet at once.`]
          : [`A refund of ${formatMoney(refundMinor)} is on its way to the card or mobile money wallet you paid with. ${refundTiming} We e-mail you again once Paystack has processed it.`]),
    ],
    action: { label: "See your order", url: orderUrl },
  });
}

export function refundSentMail({ name, reference, amountMinor, orderUrl, toWallet = false }: Omit<OrderMailBase, "packageName"> & { amountMinor: number; toWallet?: boolean }): MailContent {
  return renderMail({
    subject: `Refund processed — ${reference}`,
    greetingName: name,
    blocks: [
      toWallet
        ? `${formatMoney(amountMinor)} for your order ${reference} is back in your Social Media Boost wallet, ready for your next order.`
        : `Paystack has processed the refund of ${formatMoney(amountMinor)} for your order ${reference}, to the card or mobile money wallet you paid with. How long it takes to show depends on your bank or mobile network.`,
    ],
    action: { label: "See your order", url: orderUrl },
  });
}

export function paymentFailedMail({ name, reference, reason, payAgainUrl, expiryHours }: { name?: string; reference: string; reason: string | null; payAgainUrl: string; expiryHours: number }): MailContent {
  return renderMail({
    subject: `Payment not completed — ${reference}`,
    greetingName: name,
    blocks: [
      `Your payment for order ${reference} did not go through${reason ? `: ${reason}` : "."}`,
      `Nothing was charged for it. Your order is saved: you can pay again with a card or mobile money. An unpaid order is cancelled ${expiryHours} hours after it was placed.`,
    ],
    action: { label: "Pay for your order", url: payAgainUrl },
  });
}

export function workerApplicationMail({ name, approved, dashboardUrl, supportUrl }: { name?: string; approved: boolean; dashboardUrl: string; supportUrl: string }): MailContent {
  return approved
    ? renderMail({
        subject: "Your worker account is approved",
        greetingName: name,
        blocks: ["Good news: our team approved your worker account. Link your platform handles on your profile, and the tasks open to you appear on your dashboard."],
        action: { label: "Go to your dashboard", url: dashboardUrl },
      })
    : renderMail({
        subject: "Your worker application was not approved",
        greetingName: name,
        blocks: ["Our team reviewed your worker application and did not approve it. You will not be offered tasks."],
        after: [`Questions? Contact our support: ${supportUrl}`],
      });
}

export function payoutSentMail({ name, payoutId, amountMinor, destination }: { name: string; payoutId: number; amountMinor: number; destination: string }): MailContent {
  return renderMail({
    subject: `Withdrawal sent — ${formatMoney(amountMinor)}`,
    greetingName: name,
    blocks: [`Your withdrawal #${payoutId} of ${formatMoney(amountMinor)} was sent to your mobile money wallet (${destination}).`],
  });
}

/** A new payout number waits for this link (issue #49): withdrawals go only to numbers the mailbox's owner confirmed. */
export function payoutNumberMail({ name, destination, link, validHours }: { name: string; destination: string; link: string; validHours: number }): MailContent {
  return renderMail({
    subject: "Confirm your new payout number",
    greetingName: name,
    blocks: [`You asked to withdraw your earnings to a new mobile money number, ${destination}. Confirm it is yours before we send money there. The link works for ${validHours} hours.`],
    action: { label: "Confirm my payout number", url: link },
    after: ["Did not ask for this? Do not open the link: change your password and write to our support at once."],
  });
}

/** Every withdrawal request is announced (issue #49): someone with the password alone cannot take the earnings unseen. */
export function payoutRequestedMail({ name, payoutId, amountMinor, destination, payoutsUrl, supportUrl }: { name: string; payoutId: number; amountMinor: number; destination: string; payoutsUrl: string; supportUrl: string }): MailContent {
  return renderMail({
    subject: `Withdrawal requested — ${formatMoney(amountMinor)}`,
    greetingName: name,
    blocks: [`We received your withdrawal #${payoutId} of ${formatMoney(amountMinor)} to your mobile money wallet (${destination}). Our team reviews it before sending it.`],
    action: { label: "Go to withdrawals", url: payoutsUrl },
    after: [`Did not ask for this? Change your password and write to us at once: ${supportUrl}`],
  });
}

export function payoutFailedMail({ name, payoutId, amountMinor, reason, payoutsUrl }: { name: string; payoutId: number; amountMinor: number; reason: string | null; payoutsUrl: string }): MailContent {
  return renderMail({
    subject: `Withdrawal not sent — ${formatMoney(amountMinor)}`,
    greetingName: name,
    blocks: [`Your withdrawal #${payoutId} of ${formatMoney(amountMinor)} was not sent${reason ? `: ${reason}` : "."}`, "The amount is back in your available balance, and you can request it again."],
    action: { label: "Go to withdrawals", url: payoutsUrl },
  });
}

export function ticketAnsweredMail({ name, ticketId, subject, reply, supportUrl }: { name: string; ticketId: number; subject: string; reply: string | null; supportUrl: string }): MailContent {
  return renderMail({
    subject: `Re: ${subject} (ticket #${ticketId})`,
    greetingName: name,
    blocks: reply ? [`Our team answered your support ticket #${ticketId}, "${subject}":`, reply] : [`Our team has answered your support ticket #${ticketId}, "${subject}", by e-mail.`],
    after: [`Need more help? Write to us again: ${supportUrl}`],
  });
}

/** A client flagged a worker's delivery (issue #48): what they did, where, and the evidence asked of them. */
export function deliveryFlaggedMail({ name, target, handle, request, dueAt, dashboardUrl }: { name: string; target: string; handle: string; request: string; dueAt: Date; dashboardUrl: string }): MailContent {
  return renderMail({
    subject: `Screenshot needed: your task for ${target}`,
    greetingName: name,
    blocks: [
      `The client could not find your delivery for ${target}, done as @${handle}.`,
      `${request}: by ${formatMailDate(dueAt)}. An admin compares it with the client's view. Without it the delivery is dropped and its reward taken back; until it is decided, the reward stays held.`,
    ],
    action: { label: "Upload the screenshot", url: dashboardUrl },
  });
}
