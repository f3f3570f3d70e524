import { absoluteLink, queueEmail } from "~/features/mail/index.server";
import { ticketAnsweredMail } from "~/features/mail";
import { assertAdmin } from "~/features/auth";
import type { PublicUser } from "~/features/auth/index.server";
import { supportCategories } from "~/features/support";
import type { Prisma, SupportTicketStatus } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { type AdminPage, isoOrNull, pageWindow, toAdminPage } from "./admin-access.server";
import type { TicketAnswerInput, TicketListQuery } from "./admin-schemas";
import { recordAdminAction } from "~/features/audit/index.server";
import { type SqlQueries, sqlOfPrisma } from "~/lib/database/sql-client.server";

/**
 * Support tickets for admins (DESIGN §6: the support form stores a ticket that admins answer). The
 * answer itself goes by e-mail from the admin's own mail program (a mailto link with the ticket's
 * subject); here an admin marks the ticket answered, with an optional note of what was said (which a
 * signed-in author reads under "Your tickets" on /support, and which the store's "ticket answered"
 * e-mail to the author carries), and closes it. Each step is a conditional
 * update: acting on a ticket that moved on answers 409.
 */

export interface AdminTicket {
  id: number;
  name: string;
  email: string;
  category: string;
  categoryLabel: string;
  subject: string;
  message: string;
  status: SupportTicketStatus;
  reply: string | null;
  repliedBy: { id: number; username: string } | null;
  repliedAt: string | null;
  /** The author's account, when they were signed in. */
  userId: number | null;
  createdAt: string;
  updatedAt: string;
}

const ticketSelect = {
  id: true,
  name: true,
  email: true,
  category: true,
  subject: true,
  message: true,
  status: true,
  reply: true,
  repliedAt: true,
  userId: true,
  createdAt: true,
  updatedAt: true,
  repliedBy: { select: { id: true, username: true } },
} satisfies Prisma.SupportTicketSelect;

function toView(ticket: Prisma.SupportTicketGetPayload<{ select: typeof ticketSelect }>): AdminTicket {
  return {
    ...ticket,
    categoryLabel: supportCategories.find((category) => category.value === ticket.category)?.label ?? ticket.category,
    repliedAt: isoOrNull(ticket.repliedAt),
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}

/** "#12" or "12" finds ticket 12; other text searches the author, e-mail and subject. */
function searchWhere(q: string | undefined): Prisma.SupportTicketWhereInput {
  if (!q) return {};
  const id = /^#?(\d{1,9})$/.exec(q);
  return {
    OR: [
      ...(id ? [{ id: Number(id[1]) }] : []),
      { email: { contains: q, mode: "insensitive" } },
      { name: { contains: q, mode: "insensitive" } },
      { subject: { contains: q, mode: "insensitive" } },
    ],
  };
}

export async function listTickets(admin: PublicUser, query: TicketListQuery): Promise<AdminPage<AdminTicket>> {
  assertAdmin(admin);
  const prisma = getPrisma();
  const where: Prisma.SupportTicketWhereInput = { ...searchWhere(query.q), ...(query.status === "all" ? {} : { status: query.status }) };
  const [tickets, total] = await Promise.all([
    // Open tickets oldest first (who waited longest); the rest newest first.
    prisma.supportTicket.findMany({ where, orderBy: { id: query.status === "open" ? "asc" : "desc" }, ...pageWindow(query.page), select: ticketSelect }),
    prisma.supportTicket.count({ where }),
  ]);
  return toAdminPage(tickets.map(toView), query.page, total);
}

async function moveTicket(
  admin: PublicUser,
  ticketId: number,
  { from, to, action, data, stale }: { from: SupportTicketStatus[]; to: SupportTicketStatus; action: string; data: Prisma.SupportTicketUncheckedUpdateManyInput; stale: (status: SupportTicketStatus) => string },
  extra: Record<string, string> = {},
  afterMove?: (sql: SqlQueries) => Promise<void>,
): Promise<AdminTicket> {
  assertAdmin(admin);
  return getPrisma().$transaction(async (transaction) => {
    const ticket = await transaction.supportTicket.findUnique({ where: { id: ticketId }, select: { status: true } });
    if (!ticket) throw new AppError(404, "not_found", "Ticket not found");
    const { count } = await transaction.supportTicket.updateMany({ where: { id: ticketId, status: { in: from } }, data: { ...data, status: to } });
    if (count === 0) throw new AppError(409, "stale_state", stale(ticket.status));
    const sql = sqlOfPrisma(transaction);
    await recordAdminAction(sql, admin, { action, targetType: "support_ticket", targetId: String(ticketId), details: { before: ticket.status, after: to, ...extra } });
    await afterMove?.(sql);
    return toView(await transaction.supportTicket.findUniqueOrThrow({ where: { id: ticketId }, select: ticketSelect }));
  });
}

/** An open ticket was answered: who, when, and optionally what; the author is told by e-mail (with the answer when given). */
export function markTicketAnswered(admin: PublicUser, ticketId: number, { reply }: Partial<TicketAnswerInput>, now = new Date()): Promise<AdminTicket> {
  return moveTicket(
    admin,
    ticketId,
    {
      from: ["open"],
      to: "answered",
      action: "ticket.answer",
      data: { repliedById: admin.id, repliedAt: now, ...(reply ? { reply } : {}) },
      stale: (status) => (status === "answered" ? "This ticket is already marked answered." : "This ticket is closed."),
    },
    reply ? { reply } : {},
    (sql) => queueTicketAnsweredEmail(sql, ticketId),
  );
}

async function queueTicketAnsweredEmail(sql: SqlQueries, ticketId: number): Promise<void> {
  const [ticket] = await sql.query<{ id: number; name: string; email: string; subject: string; reply: string | null }>(
    "SELECT id, name, email, subject, reply FROM support_tickets WHERE id = $1::int",
    [ticketId],
  );
  if (!ticket) throw new Error(`Support ticket ${ticketId} not found`);
  const content = ticketAnsweredMail({ name: ticket.name, ticketId: ticket.id, subject: ticket.subject, reply: ticket.reply, supportUrl: absoluteLink("/support") });
  await queueEmail(sql, `ticket:${ticket.id}:answered`, ticket.email, content);
}

export function closeTicket(admin: PublicUser, ticketId: number): Promise<AdminTicket> {
  return moveTicket(admin, ticketId, { from: ["open", "answered"], to: "closed", action: "ticket.close", data: {}, stale: () => "This ticket is already closed." });
}
