import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

/*
 * One transaction type (decision 0055): what a feature offers the others (its front doors,
 * index.ts and index.server.ts, decision 0054) never takes a Prisma client or transaction, nor a
 * callback that does; a service that works in its caller's transaction takes `SqlQueries`. Read
 * from the types the compiler gives every exported function, so an alias (`type Db = …`), a `Pick`
 * of the client or a callback's parameter cannot hide one.
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

/** `file.export(parameter)` for every parameter of an exported function that takes a Prisma client, callbacks' parameters included. */
function prismaParameters(entryFiles: string[], options: ts.CompilerOptions): string[] {
  const program = ts.createProgram(entryFiles, options);
  const checker = program.getTypeChecker();
  const found: string[] = [];
  const visit = (type: ts.Type, where: string, node: ts.Node, depth: number) => {
    for (const signature of type.getCallSignatures()) {
      for (const parameter of signature.getParameters()) {
        const parameterType = checker.getTypeOfSymbolAtLocation(parameter, node);
        if (isPrismaClient(checker, checker.getNonNullableType(parameterType))) found.push(`${where}(${parameter.name})`);
        else if (depth < 2) visit(checker.getNonNullableType(parameterType), `${where}(${parameter.name})`, node, depth + 1);
      }
    }
  };
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

afterAll(() => {
  for (const root of temporaryRoots) fs.rmSync(root, { recursive: true, force: true });
});

describe("the transaction type features share", () => {
  it("is SqlQueries at every front door: no export takes a Prisma client or transaction", { timeout: 120_000 }, () => {
    expect(prismaParameters(frontDoors(), compilerOptions())).toEqual([]);
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
    ]);
  });
});
