import { describe, expect, it } from "vitest";
import { audiencesFor } from "./notices.server";

describe("who reads which notices", () => {
  it("members read notices for all and for members, staff those for all and for admins, advertisers only those for all", () => {
    expect(audiencesFor("user")).toEqual(["all", "user"]);
    expect(audiencesFor("admin")).toEqual(["all", "admin"]);
    expect(audiencesFor("super_admin")).toEqual(["all", "admin"]);
    expect(audiencesFor("advertiser")).toEqual(["all"]);
  });
});
