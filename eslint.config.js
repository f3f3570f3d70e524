import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layers (decision 0021) are checked on the resolved import graph by dependency-cruiser
// (.dependency-cruiser.cjs, decision 0053), and which feature may import which by
// scripts/check-feature-cycles.js; both run in `npm run lint`.
// Every link of the app comes from ~/components/link (its server render is cheap, issue #22).
const routerLinks = { name: "react-router", importNames: ["Link", "NavLink"], message: "Import Link and NavLink from ~/components/link." };

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
  { files: ["**/*.{js,mjs,cjs}"], languageOptions: { globals: { ...globals.node } } },
  { files: ["app/**/*.{ts,tsx}"], ignores: ["app/components/link.tsx", "app/components/link.test.tsx"], rules: { "no-restricted-imports": ["error", { paths: [routerLinks] }] } },
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
);
