import { describe, expect, it } from "vitest";
import { openGraphTags, referralCodeForLink } from "./open-graph";

const tag = (tags: ReturnType<typeof openGraphTags>, key: string) =>
  tags.find((t) => ("property" in t ? t.property : t.name) === key)?.content;

describe("openGraphTags", () => {
  const tags = openGraphTags({
    appName: "AdNaira",
    origin: "https://adnaira.example.ng",
    path: "/register?ref=AB12CD34EF",
    title: "You're invited to AdNaira",
    description: "Earn naira by viewing adverts.",
  });

  it("gives absolute addresses for the page and the image", () => {
    expect(tag(tags, "og:url")).toBe("https://adnaira.example.ng/register?ref=AB12CD34EF");
    expect(tag(tags, "og:image")).toBe("https://adnaira.example.ng/share-image.png");
    expect(tag(tags, "twitter:image")).toBe("https://adnaira.example.ng/share-image.png");
    expect([tag(tags, "og:image:width"), tag(tags, "og:image:height")]).toEqual(["1200", "630"]);
  });

  it("carries the title, description, type and the large card", () => {
    expect(tag(tags, "og:title")).toBe("You're invited to AdNaira");
    expect(tag(tags, "og:description")).toBe("Earn naira by viewing adverts.");
    expect(tag(tags, "og:type")).toBe("website");
    expect(tag(tags, "og:site_name")).toBe("AdNaira");
    expect(tag(tags, "twitter:card")).toBe("summary_large_image");
  });

  it("keeps a path on the origin, whatever the origin's own path", () => {
    const home = openGraphTags({
      appName: "A",
      origin: "http://127.0.0.1:3000",
      path: "/",
      title: "t",
      description: "d",
    });
    expect(tag(home, "og:url")).toBe("http://127.0.0.1:3000/");
  });
});

describe("referralCodeForLink", () => {
  it("keeps a code of letters and digits and drops anything else", () => {
    expect(referralCodeForLink("AB12CD34EF")).toBe("AB12CD34EF");
    expect(referralCodeForLink("")).toBeNull();
    expect(referralCodeForLink('X"><SCRIPT>')).toBeNull();
    expect(referralCodeForLink("A/../B")).toBeNull();
  });
});
