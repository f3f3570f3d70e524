import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

/*
 * One transaction type (decision 0055): no function takes a Prisma client or transaction, nor a
 * callback that does — not what a feature offers the others (its front doors, index.ts and
 * index.server.ts, decision 0054), nor any named function inside; a service that works in its
 * caller's transaction takes `SqlQueries`. Read from the types the compiler gives each function, so
 * an alias (`type Db = …`), a `Pick` of the client or a callback's parameter cannot hide one. And
 * SQL written by hand goes through `SqlQueries` alone, never Prisma's raw queries.
 */
const repoRoot = path.resolve(import.meta.dirname, "..");
const featuresRoot = path.join(repoRoot, "app", "features");
const temporaryRoots: string[] = [];

/** Whether `type` is (or unions) a Prisma client, a transaction of it or a slice of either. */
function isPrismaClient(checker: ts.TypeChecker, type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some((member) => isPrismaClient(checker, member));
  return type.getProperties().some((property) => {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    if (!declaration?.getSourceFile().fileName.includes("/generated/prisma/")) return false;
    const propertyType = checker.getTypeOfSymbolAtLocation(property, declaration);
    // The client's own methods ($queryRaw, $transaction…) or a model's delegate (prisma.order).
    return property.name.startsWith("$") || /Delegate$/.test(propertyType.getSymbol()?.name ?? "");
  });
}

/**
 * `file: name(parameter)` for every parameter that takes a Prisma client, callbacks' parameters included:
 * of every export of `entryFiles` (what they re-export too), or, with `everyNamedFunction`, of every
 * function of those files that has a name, exported or not. Unnamed callbacks are left out: the
 * `tx` of `prisma.$transaction(async (tx) => …)` is where a transaction is opened, not passed on.
 */
function prismaParameters(entryFiles: string[], options: ts.CompilerOptions, { everyNamedFunction = false } = {}): string[] {
  const program = ts.createProgram(entryFiles, options);
  const checker = program.getTypeChecker();
  const found: string[] = [];
  const visit = (type: ts.Type, where: string, node: ts.Node, depth: number) => {
    for (const signature of type.getCallSignatures()) {
      for (const parameter of signature.getParameters()) {
        const parameterType = checker.getTypeOfSymbolAtLocation(parameter, node);
        if (isPrismaClient(checker, checker.getNonNullableType(parameterType))) found.push(`${where}(${parameter.name})`);
        else if (depth < 2) {
          visit(checker.getNonNullableType(parameterType), `${where}(${parameter.name})`, node, depth + 1);
          // An options object's callbacks (`{ onClaim }`), for the object types written here, not a library's.
          for (const property of checker.getNonNullableType(parameterType).getProperties()) {
            const declaration = property.valueDeclaration ?? property.declarations?.[0];
            if (!declaration || declaration.getSourceFile().fileName.includes("/node_modules/") || declaration.getSourceFile().fileName.includes("/generated/")) continue;
            visit(checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(property, declaration)), `${where}(${parameter.name}.${property.name})`, node, depth + 1);
          }
        }
      }
    }
  };
  const visitNamedFunctions = (node: ts.Node, file: string) => {
    const named =
      ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)
        ? node.name
        : ts.isVariableDeclaration(node) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
          ? node.name
          : undefined;
    if (named) visit(checker.getTypeAtLocation(node), `${path.relative(repoRoot, file)}: ${named.getText()}`, node, 0);
    ts.forEachChild(node, (child) => visitNamedFunctions(child, file));
  };
  if (everyNamedFunction) {
    for (const file of entryFiles) visitNamedFunctions(program.getSourceFile(file)!, file);
    return found.sort();
  }
  for (const file of entryFiles) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(file)!);
    if (!module) continue;
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
      if (!declaration) continue;
      const type = symbol.flags & ts.SymbolFlags.Value ? checker.getTypeOfSymbolAtLocation(symbol, declaration) : checker.getDeclaredTypeOfSymbol(symbol);
      visit(type, `${path.relative(repoRoot, file)}: ${exported.name}`, declaration, 0);
    }
  }
  return found.sort();
}

