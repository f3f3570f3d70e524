import { describe, expect, it } from "vitest";
import { paintFirstTransform } from "~/lib/paint-first.server";

const page =
  '<!DOCTYPE html><html lang="en"><head><link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n0=="/>' +
  '<link rel="modulepreload" href="/assets/root-2.js" nonce="n0=="/><link nonce="n0==" rel="stylesheet" href="/assets/shell.css"/></head>' +
  "<body><p>Gh₵ 12.00 — 5 000 “real” followers &lt;link rel=&quot;modulepreload&quot;</p>" +
  '<script nonce="n0==">window.__reactRouterContext = {};</script>' +
  '<script nonce="n0==" type="module" async="">import "/assets/manifest.js";\nimport("/assets/entry.client-1.js");</script></body></html>';

const expected = page
  .replaceAll('<link rel="modulepreload" ', '<link data-after-paint="modulepreload" ')
  .replace(' type="module" async="">', ' type="text/x-after-paint" async="">');

/**
 * Writes the chunks one by one, each followed by React's flush(), and collects what comes out after
 * each and at the end.
 */
async function run(chunks: Buffer[]) {
  let ended = false;
  const transform = paintFirstTransform(() => (ended = true));
  const outputs: string[] = [];
  transform.on("data", (chunk: Buffer) => outputs.push(chunk.toString("latin1")));
  const passedAfterWrite: number[] = [];
  for (const chunk of chunks) {
    await new Promise<void>((resolve) => transform.write(chunk, () => resolve()));
    transform.flush();
    await new Promise((resolve) => setImmediate(resolve));
    passedAfterWrite.push(Buffer.concat(outputs.map((text) => Buffer.from(text, "latin1"))).length);
  }
  await new Promise<void>((resolve) => transform.end(resolve));
  return { text: Buffer.concat(outputs.map((text) => Buffer.from(text, "latin1"))).toString("utf8"), ended, passedAfterWrite };
}

describe("paintFirstTransform", () => {
  it("makes React Router's modulepreload links and module script inert, and nothing else", async () => {
    const { text, ended } = await run([Buffer.from(page)]);
    expect(text).toBe(expected);
    expect(text).not.toContain('rel="modulepreload"');
    expect(text).toContain("&lt;link rel=&quot;modulepreload&quot;"); // escaped text is left alone
    expect(ended).toBe(true);
  });

  it("gives the same page wherever the stream is cut, inside a tag or a UTF-8 character", async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      const { text } = await run([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(text, `cut at byte ${cut}`).toBe(expected);
    }
  });

  it("writes on what React wrote in one piece when React flushes", async () => {
    const transform = paintFirstTransform(() => {});
    const outputs: Buffer[] = [];
    transform.on("data", (chunk: Buffer) => outputs.push(chunk));
    for (const piece of ["<p>one</p>", "<p>two</p>", "<p>three</p>"]) transform.write(Buffer.from(piece));
    await new Promise((resolve) => setImmediate(resolve));
    expect(outputs).toEqual([]);
    transform.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(outputs.map(String)).toEqual(["<p>one</p><p>two</p><p>three</p>"]);
  });

  it("holds back only a flush's end that could start a tag to replace", async () => {
    const { passedAfterWrite } = await run([Buffer.from("<p>first</p><li"), Buffer.from("nk rel=x><p>second</p>")]);
    expect(passedAfterWrite[0]).toBe("<p>first</p>".length);
    const plain = await run([Buffer.from("<p>first</p>")]);
    expect(plain.passedAfterWrite[0]).toBe("<p>first</p>".length);
  });
});
