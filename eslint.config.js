import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const moneyRule = {
  selector: "CallExpression[callee.name='parseFloat']",
  message: "Money is integer kobo: parse decimals as strings.",
};

/** An import of the app directory `dirs` (a regex alternative), through `~/` or a relative path. */
const appDir = (dirs) => `^(~|\\.\\.(/\\.\\.)*(/app)?)/(${dirs})(/|$)`;
const REACT = "^(react|react-dom|react-router|@react-router/[^/]+)(/|$)";
const SERVER_MODULE = "\\.server(\\.[jt]sx?)?$";

/** What no component imports (the components' layer, app/components/ui included). */
const COMPONENTS_FORBID = [
  [
    SERVER_MODULE,
    "A component runs in the browser too: it never imports a .server module (the route's loader passes the data).",
  ],
  [
    appDir("db|server|routes"),
    "Components render what routes give them: no database, server plumbing or route module.",
  ],
  [appDir("root"), "Components may use the root route's types only (import type).", { allowTypeImports: true }],
];

/**
 * The layers and what each may not import (docs/architecture.md). Each entry: a regex on the
 * import's specifier, why, and whether `import type` is still allowed.
 */
const LAYERS = [
  {
    files: ["app/domain/**"],
    ignores: ["**/*.test.ts"],
    forbid: [
      [appDir("components|routes|root"), "The domain does not know about pages: routes call it and render components."],
      [REACT, "The domain is plain TypeScript: React and React Router belong to routes and components."],
      [
        appDir("server"),
        "The domain gets what it needs as arguments (db, mail transport): app/server wires it, not the reverse.",
      ],
    ],
  },
  {
    // A domain test may wire a real adapter from app/server (e.g. the SMTP transport).
    files: ["app/domain/**/*.test.ts"],
    forbid: [
      [appDir("components|routes|root"), "The domain does not know about pages: routes call it and render components."],
      [REACT, "The domain is plain TypeScript: React and React Router belong to routes and components."],
    ],
  },
  {
    files: ["app/components/**"],
    forbid: COMPONENTS_FORBID,
  },
  {
    // A file matched by two entries gets the last one's rule: the components' rules, and more.
    files: ["app/components/ui/**"],
    forbid: [
      ...COMPONENTS_FORBID,
      [
        "^(~/components/(?!ui(/|$))|\\.\\./(?!ui(/|$)|\\.\\.(/|$)))",
        "app/components/ui holds the primitives every screen builds on: it imports no component outside ui.",
      ],
    ],
  },
  {
    files: ["app/db/**"],
    forbid: [
      [
        appDir("domain|routes|components|root|server"),
        "app/db is the bottom layer: it imports nothing from the app above it.",
      ],
    ],
  },
  {
    files: ["app/lib/**"],
    forbid: [
      [
        appDir("domain|db|server|routes|components|root"),
        "app/lib holds pure helpers shared by every layer: it imports no layer of the app.",
      ],
      [SERVER_MODULE, "app/lib holds pure helpers shared by every layer: no .server module."],
    ],
  },
  {
    files: ["app/server/**", "server/**"],
    forbid: [
      [
        appDir("components|routes|root"),
        "Server plumbing calls the domain; what a page shows lives in routes and components.",
      ],
    ],
  },
  {
    files: ["app/routes/**"],
    forbid: [
      [appDir("db"), "Routes stay thin: they call domain functions, which take the db."],
      ["^drizzle-orm(/|$)", "Routes stay thin: queries live in the domain."],
    ],
  },
];

/** One config per layer: static imports through no-restricted-imports, import() through syntax. */
const layerConfigs = LAYERS.map(({ files, ignores, forbid }) => ({
  files,
  ...(ignores ? { ignores } : {}),
  rules: {
    "no-restricted-imports": [
      "error",
      { patterns: forbid.map(([regex, message, options]) => ({ regex, message, ...options })) },
    ],
    "no-restricted-syntax": [
      "error",
      moneyRule,
      ...forbid.map(([regex, message, options]) => ({
        selector: `${options?.allowTypeImports ? "ImportExpression" : ":matches(ImportExpression, TSImportType)"}[source.value=/${regex.replaceAll("/", "\\/")}/]`,
        message,
      })),
    ],
  },
}));

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-artifacts/", "app/db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-syntax": ["error", moneyRule],
    },
  },
  ...layerConfigs,
);
