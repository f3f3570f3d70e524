import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Layers (decision 0021): lib <- components <- features <- routes (and app/root.tsx, server/).
// A layer imports only the layers to its left, by the `~/` alias or by a relative path. Which
// feature may import which is checked by scripts/check-feature-cycles.js (no cycles).
const layerImport = (layer) => `^(~/|(\\.\\./)+)${layer}(/|$)`;
// Every link of the app comes from ~/components/link (its server render is cheap, issue #22).
const routerLinks = { name: "react-router", importNames: ["Link", "NavLink"], message: "Import Link and NavLink from ~/components/link." };
const forbidLayers = (layers, message, paths = [routerLinks]) => ({
  "no-restricted-imports": ["error", { paths, patterns: layers.map((layer) => ({ regex: layerImport(layer), message })) }],
});

export default tseslint.config(
  { ignores: ["build/**", "build-*/**", "app/generated/**", ".react-router/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  { files: ["**/*.{js,mjs}"], languageOptions: { globals: { ...globals.node } } },
  { files: ["app/**/*.{ts,tsx}"], rules: forbidLayers([], "") },
  {
    files: ["app/lib/**/*.{ts,tsx,js}"],
    rules: forbidLayers(["components", "features", "routes", "root"], "app/lib is the bottom layer: it imports no components, features or routes (decision 0021)."),
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: forbidLayers(["features", "routes", "root"], "Components import only lib (decision 0021): move the shared piece into lib or pass the data as props."),
  },
  {
    files: ["app/features/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: forbidLayers(["routes", "root"], "Features never import routes or app/root.tsx (decision 0021)."),
  },
  {
    // Loaders and actions get the request as it came (v8_passThroughRequests, decision 0033): a client
    // navigation's request.url ends in `.data` and carries `_routes`; the page's address is `url`.
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx"],
    ignores: ["app/routes/api.*", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[object.name='request'][property.name='url']", message: "A page's loader or action reads its address from the `url` argument (decision 0033)." },
      ],
    },
  },
  {
    files: ["app/components/link.tsx", "app/components/link.test.tsx"],
    rules: forbidLayers(["features", "routes", "root"], "Components import only lib (decision 0021).", []),
  },
);
