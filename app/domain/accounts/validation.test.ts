import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/forms";
import {
  ChangePasswordSchema,
  CreateAdminSchema,
  LoginSchema,
  NAME_ONE_LINE_MESSAGE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ProfileNameSchema,
  RegisterSchema,
  ResetPasswordSchema,
  STAFF_NAME_MESSAGE,
  StaffProfileNameSchema,
} from "./validation";
import { AdvertiserRegisterSchema, BUSINESS_NAME_PLATFORM_MESSAGE } from "~/domain/advertisers/validation";

const valid = {
  name: "  Ada Obi ",
  email: " Ada.Obi@Example.NG ",
  password: "Lagos-Harmattan-2024!",
  confirmPassword: "Lagos-Harmattan-2024!",
};

describe("RegisterSchema", () => {
  it("trims the name, trims and lower-cases the email", () => {
    const parsed = RegisterSchema.parse(valid);
    expect(parsed.name).toBe("Ada Obi");
    expect(parsed.email).toBe("ada.obi@example.ng");
    expect(parsed.referralCode).toBeUndefined();
  });

  it("normalises the referral code and treats a blank one as none", () => {
    expect(RegisterSchema.parse({ ...valid, referralCode: " abcd234xyz " }).referralCode).toBe("ABCD234XYZ");
    expect(RegisterSchema.parse({ ...valid, referralCode: "   " }).referralCode).toBeUndefined();
    expect(RegisterSchema.parse({ ...valid, referralCode: "" }).referralCode).toBeUndefined();
  });

  it("reports each missing or bad field with the form's wording", () => {
    const result = RegisterSchema.safeParse({
      name: " ",
      email: "not-an-email",
      password: "short",
      confirmPassword: "",
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      name: "Full name is required",
      email: "Enter a valid email address",
      password: `Password must be at least ${PASSWORD_MIN} characters`,
      confirmPassword: "Please confirm your password",
    });
  });

  it("limits passwords to PASSWORD_MAX characters", () => {
    const long = "x".repeat(PASSWORD_MAX + 1);
    const result = RegisterSchema.safeParse({ ...valid, password: long, confirmPassword: long });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrors(result.error).password).toBe(`Password must be at most ${PASSWORD_MAX} characters`);
    expect(
      RegisterSchema.safeParse({ ...valid, password: "x".repeat(PASSWORD_MAX), confirmPassword: "x" }).success,
    ).toBe(true);
  });

  it("missing fields say they are required", () => {
    const result = RegisterSchema.safeParse({});
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = fieldErrors(result.error);
    expect(errors.name).toBe("Full name is required");
    expect(errors.email).toBe("Email is required");
    expect(errors.password).toBe("Password is required");
  });
});

describe("other auth forms", () => {
  it("login needs an email and a password", () => {
    expect(LoginSchema.parse({ email: "ADA@example.ng", password: "x" })).toEqual({
      email: "ada@example.ng",
      password: "x",
    });
    const result = LoginSchema.safeParse({ email: "", password: "" });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrors(result.error)).toEqual({ email: "Email is required", password: "Password is required" });
  });

  it("reset and change password apply the new-password rules", () => {
    expect(ResetPasswordSchema.safeParse({ token: "t", password: "short", confirmPassword: "short" }).success).toBe(
      false,
    );
    expect(ResetPasswordSchema.safeParse({ token: "", password: "long-enough-1", confirmPassword: "x" }).success).toBe(
      false,
    );
    expect(
      ChangePasswordSchema.safeParse({
        currentPassword: "old",
        newPassword: "long-enough-1",
        confirmPassword: "long-enough-1",
      }).success,
    ).toBe(true);
    expect(
      ChangePasswordSchema.safeParse({ currentPassword: "", newPassword: "long-enough-1", confirmPassword: "x" })
        .success,
    ).toBe(false);
  });
});

describe("names: one line of visible text wherever a name is entered", () => {
  const schemas = {
    register: (name: string) => RegisterSchema.safeParse({ ...valid, name }),
    profile: (name: string) => ProfileNameSchema.safeParse({ name }),
    staffProfile: (name: string) => StaffProfileNameSchema.safeParse({ name }),
    createAdmin: (name: string) =>
      CreateAdminSchema.safeParse({ name, email: "admin@example.ng", password: "Lagos-Harmattan-2024!" }),
  };
  const refused = [
    "Ada\nObi",
    "Ada\r\nObi",
    "Ada\rObi",
    "Ada\tObi",
    "Ada\u0000Obi",
    "Ada\u001bObi",
    "Obi \u202Eexe.fdp",
    "Ada\u200BObi",
    "Ada\u2028Obi",
    "Ada\u2029Obi",
    "Ada\uFEFFObi",
    "Ada\u0085Obi",
  ];
  const accepted = ["Ada Obi", "Chukwuemeka Obi-Eze", "Ọláolúwa Adébáyọ̀", "Fatima Abubakar", "Zainab 👩\u200D💻 Musa"];

  for (const [schema, parse] of Object.entries(schemas)) {
    it(`${schema}: refuses line breaks, tabs and other control or formatting characters`, () => {
      for (const name of refused) {
        const result = parse(name);
        expect(result.success, JSON.stringify(name)).toBe(false);
        expect(fieldErrors(result.error!).name).toBe(NAME_ONE_LINE_MESSAGE);
      }
    });

    it(`${schema}: accepts ordinary names in any script, trimmed`, () => {
      for (const name of accepted) expect(parse(` ${name}\n`).data?.name, name).toBe(name);
    });
  }
});

