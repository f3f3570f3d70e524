import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { noSupportContacts, supportContactsOf } from "./contact-details";

describe("supportContactsOf", () => {
  it("offers no channel when none is configured", () => {
    expect(supportContactsOf(parseEnv({ SESSION_SECRET: "s".repeat(32) }))).toEqual(noSupportContacts);
  });

  it("takes each configured channel from the settings, numbers for links and for reading", () => {
    const env = parseEnv({ SESSION_SECRET: "s".repeat(32), SUPPORT_EMAIL: "help@boost.example", SUPPORT_WHATSAPP: "+233 24 555 0101" });
    expect(supportContactsOf(env)).toEqual({ email: "help@boost.example", whatsapp: { dial: "+233245550101", display: "+233 24 555 0101" }, phone: null });
  });
});
