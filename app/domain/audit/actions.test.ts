import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_BADGES, AUDIT_ACTIONS, auditActionLabel, auditActionTone } from "./actions";

describe("audit action badges", () => {
  it("gives every action its words and a tone", () => {
    expect(Object.keys(AUDIT_ACTION_BADGES).sort()).toEqual([...AUDIT_ACTIONS].sort());
    for (const action of AUDIT_ACTIONS) expect(auditActionLabel(action)).not.toBe(action);
    expect(auditActionLabel("withdrawal.complete")).toBe("Withdrawal completed");
    expect(auditActionTone("withdrawal.complete")).toBe("green");
    expect(auditActionTone("advert.update")).toBe("gray");
  });

  it("reads an action no longer in the vocabulary as its code, in gray", () => {
    expect(auditActionLabel("legacy.thing")).toBe("legacy.thing");
    expect(auditActionTone("legacy.thing")).toBe("gray");
    expect(auditActionLabel("constructor")).toBe("constructor");
  });
});
