import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // BUILD_DIR lets tests and benchmarks build side by side without overwriting each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  // React Router v8's changes, each declined explicitly until we upgrade on purpose (an unset flag
  // prints a warning on every build; `true` would change behaviour the tests pin down today), but
  // one: v8_passThroughRequests hands loaders and actions the request as it came, not two copies of
  // it per call (signed-in / and /packages: about a sixth of their CPU, issue #22). Their address is
  // then the `url` argument, never `request.url` (a client navigation's ends in `.data`; decision 0033).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
