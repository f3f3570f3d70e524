import type { SupportTicketStatus } from "~/generated/prisma/client";
import { takeWithinLimits } from "~/features/auth/index.server";
import { formatOrderDateTime } from "~/lib/date-time";
import { getPrisma } from "~/lib/database/db.server";
import { getEnv } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import { supportCategories, type SupportTicketInput } from "./support-schema";

/** Tickets one person (one reply address, one signed-in account) may open per hour: plenty for a person, little for a spam script. */
export const SUPPORT_TICKET_LIMIT_PER_HOUR = 5;
/**
 * Tickets one network address may open per hour. High on purpose: a Ghanaian carrier puts very many
 * subscribers behind one address (DESIGN §9), and one person's five must not silence the others.
 */
export const SUPPORT_TICKETS_PER_ADDRESS_PER_HOUR = 100;
const ticketWindowMs = 60 * 60 * 1000;

export type { SupportTicketStatus };

export interface CreatedSupportTicket {
  id: number;
  status: SupportTicketStatus;
  createdAt: Date;
}

interface Author {
  /** The signed-in author, if any (visitors may write without an account). */
  userId: number | null;
  clientAddress: string;
}

/** The hourly limits a ticket counts against: its reply address, its author's account, its network address. */
function limitsOf(input: SupportTicketInput, { userId, clientAddress }: Author) {
  const personal = { perHour: SUPPORT_TICKET_LIMIT_PER_HOUR, isPersonal: true };
  return [
    { bucket: "support-ticket:email", key: input.email.toLowerCase(), ...personal },
    ...(userId === null ? [] : [{ bucket: "support-ticket:user", key: String(userId), ...personal }]),
    { bucket: "support-ticket:ip", key: clientAddress, perHour: SUPPORT_TICKETS_PER_ADDRESS_PER_HOUR, isPersonal: false },
  ];
}

/**
 * Stores a support form submission as an open ticket, for the team to answer by e-mail from the
 * admin console. Over a limit: 429 with Retry-After (the wait until the oldest counted ticket leaves
 * the hour), and nothing stored.
 */
export async function createSupportTicket(input: SupportTicketInput, author: Author): Promise<CreatedSupportTicket> {
  const limits = limitsOf(input, author);
  // Checked and counted in one locked step, so parallel submissions cannot pass a limit together.
  const waits = await takeWithinLimits(limits.map(({ bucket, key, perHour }) => ({ bucket, key, windowMs: ticketWindowMs, limit: perHour })));
  for (const [index, limit] of limits.entries()) {
    if (waits[index] > 0) throw tooManyTickets(limit.isPersonal, waits[index]);
  }
  const ticket = await getPrisma().supportTicket.create({
    data: {
      userId: author.userId,
      name: input.name,
      email: input.email,
      category: input.category,
      subject: input.subject,
      message: input.message,
    },
    select: { id: true, status: true, createdAt: true },
  });
  return ticket;
}

function tooManyTickets(isPersonal: boolean, waitMs: number) {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const wait = minutes === 1 ? "1 minute" : `${minutes} minutes`;
  // The e-mail way round the limit only when the store has a support address.
  const supportEmail = getEnv().SUPPORT_EMAIL;
  const reason = isPersonal
    ? `You have sent ${SUPPORT_TICKET_LIMIT_PER_HOUR} support requests in the last hour, the most we accept from one person.`
    : "Very many support requests have come from your network in the last hour.";
  return new AppError(
    429,
    "too_many_support_requests",
    `${reason} Please wait ${wait} before sending another${supportEmail ? `, or e-mail us at ${supportEmail}` : ""}.`,
    { retryAfterSeconds: Math.ceil(waitMs / 1000) },
  );
}

/** The most recent tickets a signed-in author sees on /support. */
export const OWN_TICKETS_SHOWN = 20;

/** A ticket as its author sees it: dates formatted here (Ghana's time), so server and browser agree. */
export interface OwnSupportTicket {
  id: number;
  subject: string;
  categoryLabel: string;
  message: string;
  status: SupportTicketStatus;
  /** The address the answer went to. */
  email: string;
  sentAt: string;
  /** The team's note of what it answered, when it left one. */
  reply: string | null;
  repliedAt: string | null;
}

/**
 * The tickets `user` wrote while signed in, newest first: only their own (the ticket's user_id), the
 * OWN_TICKETS_SHOWN most recent. A ticket sent signed out has no author and is not listed.
 */
export async function listOwnSupportTickets(user: { id: number }): Promise<OwnSupportTicket[]> {
  const tickets = await getPrisma().supportTicket.findMany({
    where: { userId: user.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: OWN_TICKETS_SHOWN,
    select: { id: true, subject: true, category: true, message: true, status: true, email: true, reply: true, repliedAt: true, createdAt: true },
  });
  return tickets.map(({ category, createdAt, repliedAt, ...ticket }) => ({
    ...ticket,
    categoryLabel: supportCategories.find((known) => known.value === category)?.label ?? category,
    sentAt: formatOrderDateTime(createdAt),
    repliedAt: repliedAt ? formatOrderDateTime(repliedAt) : null,
  }));
}
