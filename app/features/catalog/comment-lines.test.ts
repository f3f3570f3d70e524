import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maximumCommentLength, parseCommentLines } from "./comment-lines";

describe("parseCommentLines", () => {
  it("reads one trimmed comment per line, skipping blank lines, whatever the line endings", () => {
    expect(parseCommentLines("Great post!\r\n\r\n  So inspiring 🙌  \n\t\nCongrats Ama\n", 3)).toEqual({ lines: ["Great post!", "So inspiring 🙌", "Congrats Ama"] });
    expect(parseCommentLines("Nice", 1)).toEqual({ lines: ["Nice"] });
  });

  it("allows the same comment more than once", () => {
    expect(parseCommentLines("🔥\n🔥\n🔥\nWow\nWow", 5)).toEqual({ lines: ["🔥", "🔥", "🔥", "Wow", "Wow"] });
  });

  it("asks for exactly the order's number of comments", () => {
    expect(parseCommentLines("One\nTwo\nThree", 10)).toEqual({ message: "You wrote 3 comments; this order needs 10, one per line." });
    expect(parseCommentLines("One\n\n\n", 2)).toEqual({ message: "You wrote 1 comment; this order needs 2, one per line." });
    expect(parseCommentLines("One\nTwo\nThree", 1)).toEqual({ message: "You wrote 3 comments; this order needs 1, one per line." });
    expect(parseCommentLines("", 10)).toEqual({ message: "Write 10 comments, one per line." });
    expect(parseCommentLines(" \n \r\n", 1)).toEqual({ message: "Write 1 comment, one per line." });
  });

  it("takes comments of up to 300 characters, counting an emoji as one", () => {
    expect(maximumCommentLength).toBe(300);
    const longest = "🔥".repeat(300);
    expect(longest.length).toBe(600);
    expect(parseCommentLines(`Short\n${longest}`, 2)).toEqual({ lines: ["Short", longest] });
    expect(parseCommentLines(`Short\n\n${"a".repeat(301)}\nShort`, 3)).toEqual({ message: "The comment on line 3 is 301 characters long; a comment can have at most 300." });
    expect(parseCommentLines(`${"🙌".repeat(301)}`, 1)).toEqual({ message: "The comment on line 1 is 301 characters long; a comment can have at most 300." });
  });

  it("refuses links and web addresses, naming the line as the client sees it", () => {
    const links = [
      "Follow me https://example.com",
      "see http://ama.gh/page",
      "HTTPS://EXAMPLE.ORG",
      "visit www.amagrows",
      "Cheap followers at example.com!",
      "bit.ly/x",
      "Chat me on wa.me/233201234567",
      "Join t.me",
      "🔥amagrows.shop🔥",
      "shop.amagrows.com.gh",
      "Example.COM",
      "sub-domain.example.io/path",
    ];
    for (const link of links) {
      expect(parseCommentLines(`Nice\n\n${link}`, 2), link).toEqual({ message: "The comment on line 3 contains a link; comments cannot contain links or web addresses." });
    }
  });

  it("does not take ordinary punctuation for a link", () => {
    const comments = ["Nice.Love it", "Wow... amazing", "e.g. this one", "Rated 10.5/10", "awww. so cute", "Congrats.Keep going", "Good job.Company of the year", "i.e. the best", "3.14 reasons to smile", "Ama's post: great!", "#blessed @ama.grows"];
    expect(parseCommentLines(comments.join("\n"), comments.length)).toEqual({ lines: comments });
  });

  it("reports the first problem from the top, before the count", () => {
    expect(parseCommentLines(`ok\nexample.com\n${"a".repeat(400)}`, 10)).toEqual({ message: "The comment on line 2 contains a link; comments cannot contain links or web addresses." });
  });

  it("refuses a quantity that is not a whole number from 1 (a caller's mistake, not a client's)", () => {
    for (const quantity of [0, -1, 1.5, Number.NaN]) expect(() => parseCommentLines("a", quantity)).toThrow(RangeError);
  });

  it("never throws on any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 2000 }), fc.integer({ min: 1, max: 50 }), (text, quantity) => {
        const parsed = parseCommentLines(text, quantity);
        expect("lines" in parsed ? parsed.lines.length : parsed.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it("returns the trimmed non-blank lines, in order, when there are as many as the order needs", () => {
    const line = fc.string({ unit: "grapheme", maxLength: 40 }).filter((text) => !/[\r\n]/.test(text));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (written) => {
        const comments = written.map((text) => text.trim()).filter(Boolean);
        fc.pre(comments.length > 0);
        const parsed = parseCommentLines(written.join("\n"), comments.length);
        // A random line may happen to look like a link; then the message names its line.
        if ("message" in parsed) expect(parsed.message).toMatch(/^The comment on line \d+ contains a link/);
        else expect(parsed.lines).toEqual(comments);
      }),
      { numRuns: 500 },
    );
  });
});