function compilerOptions(): ts.CompilerOptions {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(repoRoot, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  return { ...config!.options, noEmit: true };
}

const frontDoors = () =>
  fs
    .readdirSync(featuresRoot)
    .flatMap((feature) => ["index.ts", "index.server.ts"].map((door) => path.join(featuresRoot, feature, door)))
    .filter((file) => fs.existsSync(file));

/** Every source file of the app and the server, tests and generated code aside. */
const sourceFiles = () =>
  ["app", "server"].flatMap((root) =>
    fs
      .readdirSync(path.join(repoRoot, root), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith("generated/") && !file.includes("/test/") && !file.startsWith("test/"))
      .map((file) => path.join(repoRoot, root, file)),
  );

/** The one function that takes a Prisma transaction on purpose: the bridge a Prisma-opened transaction hands on. */
const bridge = "app/lib/database/sql-client.server.ts: sqlOfPrisma(db)";

afterAll(() => {
  for (const root of temporaryRoots) fs.rmSync(root, { recursive: true, force: true });
});

describe("the transaction type features share", () => {
  it("is SqlQueries at every front door: no export takes a Prisma client or transaction", { timeout: 120_000 }, () => {
    expect(prismaParameters(frontDoors(), compilerOptions())).toEqual([]);
  });

  it("is SqlQueries inside the features too: no named function anywhere takes one", { timeout: 180_000 }, () => {
    expect(prismaParameters(sourceFiles(), compilerOptions(), { everyNamedFunction: true }).filter((found) => found !== bridge)).toEqual([]);
  });

  it("is the one way to send SQL: no Prisma raw query but the bridge's", () => {
    const rawQuery = /\$(queryRaw|executeRaw)(Unsafe)?\b/;
    const bridgeFile = path.join(repoRoot, "app/lib/database/sql-client.server.ts");
    const found = sourceFiles().filter((file) => file !== bridgeFile && rawQuery.test(fs.readFileSync(file, "utf8")));
    expect(found.map((file) => path.relative(repoRoot, file))).toEqual([]);
  });

  it("is told apart from a Prisma client however the parameter is spelled", { timeout: 120_000 }, () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "transaction-type-"));
    temporaryRoots.push(root);
    const door = path.join(root, "index.server.ts");
    fs.writeFileSync(
      door,
      `import type { Prisma, PrismaClient } from "~/generated/prisma/client";
       import type { SqlQueries } from "~/lib/database/sql-client.server";
       type Db = Prisma.TransactionClient;
       export async function aliased(db: Db) {}
       export async function sliced(db: Pick<Prisma.TransactionClient, "apiKey">) {}
       export async function raw(db: Pick<PrismaClient, "$queryRawUnsafe">) {}
       export async function optional(db?: PrismaClient) {}
       export type Hook = (tx: Prisma.TransactionClient, id: number) => Promise<void>;
       export async function withHook(id: number, hook: Hook) {}
       export async function withOptions(id: number, { onClaim }: { onClaim?: (tx: Prisma.TransactionClient) => Promise<void> } = {}) {}
       async function privately(db: Db) {}
       const privateArrow = async (sql: SqlQueries, db: PrismaClient) => {};
       export async function fine(sql: SqlQueries, where: Prisma.OrderWhereInput, row: Prisma.OrderGetPayload<{ select: { id: true } }>) {}`,
    );
    const options = { ...compilerOptions(), baseUrl: repoRoot, rootDir: undefined };
    expect(prismaParameters([door], options).map((found) => found.replace(/^.*: /, ""))).toEqual([
      "Hook(tx)",
      "aliased(db)",
      "optional(db)",
      "raw(db)",
      "sliced(db)",
      "withHook(hook)(tx)",
      "withOptions(__1.onClaim)(tx)",
    ]);
    expect(prismaParameters([door], options, { everyNamedFunction: true }).map((found) => found.replace(/^.*: /, ""))).toEqual([
      "aliased(db)",
      "optional(db)",
      "privateArrow(db)",
      "privately(db)",
      "raw(db)",
      "sliced(db)",
      "withHook(hook)(tx)",
      "withOptions(__1.onClaim)(tx)",
    ]);
  });
});
