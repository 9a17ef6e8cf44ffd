import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR bundle's entry is our Express app, which embeds the React Router build.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [tailwindcss(), reactRouter()],
}));
