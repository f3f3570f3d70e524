import { countRecentEvents, recordEvent } from "~/features/auth/rate-limit.server";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { supportContact } from "./contact-details";
import type { SupportTicketInput } from "./support-schema";

/** Tickets one network address may open per hour: plenty for a person, little for a spam script. */
export const SUPPORT_TICKET_LIMIT_PER_HOUR = 5;
const ticketWindowMs = 60 * 60 * 1000;
const rateLimitBucket = "support-ticket";

export interface CreatedSupportTicket {
  id: number;
  status: "open" | "answered" | "closed";
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
    throw new AppError(
      429,
      "too_many_support_requests",
      `You have sent ${SUPPORT_TICKET_LIMIT_PER_HOUR} support requests in the last hour, the most we accept from one network. ` +
        `Please wait an hour before sending another, or e-mail us at ${supportContact.email}.`,
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
