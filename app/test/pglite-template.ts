import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { applyMigrations, type MigrationFile, readMigrationFiles } from "~/lib/database/migrate.server";
import { sqlClientForPglite } from "~/lib/database/sql-client.server";

/**
 * The data directory of a ready PGlite (empty, or with every migration applied), as the tarball
 * that `PGlite.create({ loadDataDir })` starts from (pgliteFromTemplate). Building one runs initdb
 * (2-4 s), and Vitest runs each test file in its own process, so the tarball is also kept on disk,
 * keyed by everything that shapes it: the PGlite version, the migration files and the migration
 * runner. Uncompressed: unpacking a gzip one cost ~0.2 s of each start. Set TEST_DATABASE_CACHE=off
 * to always build afresh.
 */
export type TemplateKind = "empty" | "migrated";

const cacheDirectory = path.resolve("node_modules/.cache/smb-test-databases");
const templates = new Map<TemplateKind, Promise<Blob>>();

/** A new PGlite started from the template of `kind` (~0.3 s). */
export async function pgliteFromTemplate(kind: TemplateKind): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await pgliteTemplate(kind), ...(await pgliteRuntime()) });
}

let runtime: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;

/** PGlite's compiled WebAssembly and file-system bundle, made once per process and shared by every instance (PGlite makes both anew at each start). */
function pgliteRuntime() {
  runtime ??= (async () => {
    const distDirectory = path.dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite")));
    const [wasm, bundle] = await Promise.all([fs.promises.readFile(path.join(distDirectory, "pglite.wasm")), fs.promises.readFile(path.join(distDirectory, "pglite.data"))]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
  })();
  return runtime;
}

function pgliteTemplate(kind: TemplateKind): Promise<Blob> {
  let template = templates.get(kind);
  if (!template) {
    template = loadOrBuild(kind);
    templates.set(kind, template);
    template.catch(() => templates.delete(kind)); // let the next caller retry
  }
  return template;
}

async function loadOrBuild(kind: TemplateKind): Promise<Blob> {
  const migrations = kind === "migrated" ? readMigrationFiles() : [];
  const useCache = process.env.TEST_DATABASE_CACHE !== "off";
  const file = path.join(cacheDirectory, `${kind}-${cacheKey(migrations)}.tar`);
  if (useCache && fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);

  const pglite = await PGlite.create();
  try {
    if (kind === "migrated") await applyMigrations(sqlClientForPglite(pglite), migrations);
    const template = await pglite.dumpDataDir("none");
    if (useCache) await saveToCache(kind, file, template);
    return template;
  } finally {
    await pglite.close();
  }
}

function cacheKey(migrations: MigrationFile[]) {
  const hash = createHash("sha256");
  hash.update(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json")));
  hash.update(fs.readFileSync(path.resolve("app/lib/database/migrate.server.ts")));
  for (const migration of migrations) hash.update(`${migration.name}\n${migration.checksum}\n`);
  return hash.digest("hex").slice(0, 16);
}

/** Best effort: a read-only or full disk only costs speed. Parallel writers each rename atomically. */
async function saveToCache(kind: TemplateKind, file: string, template: Blob) {
  try {
    fs.mkdirSync(cacheDirectory, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await template.arrayBuffer()));
    fs.renameSync(partial, file);
    for (const name of fs.readdirSync(cacheDirectory)) {
      const stale = name.startsWith(`${kind}-`) && /\.tar(\.gz)?$/.test(name) && name !== path.basename(file);
      if (stale) fs.rmSync(path.join(cacheDirectory, name), { force: true });
    }
  } catch {
    // ignore: the next run builds the template again
  }
}
