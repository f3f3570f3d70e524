import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

const appRoot = path.resolve(import.meta.dirname, "..");

/**
 * The app's source files (under app/, tests and the generated client left out) whose text matches
 * `pattern`, outside `owner` (a folder or a file, relative to app/): for tests that keep one module
 * the only writer of something.
 */
export async function sourcesMatching(pattern: RegExp, owner: string): Promise<string[]> {
  const matches: string[] = [];
  for (const entry of await readdir(appRoot, { recursive: true })) {
    const file = String(entry);
    if (!/\.(ts|tsx)$/.test(file) || /\.test\.tsx?$/.test(file) || file.startsWith("generated") || file === owner || file.startsWith(path.join(owner, path.sep))) continue;
    if (pattern.test(await readFile(path.join(appRoot, file), "utf8"))) matches.push(file);
  }
  return matches;
}
