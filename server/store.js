// The store's request listener: the app module loaded and prepared, behind Express with the client
// build's files. server/start.js listens with it and owns the process; HTTP tests listen with it
// inside the test process (server/testing/in-process-server.ts). Plain JavaScript so production runs
// with no compiler.
import compression from "compression";
import express from "express";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Loads the app (the production build of `buildDirectory`, or Vite's development build when
 * `isDevelopment`), prepares it (database, migrations, jobs) and answers with its request listener.
 * `appModuleUrl` loads the build from another URL (a test's own module instance); `prepareOptions`
 * go to the app's prepare(). A failure to load or prepare is thrown.
 *
 * @param {{ isDevelopment?: boolean; buildDirectory?: string; appModuleUrl?: string; prepareOptions?: Record<string, unknown> }} [options]
 */
export async function openStore({ isDevelopment = false, buildDirectory, appModuleUrl, prepareOptions } = {}) {
  const server = express();
  server.disable("x-powered-by");
  server.use(compression());

  let loadAppModule;
  /** Whether a path may be a file of the client build, served here before the app (so not a page the app answers first). */
  let servesFile = () => true;
  if (isDevelopment) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    server.use(viteDevServer.middlewares);
    loadAppModule = () => viteDevServer.ssrLoadModule("./server/app.ts");
  } else {
    buildDirectory ??= path.resolve("build");
    const serverBuild = appModuleUrl ?? pathToFileURL(path.join(buildDirectory, "server/index.js")).href;
    loadAppModule = () => import(serverBuild);
    // Fingerprinted assets never change; everything else in the client build may.
    const clientDirectory = path.join(buildDirectory, "client");
    server.use("/assets", express.static(path.join(clientDirectory, "assets"), { immutable: true, maxAge: "1y", index: false }));
    // The other client files (favicon.svg, …) sit at the top of the client build: only requests under
    // one of those names go to the disk. Checking it for every page and /api request cost a stat()
    // each (issue #9).
    const clientFiles = express.static(clientDirectory, { maxAge: "1h", index: false });
    const clientTopLevelNames = new Set(fs.existsSync(clientDirectory) ? fs.readdirSync(clientDirectory) : []);
    const isClientFileName = (name) => name === undefined || clientTopLevelNames.has(name);
    server.use((request, response, next) => (isClientFileName(firstPathSegment(request.path)) ? clientFiles(request, response, next) : next()));
    // Express mounts /assets in any case.
    servesFile = (pathname) => isClientFileName(firstPathSegment(pathname)) || firstPathSegment(pathname).toLowerCase() === "assets";
  }

  const appModule = await loadAppModule();
  await appModule.prepare(prepareOptions);
  server.use(isDevelopment ? async (request, response, next) => (await loadAppModule()).app(request, response, next) : appModule.app);

  // Health checks, most /api calls, cached anonymous pages and signed-in pages are answered before
  // Express (server/app.ts's serveBeforeExpress); everything else goes to `server`.
  return { appModule, listener: appModule.serveBeforeExpress(server, { servesFile }) };
}

/** The decoded first segment of a URL path ("favicon.svg" of "/favicon.svg"); undefined when it does not decode. */
function firstPathSegment(pathname) {
  const segment = pathname.split("/", 2)[1] ?? "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** How this process reaches itself (the Paystack sandbox and its webhooks): loopback unless bound to one address. */
export function loopbackUrl(host, port) {
  const isAnyAddress = host === "0.0.0.0" || host === "::" || host === "";
  const hostname = isAnyAddress ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${hostname}:${port}`;
}
