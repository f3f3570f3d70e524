// The layers of the code base (decision 0021, and 0053 for this tool), checked by `npm run lint` on
// the resolved import graph: every spelling of an import (the `~/` alias, a relative path, `app/…`),
// static, dynamic `import()`, `require()` and re-exports alike. Which feature may import which
// feature is scripts/check-feature-cycles.js (a cycle between folders, which this tool does not see).
const tests = "\\.test\\.(ts|tsx|js|mjs)$";

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "lib-is-the-bottom-layer",
      comment: "app/lib imports no components, features or routes (decision 0021): move the piece into lib, or have the feature pass it in.",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "^app/(components|features|routes)/|^app/root\\.tsx$" },
    },
    {
      name: "components-import-only-lib",
      comment: "Components import only lib (decision 0021): move the shared piece into lib or pass the data as props.",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "^app/(features|routes)/|^app/root\\.tsx$" },
    },
    {
      name: "features-never-import-routes",
      comment: "Features never import routes or app/root.tsx (decision 0021).",
      severity: "error",
      from: { path: "^app/features/", pathNot: tests },
      to: { path: "^app/routes/|^app/root\\.tsx$" },
    },
    {
      name: "features-meet-at-front-doors",
      comment:
        "A feature uses another only through its front door (decision 0054): app/features/<name>/index.ts (client-safe) or index.server.ts. Export what you need there.",
      severity: "error",
      from: { path: "^app/features/([^/]+)/", pathNot: tests },
      to: { path: "^app/features/", pathNot: ["^app/features/$1/", "^app/features/[^/]+/index(\\.server)?\\.ts$"] },
    },
    {
      name: "the-app-never-imports-the-server",
      comment: "server/ runs the app; the app (and the sandbox) never import it: what both need lives in app/lib.",
      severity: "error",
      from: { path: "^(app|sandbox)/", pathNot: tests },
      to: { path: "^server/" },
    },
    {
      name: "no-unresolvable-imports",
      comment: "An import that resolves to nothing.",
      severity: "error",
      from: { path: "^(app|server|sandbox)/" },
      // React Router's generated route types (./+types/…) and its virtual modules exist only at build time.
      to: { couldNotResolve: true, pathNot: "^virtual:|/\\+types/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^app/generated/|^\\.react-router/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
