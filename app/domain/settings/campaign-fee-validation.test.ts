import { describe, expect, it } from "vitest";
import { PERCENTAGE_MESSAGES } from "~/domain/shared/percentage-schema";
import { CampaignFeeSchema } from "./campaign-fee-validation";

const parse = (campaignFee: string) => CampaignFeeSchema.safeParse({ campaignFee });

describe("CampaignFeeSchema", () => {
  it.each([
    ["20", 2000],
    ["0", 0],
    ["100", 10_000],
    ["12.5", 1250],
    ["12.34", 1234],
    [" 7.05% ", 705],
  ])("reads %j as %i basis points", (typed, bps) => {
    expect(parse(typed)).toMatchObject({ success: true, data: { campaignFeeBps: bps } });
  });

  it.each([
    ["", PERCENTAGE_MESSAGES.malformed],
    ["-1", PERCENTAGE_MESSAGES.malformed],
    ["abc", PERCENTAGE_MESSAGES.malformed],
    ["12.345", PERCENTAGE_MESSAGES.tooManyDecimals],
    ["100.01", PERCENTAGE_MESSAGES.outOfRange],
    ["250", PERCENTAGE_MESSAGES.outOfRange],
  ])("refuses %j on the field", (typed, message) => {
    const parsed = parse(typed);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["campaignFee"], message });
  });
});
