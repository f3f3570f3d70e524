import { describe, expect, it } from "vitest";
import { accountLinkIn, textPartOf } from "./mime";

describe("textPartOf", () => {
  it("reads the text part whole when one of its quoted-printable lines starts with --", () => {
    // A 43-character token wrapped by quoted-printable just before its "--".
    const [head, tail] = ["abcdefghijklmnopqrstuvwxyz0123", "--456789ABCDE"];
    const raw = [
      'Content-Type: multipart/alternative; boundary="--_NmP-abc"',
      "",
      "----_NmP-abc",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Confirm:",
      `http://127.0.0.1:3000/auth/verify/${head}=`,
      tail,
      "----_NmP-abc",
      "Content-Type: text/html; charset=utf-8",
      "",
      "<p>html</p>",
      "----_NmP-abc--",
      "",
    ].join("\r\n");
    const text = textPartOf(raw);
    expect(text).not.toContain("<p>html</p>");
    expect(accountLinkIn(text, "/auth/verify")?.token).toBe(head + tail);
  });
});
