import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { KINDS_BOOKED_IN_SQL } from "~/domain/adverts/money.server";
import { TRANSFER_KINDS } from "~/domain/ledger/transfer.server";

/**
 * Money moves in one place per capability (docs/money.md): every ledger `transfer()` of the app
 * is made in a capability's `money.server.ts`, by a function named for what moves, and every
 * transfer kind of the schema has exactly one such mover (or is booked in SQL by the advert
 * claim, named in KINDS_BOOKED_IN_SQL). Tests and scripts may call transfer() to set up data.
 */

const APP = path.resolve(import.meta.dirname, "../app");
const LEDGER_MODULE = path.join(APP, "domain", "ledger", "transfer.server.ts");

function appModules(): string[] {
  return readdirSync(APP, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(APP, file));
}

/** The local names under which a module imports the ledger's `transfer` (none when it does not). */
function transferNames(source: ts.SourceFile, file: string): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    const target = specifier.startsWith("~/")
      ? path.join(APP, specifier.slice(2))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(file), specifier)
        : null;
    if (target === null || target.replace(/\.ts$/, "") !== LEDGER_MODULE.replace(/\.ts$/, "")) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        if ((element.propertyName ?? element.name).text === "transfer") names.add(element.name.text);
      }
    }
    if (bindings && ts.isNamespaceImport(bindings)) names.add(`${bindings.name.text}.transfer`);
  }
  return names;
}

type TransferCall = { file: string; mover: string; kind: string | null };

/** The name of the top-level function (or const) a node sits in. */
function enclosingMover(node: ts.Node): string {
  let at: ts.Node | undefined = node;
  let name = "(module)";
  while (at) {
    if (ts.isFunctionDeclaration(at) && at.name) name = at.name.text;
    if (ts.isVariableDeclaration(at) && ts.isIdentifier(at.name)) name = at.name.text;
    at = at.parent;
  }
  return name;
}

/** Every call of the ledger's transfer() in a module's source, with its function and the kind it posts. */
function transferCallsIn(file: string, text: string): TransferCall[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const names = transferNames(source, file);
  if (names.size === 0) return [];
  const calls: TransferCall[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && names.has(node.expression.getText(source))) {
      const input = node.arguments[1];
      let kind: string | null = null;
      if (input && ts.isObjectLiteralExpression(input)) {
        for (const property of input.properties) {
          if (
            ts.isPropertyAssignment(property) &&
            property.name.getText(source) === "kind" &&
            ts.isStringLiteral(property.initializer)
          ) {
            kind = property.initializer.text;
          }
        }
      }
      calls.push({ file: path.relative(APP, file), mover: enclosingMover(node), kind });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return calls;
}

const isMoneyModule = (file: string) => path.basename(file) === "money.server.ts";

describe("money movers", () => {
  const calls = appModules().flatMap((file) => transferCallsIn(file, readFileSync(file, "utf8")));

  it("finds transfer() calls however they are imported, and the function and kind of each", () => {
    const file = path.join(APP, "domain", "example", "pay.server.ts");
    const source = `
      import { transfer as move } from "~/domain/ledger/transfer.server";
      import * as ledger from "../ledger/transfer.server";
      export async function payTwice(tx) {
        await move(tx, { kind: "referral_reward", amountKobo: 1n });
        await ledger.transfer(tx, { kind: "withdrawal_fee" });
      }
      const later = () => transferSomethingElse();`;
    expect(transferCallsIn(file, source)).toEqual([
      { file: path.join("domain", "example", "pay.server.ts"), mover: "payTwice", kind: "referral_reward" },
      { file: path.join("domain", "example", "pay.server.ts"), mover: "payTwice", kind: "withdrawal_fee" },
    ]);
    // Known movers: if the scan stopped seeing them, the checks below would pass on nothing.
    expect(calls).toContainEqual({
      file: path.join("domain", "withdrawals", "money.server.ts"),
      mover: "holdWithdrawal",
      kind: "withdrawal_hold",
    });
    expect(calls.length).toBeGreaterThan(10);
  });

  it("calls transfer() only in a capability's money.server.ts", () => {
    expect(calls.filter((call) => !isMoneyModule(call.file)).map((call) => `${call.file}: ${call.mover}`)).toEqual([]);
  });

  it("names every transfer's kind in the call, so its mover can be read", () => {
    expect(calls.filter((call) => call.kind === null)).toEqual([]);
  });

  it("gives every transfer kind of the schema exactly one mover", () => {
    const movers = new Map<string, Set<string>>(TRANSFER_KINDS.map((kind) => [kind, new Set()]));
    for (const call of calls) {
      if (!movers.has(call.kind!)) movers.set(call.kind!, new Set());
      movers.get(call.kind!)!.add(`${call.file}#${call.mover}`);
    }
    for (const kind of KINDS_BOOKED_IN_SQL) movers.get(kind)!.add("claim_advert_reward (SQL)");
    const notOne = [...movers].filter(([, by]) => by.size !== 1).map(([kind, by]) => ({ kind, movers: [...by] }));
    expect(notOne).toEqual([]);
    expect([...movers.keys()].sort()).toEqual([...TRANSFER_KINDS].sort());
  });

  it("books the SQL kinds in the claim function the adverts' money module calls", () => {
    const adverts = readFileSync(path.join(APP, "domain", "adverts", "money.server.ts"), "utf8");
    expect(adverts).toContain("claim_advert_reward(");
    const migrations = path.join(APP, "db", "migrations");
    const latest = readdirSync(migrations)
      .filter((file) => file.endsWith(".sql"))
      .sort()
      .map((file) => readFileSync(path.join(migrations, file), "utf8"))
      .filter((sql) => /create or replace function claim_advert_reward\(/i.test(sql))
      .at(-1);
    for (const kind of KINDS_BOOKED_IN_SQL) expect(latest).toContain(`'${kind}'`);
  });
});
