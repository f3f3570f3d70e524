import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // BUILD_DIR lets tests and benchmarks build side by side without overwriting each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  // React Router v8's changes, each declined explicitly until we upgrade on purpose (an unset flag
  // prints a warning on every build; `true` would change behaviour the tests pin down today).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
