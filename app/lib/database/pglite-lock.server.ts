import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock of its own: two processes on one data directory silently lose writes. We keep a
 * lock file holding the owner's pid. A lock whose pid no longer runs (a killed process) is stale and
 * is taken over; a live owner makes the second process stop with a clear message.
 */
export class DataDirectoryLockedError extends Error {
  override name = "DataDirectoryLockedError";
  constructor(
    readonly lockFile: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded database in ${path.dirname(lockFile)} is already in use by process ${ownerPid}. ` +
        `Stop that process, or set DATA_DIR (or DATABASE_URL) to use another database.`,
    );
  }
}

export interface DirectoryLock {
  release(): void;
}

export function lockDataDirectory(directory: string): DirectoryLock {
  fs.mkdirSync(directory, { recursive: true });
  const lockFile = path.join(directory, "owner.pid");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return { release: () => releaseIfOwned(lockFile) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const ownerPid = readOwnerPid(lockFile);
    if (ownerPid !== undefined && ownerPid !== process.pid && isProcessAlive(ownerPid)) {
      throw new DataDirectoryLockedError(lockFile, ownerPid);
    }
    // Stale lock from a process that died without cleaning up (or an unreadable file): take it over.
    fs.rmSync(lockFile, { force: true });
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}

function readOwnerPid(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockFile, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function releaseIfOwned(lockFile: string) {
  if (readOwnerPid(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
}
