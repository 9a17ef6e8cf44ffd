import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageText, startTestApp, type TestApp } from "./support/app";
import { createUser } from "./support/factories";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

describe("smoke", () => {
  it("serves the landing page and signs a user in", async () => {
    const client = app.client();
    const home = await client.get("/");
    expect(home.status).toBe(200);
    expect(home.body).toContain("Get Started Now");
    const user = await createUser(app.services.db, { name: "Ada Obi" });
    const res = await client.login(user.email, user.password);
    expect(res.location).toBe("/dashboard");
    const dash = await client.get("/dashboard");
    expect(dash.status).toBe(200);
    expect(pageText(dash.body)).toContain("Welcome, Ada Obi!");
  });
});
