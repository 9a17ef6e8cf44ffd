import { describe, expect, it } from "vitest";
import { supportChannels, telHref } from "./support-channels";

const NONE = { supportEmail: null, supportPhone: null, supportWhatsapp: null };

describe("supportChannels", () => {
  it("offers nothing when no channel is set (or only blanks are)", () => {
    expect(supportChannels(NONE)).toEqual([]);
    expect(supportChannels({ supportEmail: " ", supportPhone: "", supportWhatsapp: null })).toEqual([]);
  });

  it("offers each channel that is set, with its link", () => {
    expect(
      supportChannels({
        supportEmail: "help@adnaira.example.ng",
        supportPhone: "+2348012345678",
        supportWhatsapp: "2348098765432",
      }),
    ).toEqual([
      { kind: "email", label: "Email", text: "help@adnaira.example.ng", href: "mailto:help@adnaira.example.ng" },
      { kind: "phone", label: "Phone", text: "0801 234 5678", href: "tel:+2348012345678" },
      { kind: "whatsapp", label: "WhatsApp", text: "+234 809 876 5432", href: "https://wa.me/2348098765432" },
    ]);
  });

  it("offers only the channels that are set", () => {
    expect(supportChannels({ ...NONE, supportWhatsapp: "2348098765432" }).map((c) => c.kind)).toEqual(["whatsapp"]);
    expect(supportChannels({ ...NONE, supportEmail: "a@b.ng" }).map((c) => c.kind)).toEqual(["email"]);
  });
});

describe("telHref", () => {
  it("dials a Nigerian number in international form however it was written", () => {
    expect(telHref("08012345678")).toBe("tel:+2348012345678");
    expect(telHref("234 801 234 5678")).toBe("tel:+2348012345678");
    expect(telHref("+234 801-234-5678")).toBe("tel:+2348012345678");
  });
});
