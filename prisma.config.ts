import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma's CLI downloads a schema engine before every command, but generate/validate/format never
// use it, and these machines cannot reach Prisma's binary host. Point those commands at a stub;
// leave `migrate` alone so it fails loudly instead of pretending to work.
const commandsWithoutEngine = ["generate", "validate", "format"];
if (commandsWithoutEngine.some((command) => process.argv.includes(command))) {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve("prisma/engine-stub/schema-engine");
}

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  // Prisma's env() throws when the variable is unset; the embedded mode leaves it unset.
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/unset" },
});
