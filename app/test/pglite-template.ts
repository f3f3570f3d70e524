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
 * keyed by everything that shapes it: the PGlite version, the migration files, the migration
 * runner and this file. Uncompressed: unpacking a gzip one cost ~0.2 s of each start. Set
 * TEST_DATABASE_CACHE=off to always build afresh.
 *
 * PGlite reads its inputs with `.arrayBuffer()`. They are kept as bytes and handed over through
 * `asBlob`, not as Node Blobs, whose arrayBuffer() reads in small chunks and concatenates them (on
 * Node 20 that was a tenth of each start). The template is dumped after a checkpoint, so a start
 * does not replay the migrations' WAL.
 */
export type TemplateKind = "empty" | "migrated";

const cacheDirectory = path.resolve("node_modules/.cache/smb-test-databases");
const templates = new Map<TemplateKind, Promise<Uint8Array>>();

/** A new PGlite started from the template of `kind` (~0.3 s). */
export async function pgliteFromTemplate(kind: TemplateKind): Promise<PGlite> {
  const [template, { wasmModule, fsBundle }] = await Promise.all([pgliteTemplate(kind), pgliteRuntime()]);
  return PGlite.create({ loadDataDir: asBlob(template), pgliteWasmModule: wasmModule, fsBundle: asBlob(fsBundle) });
}

/** What PGlite reads of a Blob: a fresh copy of the bytes each time, since it takes the buffer over. */
function asBlob(bytes: Uint8Array): Blob {
  return { type: "", arrayBuffer: async () => bytes.slice().buffer } as Blob;
}

let runtime: Promise<{ wasmModule: WebAssembly.Module; fsBundle: Uint8Array }> | undefined;

/** PGlite's compiled WebAssembly and file-system bundle, made once per process and shared by every instance (PGlite makes both anew at each start). */
function pgliteRuntime() {
  runtime ??= (async () => {
    const distDirectory = path.dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite")));
    const [wasm, bundle] = await Promise.all([fs.promises.readFile(path.join(distDirectory, "pglite.wasm")), fs.promises.readFile(path.join(distDirectory, "pglite.data"))]);
    return { wasmModule: await WebAssembly.compile(wasm), fsBundle: bundle };
  })();
  return runtime;
}

function pgliteTemplate(kind: TemplateKind): Promise<Uint8Array> {
  let template = templates.get(kind);
  if (!template) {
    template = loadOrBuild(kind);
    templates.set(kind, template);
    template.catch(() => templates.delete(kind)); // let the next caller retry
  }
  return template;
}

async function loadOrBuild(kind: TemplateKind): Promise<Uint8Array> {
  const migrations = kind === "migrated" ? readMigrationFiles() : [];
  const useCache = process.env.TEST_DATABASE_CACHE !== "off";
  const file = path.join(cacheDirectory, `${kind}-${cacheKey(migrations)}.tar`);
  if (useCache && fs.existsSync(file)) return fs.readFileSync(file);

  const pglite = await PGlite.create();
  try {
    if (kind === "migrated") await applyMigrations(sqlClientForPglite(pglite), migrations);
    await pglite.query("CHECKPOINT");
    const template = new Uint8Array(await (await pglite.dumpDataDir("none")).arrayBuffer());
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
  hash.update(fs.readFileSync(fileURLToPath(import.meta.url))); // how a template is made
  for (const migration of migrations) hash.update(`${migration.name}\n${migration.checksum}\n`);
  return hash.digest("hex").slice(0, 16);
}

/** Best effort: a read-only or full disk only costs speed. Parallel writers each rename atomically. */
async function saveToCache(kind: TemplateKind, file: string, template: Uint8Array) {
  try {
    fs.mkdirSync(cacheDirectory, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, template);
    fs.renameSync(partial, file);
    for (const name of fs.readdirSync(cacheDirectory)) {
      const stale = name.startsWith(`${kind}-`) && /\.tar(\.gz)?$/.test(name) && name !== path.basename(file);
      if (stale) fs.rmSync(path.join(cacheDirectory, name), { force: true });
    }
  } catch {
    // ignore: the next run builds the template again
  }
}
