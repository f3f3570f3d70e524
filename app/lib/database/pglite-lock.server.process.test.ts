import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirectoryLockedError, lockDataDirectory } from "./pglite-lock.server";

let directory: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "smb-pglite-lock-"));
});

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill();
      await exited;
    }
  }
  fs.rmSync(directory, { recursive: true, force: true });
});

/** Another server process that holds the database: alive until the test ends. */
async function startLiveProcess(): Promise<number> {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  children.push(child);
  await new Promise((resolve, reject) => child.once("spawn", resolve).once("error", reject));
  return child.pid!;
}

/** A process that held the database and has exited (crashed, killed) without removing its lock. */
async function pidOfExitedProcess(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

const lockFile = () => path.join(directory, "owner.pid");
const writeOwner = (pid: number) => fs.writeFileSync(lockFile(), String(pid));
const readOwner = () => fs.readFileSync(lockFile(), "utf8");

describe("lockDataDirectory", () => {
  it("creates the directory and records this process as the owner", () => {
    const nested = path.join(directory, "data", "pglite");
    const lock = lockDataDirectory(nested);
    expect(fs.readFileSync(path.join(nested, "owner.pid"), "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it("refuses a second lock while the owning process is alive, naming that process", async () => {
    const ownerPid = await startLiveProcess();
    writeOwner(ownerPid);

    let thrown: unknown;
    try {
      lockDataDirectory(directory);
    } catch (error) {
      thrown = error;
    }

    expect(thrown).toBeInstanceOf(DataDirectoryLockedError);
    const error = thrown as DataDirectoryLockedError;
    expect(error.ownerPid).toBe(ownerPid);
    expect(error.message).toBe(
      `The embedded database in ${directory} is already in use by process ${ownerPid}. ` +
        `Stop that process, or set DATA_DIR (or DATABASE_URL) to use another database.`,
    );
    expect(readOwner()).toBe(String(ownerPid));
  });

  it("takes over a stale lock left by a process that has exited", async () => {
    writeOwner(await pidOfExitedProcess());

    const lock = lockDataDirectory(directory);

    expect(readOwner()).toBe(String(process.pid));
    lock.release();
  });

  it("takes over a lock holding its own pid, as after a container restart where the server is pid 1 again", () => {
    writeOwner(process.pid);
    const lock = lockDataDirectory(directory);
    expect(readOwner()).toBe(String(process.pid));
    lock.release();
  });

  it("takes over an unreadable lock file", () => {
    fs.writeFileSync(lockFile(), "not a pid");
    const lock = lockDataDirectory(directory);
    expect(readOwner()).toBe(String(process.pid));
    lock.release();
  });

  it("removes its own lock on release, so the next process can open the database", () => {
    lockDataDirectory(directory).release();
    expect(fs.existsSync(lockFile())).toBe(false);
    lockDataDirectory(directory).release();
  });

  it("leaves a lock that another process holds by now in place on release", async () => {
    const lock = lockDataDirectory(directory);
    const newOwner = await startLiveProcess();
    writeOwner(newOwner);

    lock.release();

    expect(readOwner()).toBe(String(newOwner));
  });
});
