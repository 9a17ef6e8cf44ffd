import { describe, expect, it } from "vitest";
import { SUPPORT_MESSAGES, SupportChannelsSchema } from "./support-channels-validation";

const form = (overrides: Record<string, string> = {}) => ({
  supportEmail: "",
  supportPhone: "",
  supportWhatsapp: "",
  payoutSchedule: "Withdrawals are paid every Friday.",
  ...overrides,
});
const fieldErrors = (values: Record<string, string>) => {
  const result = SupportChannelsSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};

describe("SupportChannelsSchema", () => {
  it("empty channels are not offered (null); the schedule is trimmed onto one line", () => {
    expect(SupportChannelsSchema.parse(form({ payoutSchedule: "  Paid on\nFridays.  " }))).toEqual({
      supportEmail: null,
      supportPhone: null,
      supportWhatsapp: null,
      payoutSchedule: "Paid on Fridays.",
    });
  });

  it.each(["08031234567", "0803 123 4567", "+234 803 123 4567", "2348031234567", "234-803-123-4567"])(
    "stores %j as +2348031234567 (phone) and 2348031234567 (WhatsApp)",
    (typed) => {
      expect(SupportChannelsSchema.parse(form({ supportPhone: typed, supportWhatsapp: typed }))).toMatchObject({
        supportPhone: "+2348031234567",
        supportWhatsapp: "2348031234567",
      });
    },
  );

  it("stores the email lower-cased", () => {
    expect(SupportChannelsSchema.parse(form({ supportEmail: " Help@AdNaira.ng " })).supportEmail).toBe(
      "help@adnaira.ng",
    );
  });

  it.each([
    [{ supportEmail: "help@" }, "supportEmail", SUPPORT_MESSAGES.email],
    [{ supportEmail: `${"a".repeat(250)}@x.ng` }, "supportEmail", SUPPORT_MESSAGES.email],
    [{ supportPhone: "8031234567" }, "supportPhone", SUPPORT_MESSAGES.phone],
    [{ supportPhone: "+44 20 7946 0958" }, "supportPhone", SUPPORT_MESSAGES.phone],
    [{ supportWhatsapp: "23408031234567" }, "supportWhatsapp", SUPPORT_MESSAGES.whatsapp],
    [{ supportWhatsapp: "0803abc4567" }, "supportWhatsapp", SUPPORT_MESSAGES.whatsapp],
    [{ payoutSchedule: "   " }, "payoutSchedule", SUPPORT_MESSAGES.scheduleRequired],
    [{ payoutSchedule: "x".repeat(201) }, "payoutSchedule", SUPPORT_MESSAGES.scheduleTooLong],
  ])("refuses %j on its field", (overrides, field, message) => {
    expect(fieldErrors(form(overrides))).toEqual([[field, message]]);
  });

  it("accepts a schedule of exactly 200 characters", () => {
    expect(SupportChannelsSchema.safeParse(form({ payoutSchedule: "x".repeat(200) })).success).toBe(true);
  });
});
