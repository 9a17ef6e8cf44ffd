// Entry point. Production: the built server bundle. Development: Vite with hot reload.
if (process.env.NODE_ENV === "development") {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true } });
  const { startServer } = await vite.ssrLoadModule("./server/app.ts");
  await startServer({
    viteMiddleware: vite.middlewares,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build"),
  });
} else {
  const { serve } = await import("./build/server/index.js");
  await serve();
}
