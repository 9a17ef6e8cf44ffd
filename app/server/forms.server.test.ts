import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BankDetailsSchema } from "~/domain/banks/validation";
import { echoValues, formFailure, parseForm } from "./forms.server";

const Schema = z.object({
  name: z.string().trim().min(1, "Name is required").max(5, "Name is too long"),
  email: z.string().min(1, "Email is required"),
});

describe("form failures", () => {
  it("parses a valid submit into the schema's data", () => {
    expect(parseForm(Schema, { name: " Ada ", email: "a@b.ng" })).toEqual({
      status: "ok",
      data: { name: "Ada", email: "a@b.ng" },
    });
  });

  it("answers a refused submit with one message per field, the echoed values and a toast of the first error", () => {
    const parsed = parseForm(Schema, { name: "", email: "" }, { toastTitle: "Update Failed", values: { name: "" } });
    if (parsed.status === "ok") throw new Error("expected a refusal");
    expect(parsed.errors).toEqual({ name: "Name is required", email: "Email is required" });
    expect(parsed.failure.init?.status).toBe(400);
    expect(parsed.failure.data).toEqual({
      ok: false,
      errors: { name: "Name is required", email: "Email is required" },
      values: { name: "" },
      toast: { type: "error", title: "Update Failed", description: "Name is required" },
    });
  });

  it("sends no toast unless asked, or the one given", () => {
    expect(formFailure({ form: "No." }).data.toast).toBeUndefined();
    const toast = {
      type: "error",
      title: "Invalid Amount",
      description: "Please enter a valid withdrawal amount.",
    } as const;
    const failure = formFailure(
      { amount: "Enter an amount." },
      { toast, status: 409, headers: { "Retry-After": "5" } },
    );
    expect(failure.data.toast).toEqual(toast);
    expect(failure.init?.status).toBe(409);
    expect(new Headers(failure.init?.headers).get("Retry-After")).toBe("5");
  });

  it("orders the errors as the form's fields, so the toast names the first field to fix", () => {
    // The account-number check runs after the fields; its error still comes before the password's.
    const parsed = parseForm(
      BankDetailsSchema,
      {
        accountHolderName: "Ada Eze",
        bankCode: "058",
        accountNumber: "0123456780",
        currentPassword: "",
      },
      { toastTitle: "Update Failed" },
    );
    if (parsed.status === "ok") throw new Error("expected a refusal");
    expect(Object.keys(parsed.errors)).toEqual(["accountNumber", "currentPassword"]);
    expect(parsed.failure.data.toast?.description).toBe(parsed.errors.accountNumber);
  });

  it("echoes only the fields named, missing ones as empty", () => {
    expect(echoValues({ name: "Ada", password: "secret" }, ["name", "email"])).toEqual({ name: "Ada", email: "" });
  });
});
