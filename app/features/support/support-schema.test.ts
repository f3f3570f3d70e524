import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { orderQuestionDefaults, supportCategories, supportNotices, supportTicketSchema, ticketSentNotice } from "./support-schema";

const valid = {
  name: "Ama Mensah",
  email: "ama@example.com",
  category: "order",
  subject: "Order not started",
  message: "My order SMB-12-2026 has not started after a day.",
};

/** The first message per field, as the form shows them. */
function errorsOf(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const submission = parseWithZod(formData, { schema: supportTicketSchema });
  return Object.fromEntries(Object.entries(submission.reply().error ?? {}).map(([name, messages]) => [name, messages?.[0]]));
}

describe("support form schema", () => {
  it("accepts a complete request, trimming text and lower-casing the e-mail", () => {
    const result = supportTicketSchema.parse({ ...valid, name: "  Ama Mensah ", email: " Ama@Example.COM " });
    expect(result).toEqual({ ...valid, name: "Ama Mensah", email: "ama@example.com" });
  });

  it("shows SPEC §5's message for every empty field", () => {
    expect(errorsOf({ name: "", email: "", category: "", subject: "", message: "" })).toEqual({
      name: "Name must be at least 2 characters",
      email: "Invalid email address",
      category: "Please select a category",
      subject: "Subject must be at least 5 characters",
      message: "Message must be at least 20 characters",
    });
  });

  it("shows SPEC §5's messages for values below the minimums", () => {
    expect(errorsOf({ name: "A", email: "ama@", category: "order", subject: "Help", message: "Too short to help." })).toEqual({
      name: "Name must be at least 2 characters",
      email: "Invalid email address",
      subject: "Subject must be at least 5 characters",
      message: "Message must be at least 20 characters",
    });
  });

  it("counts the minimums after trimming spaces", () => {
    expect(errorsOf({ ...valid, name: "  A  ", subject: "  Help   ", message: `   ${"x".repeat(19)}    ` })).toEqual({
      name: "Name must be at least 2 characters",
      subject: "Subject must be at least 5 characters",
      message: "Message must be at least 20 characters",
    });
  });

  it("accepts exactly the minimum lengths", () => {
    expect(errorsOf({ ...valid, name: "Al", subject: "Hello", message: "x".repeat(20) })).toEqual({});
  });

  it("refuses a category that is not offered", () => {
    expect(errorsOf({ ...valid, category: "refund-now" })).toEqual({ category: "Please select a category" });
  });

  it("accepts every offered category", () => {
    for (const { value } of supportCategories) expect(errorsOf({ ...valid, category: value })).toEqual({});
  });

  it("caps name at 100, subject at 150 and message at 5000 characters with clear messages", () => {
    expect(errorsOf({ ...valid, name: "n".repeat(100), subject: "s".repeat(150), message: "m".repeat(5000) })).toEqual({});
    expect(errorsOf({ ...valid, name: "n".repeat(101), subject: "s".repeat(151), message: "m".repeat(5001) })).toEqual({
      name: "Name must be at most 100 characters",
      subject: "Subject must be at most 150 characters",
      message: "Message must be at most 5,000 characters",
    });
  });

  it("offers SPEC's categories in order, each with a label", () => {
    expect(supportCategories.map((category) => category.label)).toEqual(["Order issue", "Payment issue", "Worker account", "Account & login", "Other"]);
  });
});

describe("text the database cannot keep", () => {
  it("refuses a NUL character in a free-text field with a message instead of failing on insert", () => {
    const result = supportTicketSchema.safeParse({ name: "Ama", email: "ama@example.com", category: "order", subject: "Order help", message: "My order has a \u0000 problem, please help me" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["message"], message: "Remove the invisible control characters from this field" });
  });
});

describe("ticketSentNotice", () => {
  it("keeps SPEC §8's texts and adds the ticket's number and the address the answer goes to", () => {
    const notice = ticketSentNotice({ id: 42, email: "ama@example.com" });
    expect(notice.title).toBe("Support request sent!");
    expect(notice.description).toBe(`${supportNotices.sent.description} Your ticket number is #42; our answer goes to ama@example.com.`);
  });
});

describe("orderQuestionDefaults", () => {
  const defaultsFor = (query: string) => orderQuestionDefaults(new URLSearchParams(query));

  it("starts an order issue about the reference a link from an order page carries", () => {
    expect(defaultsFor("reference=SMB-12-2026")).toEqual({ category: "order", subject: "Order SMB-12-2026" });
    expect(defaultsFor("reference=%20smb-7-2027%20")).toEqual({ category: "order", subject: "Order SMB-7-2027" });
    expect(supportTicketSchema.shape.subject.safeParse(defaultsFor("reference=SMB-1-2026")?.subject).success).toBe(true);
  });

  it("ignores anything that is not an order reference", () => {
    for (const query of ["", "reference=", "reference=SMB-12", "reference=SMB-0-2026", "reference=SMB-12-26", "reference=ORD-12-2026", "reference=SMB-12-2026<script>", "reference=SMB-12-2026%0AHi", "order=SMB-12-2026"]) {
      expect(defaultsFor(query), query).toBeNull();
    }
  });
});
