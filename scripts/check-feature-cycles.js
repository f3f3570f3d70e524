#!/usr/bin/env node
// Feature-level import graph of app/ (decision 0021): each folder under app/features/ is one node,
// and so are app/components, app/lib and app/routes. Test files are left out. Exits 1 naming every
// cycle between features; `--graph` prints the edges. No dependencies, so `npm run lint` can run it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const TEST = /\.test\.(ts|tsx|js|mjs)$|(^|\/)test\//;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)["']([^"']+)["']/g;

function listFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(full));
    else if (SOURCE.test(entry.name)) files.push(full);
  }
  return files;
}

/** The node a path inside app/ belongs to: "feature:<name>", "components", "lib", "routes", "generated", or the top folder. */
export function nodeOf(relativeToApp) {
  const parts = relativeToApp.split(/[\\/]/);
  if (parts[0] === "features" && parts.length >= 2) return `feature:${parts[1]}`;
  if (parts.length === 1) return "app";
  return parts[0];
}

/** The feature-level graph: Map<node, Set<node>> from every non-test source file under appDir. */
export function buildGraph(appDir) {
  const graph = new Map();
  for (const file of listFiles(appDir)) {
    const relative = path.relative(appDir, file);
    if (TEST.test(relative.split(path.sep).join("/"))) continue;
    const from = nodeOf(relative);
    if (from === "generated") continue;
    const edges = graph.get(from) ?? new Set();
    graph.set(from, edges);
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1];
      let target;
      if (specifier.startsWith("~/")) target = specifier.slice(2);
      else if (specifier.startsWith(".")) target = path.relative(appDir, path.resolve(path.dirname(file), specifier));
      else continue;
      if (target.startsWith("..")) continue;
      const to = nodeOf(target);
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every elementary cycle among feature nodes, each once, as a list of names starting at its smallest. */
export function findCycles(graph) {
  const features = [...graph.keys()].filter((node) => node.startsWith("feature:")).sort();
  const cycles = [];
  // Johnson-style search kept simple: start from each node, only visit nodes that sort after it.
  for (const [startIndex, start] of features.entries()) {
    const allowed = new Set(features.slice(startIndex));
    const stack = [start];
    const onStack = new Set([start]);
    const walk = (node) => {
      for (const next of [...(graph.get(node) ?? [])].sort()) {
        if (next === start) cycles.push(stack.map((name) => name.slice("feature:".length)));
        else if (allowed.has(next) && !onStack.has(next)) {
          stack.push(next);
          onStack.add(next);
          walk(next);
          stack.pop();
          onStack.delete(next);
        }
      }
    };
    walk(start);
  }
  return cycles;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const appDir = path.resolve(process.argv.find((arg, index) => index > 1 && !arg.startsWith("--")) ?? path.join(root, "app"));
  const graph = buildGraph(appDir);
  if (process.argv.includes("--graph")) {
    for (const [node, edges] of [...graph].sort()) console.log(`${node} -> ${[...edges].sort().join(" ")}`);
  }
  const cycles = findCycles(graph);
  if (cycles.length === 0) {
    console.log(`check-feature-cycles: no import cycles between the ${[...graph.keys()].filter((n) => n.startsWith("feature:")).length} features of app/features`);
    return;
  }
  console.error(`check-feature-cycles: ${cycles.length} import cycle(s) between features (see docs/decisions/0021-one-way-features.md):`);
  for (const cycle of cycles) console.error(`  ${[...cycle, cycle[0]].join(" -> ")}`);
  process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
