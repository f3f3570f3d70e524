import { countRecentEvents, recordEvent } from "~/features/auth/rate-limit.server";
import { formatOrderDateTime } from "~/features/orders/order-display";
import { getPrisma } from "~/lib/database/db.server";
import { getEnv } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import { supportCategories, type SupportTicketInput } from "./support-schema";

/** Tickets one network address may open per hour: plenty for a person, little for a spam script. */
export const SUPPORT_TICKET_LIMIT_PER_HOUR = 5;
const ticketWindowMs = 60 * 60 * 1000;
const rateLimitBucket = "support-ticket";

export type SupportTicketStatus = "open" | "answered" | "closed";

export interface CreatedSupportTicket {
  id: number;
  status: SupportTicketStatus;
  createdAt: Date;
}

/**
 * Stores a support form submission as an open ticket, for the team to answer by e-mail from the
 * admin console. `userId` is the signed-in author, if any (visitors may write without an account).
 * At most SUPPORT_TICKET_LIMIT_PER_HOUR tickets per client address and hour (429 after that).
 */
export async function createSupportTicket(
  input: SupportTicketInput,
  { userId, clientAddress }: { userId: number | null; clientAddress: string },
): Promise<CreatedSupportTicket> {
  if ((await countRecentEvents(rateLimitBucket, clientAddress, ticketWindowMs)) >= SUPPORT_TICKET_LIMIT_PER_HOUR) {
    // The e-mail way round the limit only when the store has a support address.
    const supportEmail = getEnv().SUPPORT_EMAIL;
    throw new AppError(
      429,
      "too_many_support_requests",
      `You have sent ${SUPPORT_TICKET_LIMIT_PER_HOUR} support requests in the last hour, the most we accept from one network. ` +
        (supportEmail ? `Please wait an hour before sending another, or e-mail us at ${supportEmail}.` : "Please wait an hour before sending another."),
    );
  }
  const ticket = await getPrisma().supportTicket.create({
    data: {
      userId,
      name: input.name,
      email: input.email,
      category: input.category,
      subject: input.subject,
      message: input.message,
    },
    select: { id: true, status: true, createdAt: true },
  });
  await recordEvent(rateLimitBucket, clientAddress);
  return ticket;
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
