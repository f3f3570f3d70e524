import { Transform } from "node:stream";

/*
 * Paint first, then load the JavaScript (issue #22). Every page is complete and usable without
 * JavaScript, so on a slow connection its first paint should need only the HTML and the stylesheet.
 * React Router asks for all of a page's modules up front (modulepreload links in <head>, a module
 * script at the end of <body>), and on slow 4G those ~115 KB (gzipped) shared the line with the
 * 12 KB stylesheet the first paint waits for. So the server sends both inert (paintFirstTransform)
 * and paintFirstScript turns them on once the first contentful paint has been presented; the page
 * then hydrates as before.
 */

/** Holds a modulepreload link's `rel` until the first paint. */
const deferredRelAttribute = "data-after-paint";
/** React Router's module script's `type` until the first paint: a data block, not run. */
const deferredScriptType = "text/x-after-paint";
/** The longest a page waits for its first paint (a tab opened in the background) before loading anyway. */
const fallbackMs = 3000;

/*
 * Rendered right after React Router's module script (PaintFirstScript), so that script has been
 * parsed when this runs. The module script is replaced in place by a live copy: hydration finds the
 * elements it expects where it expects them. The nonce is read from the property, as the browser
 * hides the attribute. Without paint timing (old browsers) it loads at once, as before.
 */
export const paintFirstScript = `(function(){var started=false;function start(){if(started)return;started=true;document.querySelectorAll("link[${deferredRelAttribute}]").forEach(function(l){l.rel=l.getAttribute("${deferredRelAttribute}")});document.querySelectorAll('script[type="${deferredScriptType}"]').forEach(function(d){var s=document.createElement("script");s.type="module";s.nonce=d.nonce;s.textContent=d.textContent;d.replaceWith(s)})}var P=window.PerformanceObserver;if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0)return start();new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}}).observe({type:"paint",buffered:true});setTimeout(start,${fallbackMs})})()`;

/*
 * React writes the tags to make inert the same way on every page: its modulepreload links as
 * `<link rel="modulepreload" …`, React Router's module script as `<script nonce="…" type="module"
 * async="">`. Text and attribute values never contain these (React escapes `<` and quotes in them).
 */
const replacements: ReadonlyArray<readonly [string, string]> = [
  ['<link rel="modulepreload" ', `<link ${deferredRelAttribute}="modulepreload" `],
  [' type="module" async="">', ` type="${deferredScriptType}" async="">`],
];

/**
 * The page's HTML stream with the replacements made, written on in one piece per React flush.
 *
 * React writes a page in 4 KB pieces and then calls the stream's `flush()` (as it does for
 * compression's response), so the pieces are gathered until then: each later stage (the web stream
 * React Router answers with, Express, gzip on the thread pool) then handles one buffer per flush
 * instead of eight or more for a page. A flush's end that could begin a tag to replace waits for the
 * next one. The bytes are read as latin1 (one character per byte; V8 searches those fastest), so
 * a UTF-8 character passes through untouched.
 */
export function paintFirstTransform(onEnd: () => void): Transform & { flush(): void } {
  let pending: Buffer[] = [];
  let held = "";
  const takePending = () => {
    const text = replaceAll(held + Buffer.concat(pending).toString("latin1"));
    pending = [];
    const holdLength = lengthOfPartialTag(text);
    held = text.slice(text.length - holdLength);
    return text.length > holdLength ? Buffer.from(text.slice(0, text.length - holdLength), "latin1") : undefined;
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      callback();
    },
    flush(callback) {
      const rest = pending.length ? takePending() : undefined;
      if (rest) this.push(rest);
      onEnd();
      callback(null, held ? Buffer.from(held, "latin1") : undefined);
    },
  });
  return Object.assign(stream, {
    /** React's "nothing more to write for now". */
    flush() {
      if (!pending.length) return;
      const ready = takePending();
      if (ready) stream.push(ready);
    },
  });
}

function replaceAll(text: string): string {
  for (const [from, to] of replacements) if (text.includes(from)) text = text.replaceAll(from, to);
  return text;
}

const maximumHeldLength = Math.max(...replacements.map(([from]) => from.length - 1));
const tagStarts = new Set(replacements.map(([from]) => from.charCodeAt(0)));

/** How many characters at the end of `text` are the start of a tag to replace. */
function lengthOfPartialTag(text: string): number {
  for (let at = Math.max(0, text.length - maximumHeldLength); at < text.length; at++) {
    if (!tagStarts.has(text.charCodeAt(at))) continue;
    const tail = text.slice(at);
    if (replacements.some(([from]) => from.startsWith(tail))) return text.length - at;
  }
  return 0;
}
