// The store's request listener, for server/start.js and for HTTP tests inside the test process
// (server/testing/in-process-server.ts). Plain JavaScript so production runs with no compiler.
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Loads the app (the production build of `buildDirectory`, or Vite's development build when
 * `isDevelopment`), prepares it (database, migrations, jobs) and answers with its request listener.
 * `appModuleUrl` loads the build from another URL (a test's own module instance); `prepareOptions`
 * go to the app's prepare(); `extraHeaders` go on every response. A failure to load or prepare is thrown.
 *
 * @param {{ isDevelopment?: boolean; buildDirectory?: string; appModuleUrl?: string; prepareOptions?: Record<string, unknown>; extraHeaders?: [string, string][] }} [options]
 */
export async function openStore({ isDevelopment = false, buildDirectory = path.resolve("build"), appModuleUrl, prepareOptions, extraHeaders } = {}) {
  let appModule;
  let chain;
  if (isDevelopment) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    appModule = await viteDevServer.ssrLoadModule("./server/app.ts");
    // Each request renders with the build Vite has just made.
    chain = { serveFiles: viteDevServer.middlewares, build: () => viteDevServer.ssrLoadModule("virtual:react-router/server-build") };
  } else {
    appModule = await import(appModuleUrl ?? pathToFileURL(path.join(buildDirectory, "server/index.js")).href);
    chain = { serveFiles: appModule.staticFiles(path.join(buildDirectory, "client")) };
  }
  await appModule.prepare(prepareOptions);
  return { appModule, listener: appModule.createApp({ ...chain, extraHeaders }) };
}

/** How this process reaches itself (the Paystack sandbox and its webhooks): loopback unless bound to one address. */
export function loopbackUrl(host, port) {
  const isAnyAddress = host === "0.0.0.0" || host === "::" || host === "";
  const hostname = isAnyAddress ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${hostname}:${port}`;
}
