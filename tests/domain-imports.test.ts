import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No two domain folders import each other (docs/architecture.md): a rule both capabilities need
 * lives in `app/domain/shared/` or in the one capability that owns it, so each folder can be read
 * (and changed) knowing only the folders below it. Tests are not modules of the app and may set up
 * data through any capability.
 */

const DOMAIN = path.resolve(import.meta.dirname, "../app/domain");
const APP = path.dirname(DOMAIN);

/** `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")`, across lines. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

function modulesOf(folder: string): string[] {
  return readdirSync(path.join(DOMAIN, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(DOMAIN, folder, file));
}

/** The domain folder an import specifier points into, if any. */
function domainFolderOf(specifier: string, fromFile: string): string | null {
  const target = specifier.startsWith("~/")
    ? path.join(APP, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(fromFile), specifier)
      : null;
  if (!target) return null;
  const relative = path.relative(DOMAIN, target);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] || null;
}

/** Every import from one domain folder into another: "from → to" → the files that make it. */
function folderImports(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  const folders = readdirSync(DOMAIN, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const { name: folder } of folders) {
    for (const file of modulesOf(folder)) {
      for (const [, specifier] of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
        const target = domainFolderOf(specifier!, file);
        if (!target || target === folder) continue;
        const key = `${folder} → ${target}`;
        edges.set(key, [...(edges.get(key) ?? []), path.relative(DOMAIN, file)]);
      }
    }
  }
  return edges;
}

describe("domain folders", () => {
  const edges = folderImports();

  it("sees the imports between folders, whichever way they are written", () => {
    // Known one-way imports: if the scan stopped finding them, the check below would pass on nothing.
    expect(edges.get("adverts → settings")).toContain(path.join("adverts", "advert-views.server.ts"));
    expect(edges.get("memberships → referrals")).toContain(path.join("memberships", "process-upgrade.server.ts"));
    expect(domainFolderOf("../referrals/rewards", path.join(DOMAIN, "memberships", "x.ts"))).toBe("referrals");
    expect(domainFolderOf("./rewards", path.join(DOMAIN, "referrals", "x.ts"))).toBe("referrals");
    expect(domainFolderOf("~/domain/shared/money", path.join(DOMAIN, "referrals", "x.ts"))).toBe("shared");
    expect(domainFolderOf("~/db/schema", path.join(DOMAIN, "referrals", "x.ts"))).toBeNull();
  });

  it("never import each other: a rule both need lives in shared/ or in the folder that owns it", () => {
    const twoWay = [...edges.keys()]
      .map((key) => key.split(" → ") as [string, string])
      .filter(([from, to]) => from < to && edges.has(`${to} → ${from}`))
      .map(([a, b]) => ({
        pair: `${a} ⇄ ${b}`,
        [`${a} → ${b}`]: edges.get(`${a} → ${b}`),
        [`${b} → ${a}`]: edges.get(`${b} → ${a}`),
      }));
    expect(twoWay).toEqual([]);
  });
});
