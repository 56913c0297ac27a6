// Small words the screens share: a sentence's single full stop, natural order ids, loads before
// moving, and a time zone named once ("… UTC", never "UTC (UTC)").
import { describe, expect, it } from "vitest";
import { byOrderId, orderText, sentence } from "../../app/components/format";
import { formatLocal, zoneSuffix } from "../../app/components/local-time";

describe("shared words", () => {
  it("ends a sentence with one full stop, also after a name that ends with one", () => {
    expect(sentence("Unloads into Karelia S.S.R.")).toBe("Unloads into Karelia S.S.R.");
    expect(sentence("Unloads into East Europe")).toBe("Unloads into East Europe.");
  });

  it("sorts order ids naturally", () => {
    expect(["m1", "m10", "m11", "m2", "g1"].sort(byOrderId)).toEqual(["g1", "m1", "m2", "m10", "m11"]);
  });

  it("says a load at the start of the path without a step 0", () => {
    const text = orderText({ id: "t1", units: { transport: 1 }, from: "Baltic Sea Zone", path: ["North Sea Zone"], load: { from: "Germany", units: { infantry: 2 }, atStep: 0 } });
    expect(text).toContain("load 2 infantry from Germany before moving");
    expect(text).not.toContain("step 0");
    expect(orderText({ id: "t2", units: { transport: 1 }, from: "A", path: ["B", "C"], load: { from: "D", units: { infantry: 1 }, atStep: 1 } })).toContain("after step 1");
  });

  it("names a time zone once", () => {
    const iso = "2026-11-23T21:00:00.000Z";
    expect(zoneSuffix(formatLocal(iso, "UTC"), "UTC")).toBe("");
    expect(zoneSuffix(formatLocal(iso, "Europe/Paris"), "Europe/Paris")).toBe(" (Europe/Paris)");
  });
});