describe("members cannot pose as staff by name", () => {
  const business = {
    businessName: "Ikeja Foods Ltd",
    name: "Ada Obi",
    email: "ada@ikejafoods.ng",
    phone: "08031234567",
    password: "Lagos-Harmattan-2024!",
    confirmPassword: "Lagos-Harmattan-2024!",
  };
  const memberSchemas = {
    register: (name: string) => RegisterSchema.safeParse({ ...valid, name }),
    profile: (name: string) => ProfileNameSchema.safeParse({ name }),
    advertiserContact: (name: string) => AdvertiserRegisterSchema.safeParse({ ...business, name }),
  };
  const posing = [
    "Admin Tunde",
    "AdNaira Support",
    "staff",
    "STAFF",
    "Tunde (admin)",
    "Tunde-Admin",
    "Tunde_admin",
    "support.desk",
    "Ad Naira",
    "ad-naira team",
    "Ｓｕｐｐｏｒｔ Ｔｅａｍ",
    // Invisible characters inside the word: zero-width (non-)joiners, which one-line names keep
    // for scripts and emoji; the combining grapheme joiner and variation selectors (marks, not
    // formatting characters, so one-line names allow them).
    "Ad\u200Cmin Tunde",
    "Ad\u034Fmin Tunde",
    "Adm\uFE0Fin Tunde",
    "Sup\u200Dport Desk",
    "St\uFE00aff Ada",
    "Ad\u200CNaira Team",
    // A digit or punctuation next to the word is an edge, not part of another word.
    "Admin1",
    "Staff1",
    "Support247 Desk",
    "1admin Tunde",
    "Tunde.Staff",
    // The platform's name run into other words.
    "AdNairaSupport",
    "TeamAdnaira",
    "Tunde AdNaira2024",
    "Ad NairaHelp",
  ];
  const ordinary = [
    "Badmington Obi",
    "Staffordshire Eze",
    "Supportive Ada",
    "Supporter Bello",
    "Administrator Bello",
    "Nairaland Fan",
    "Adnan Aira",
    "Ahmad Nairat",
    "Ọlá Adébáyọ̀",
    "Chidi-Okafor",
    "Chidi Okafor 2",
    "Zainab 👩\u200D💻 Musa",
    "\u0639\u0644\u06CC\u200C\u0631\u0636\u0627 Ahmadi",
  ];

  for (const [schema, parse] of Object.entries(memberSchemas)) {
    it(`${schema}: refuses "AdNaira", "admin", "support" and "staff" as words, in any case`, () => {
      for (const name of posing) {
        const result = parse(name);
        expect(result.success, name).toBe(false);
        expect(fieldErrors(result.error!).name, name).toBe(STAFF_NAME_MESSAGE);
      }
    });

    it(`${schema}: accepts those letters inside other words`, () => {
      for (const name of ordinary) expect(parse(name).success, name).toBe(true);
    });
  }

  it("staff renaming themselves, and admins the super admin creates, may say so", () => {
    expect(StaffProfileNameSchema.safeParse({ name: "AdNaira Support" }).success).toBe(true);
    expect(
      CreateAdminSchema.safeParse({ name: "Admin Tunde", email: "tunde@example.ng", password: "Lagos-Harmattan-2024!" })
        .success,
    ).toBe(true);
  });

  it("a business may be called Staffing or Support, never by the platform's name", () => {
    for (const businessName of ["Admin Support Staffing Ltd", "Support247 Logistics", "Ahmad Naira Exchange"]) {
      expect(AdvertiserRegisterSchema.safeParse({ ...business, businessName }).success, businessName).toBe(true);
    }
    for (const businessName of ["AdNaira Promotions", "ad naira ads", "AdNairaPromo Ltd", "Ad\u200DNaira Ads"]) {
      const result = AdvertiserRegisterSchema.safeParse({ ...business, businessName });
      expect(fieldErrors(result.error!).businessName, businessName).toBe(BUSINESS_NAME_PLATFORM_MESSAGE);
    }
  });
});
