/**
 * The comments of an order of custom comments (issue #50), as its client writes them in a text
 * box: one per line. Workers post them as written, so each is checked here: the number the order
 * pays for, a length platforms accept, and no links (platforms hide or flag comments with links,
 * and a link would let a client use the store to spread spam).
 *
 * Repeated comments are allowed on purpose: clients often order many short ones alike ("🔥",
 * "Congrats!"), and each is posted by a different person.
 */

export const maximumCommentLength = 300;

export type CommentLines = { lines: string[] } | { message: string };

// A link: a scheme, www.<name>, or a domain-like word followed by a path ("bit.ly/x"), or ending in a
// common top-level domain ("example.com", "wa.me"). Not any "word.word": "Nice.Love it" is a comment
// typed without a space; the list leaves out the top-level domains that are English words (.it, .in).
const linkPatterns = [
  /https?:\/\//i,
  /\bwww\.[a-z0-9-]/i,
  /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/\S/i,
  /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|io|co|ly|me|gh|ng|uk|us|xyz|app|dev|link|site|online|store|shop|tv|gg|cc|ws|top|club|ai|gl|gd|ru|cn|tk)(?![a-z0-9-])/i,
];

/** The comments, in order, or what to change, in a sentence. `quantity` is the order's number of comments. */
export function parseCommentLines(text: string, quantity: number): CommentLines {
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError("quantity must be a whole number from 1");
  const lines: string[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line.length === 0) continue;
    // Line numbers as the client sees them in the text box, blank lines included.
    const number = index + 1;
    // Characters as people count them: an emoji is one (two UTF-16 units), not two.
    const length = [...line].length;
    if (length > maximumCommentLength) return { message: `The comment on line ${number} is ${length} characters long; a comment can have at most ${maximumCommentLength}.` };
    if (linkPatterns.some((pattern) => pattern.test(line))) return { message: `The comment on line ${number} contains a link; comments cannot contain links or web addresses.` };
    lines.push(line);
  }
  if (lines.length === quantity) return { lines };
  if (lines.length === 0) return { message: `Write ${quantity} ${plural(quantity)}, one per line.` };
  return { message: `You wrote ${lines.length} ${plural(lines.length)}; this order needs ${quantity}, one per line.` };
}

function plural(count: number): string {
  return count === 1 ? "comment" : "comments";
}
