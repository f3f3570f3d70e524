import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/*
 * Renders a page with React's Node renderer in a fresh process, as the server does: a preload made
 * during the render (React finds its request without the storage) and a Suspense boundary that
 * resolves later (React's work resumes from a timer). Then reads whether async_hooks' promise hooks
 * are on: with them, a promise reaction runs under an async id of its own; without, under 0.
 */
const renderAPage = `
import { executionAsyncId } from "node:async_hooks";
import { Writable } from "node:stream";
import { createElement, Suspense, use } from "react";
import { preload } from "react-dom";
import { renderToPipeableStream } from "react-dom/server";

const later = new Promise((resolve) => setTimeout(resolve, 5, "arrived later"));
function Later() {
  return createElement("p", null, use(later));
}
function Page() {
  preload("/assets/shell.css", { as: "style" });
  return createElement("main", null, createElement(Suspense, { fallback: "loading" }, createElement(Later)));
}
const html = await new Promise((resolve, reject) => {
  let text = "";
  const page = new Writable({
    write(chunk, _encoding, callback) { text += chunk; callback(); },
    final(callback) { resolve(text); callback(); },
  });
  renderToPipeableStream(createElement(Page), { onShellError: reject }).pipe(page);
});
let asyncId;
await Promise.resolve().then(() => { asyncId = executionAsyncId(); });
console.log(JSON.stringify({ html, promiseHooksOn: asyncId !== 0 }));
`;

function renderInNewProcess(nodeEnv: string, nodeOptions: string[]) {
  const run = spawnSync(process.execPath, [...nodeOptions, "--input-type=module", "--eval", renderAPage], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: nodeEnv, NODE_OPTIONS: "" },
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout) as { html: string; promiseHooksOn: boolean };
}

describe("React's renderer with server/react-render-storage.js", () => {
  for (const nodeEnv of ["production", "development"]) {
    it(`renders the same page and leaves async_hooks off (${nodeEnv} build)`, () => {
      const plain = renderInNewProcess(nodeEnv, []);
      const withStorage = renderInNewProcess(nodeEnv, ["--import", "./server/react-render-storage.js"]);

      // Without it, React's AsyncLocalStorage turns the promise hooks on for the whole process.
      expect(plain.promiseHooksOn).toBe(true);
      expect(withStorage.promiseHooksOn).toBe(false);

      expect(withStorage.html).toBe(plain.html);
      expect(withStorage.html).toContain('<link rel="preload" href="/assets/shell.css" as="style"/>');
      expect(withStorage.html).toContain("<p>arrived later</p>");
    });
  }
});
