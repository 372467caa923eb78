// Small text helpers of the prompts: cut text, percentages and whether a time was measured.
import { describe, it, expect } from "vitest";
import { formatPercent, isMeasuredTime, truncateText } from "../../../src/domain/text/text-format.js";

describe("truncateText", () => {
  it("keeps text at the limit and cuts longer text so the marker fits within it", () => {
    expect(truncateText("abcde", 5, "..")).toBe("abcde");
    expect(truncateText("abcdef", 5, "..")).toBe("abc..");
  });
});

describe("formatPercent", () => {
  it("rounds to a whole percentage, halves up", () => {
    expect(formatPercent(0.5)).toBe("50%");
    expect(formatPercent(0.125)).toBe("13%");
    expect(formatPercent(0.994)).toBe("99%");
    expect(formatPercent(1)).toBe("100%");
  });
});

describe("isMeasuredTime", () => {
  it("counts only non-zero numbers as a measured time", () => {
    expect(isMeasuredTime(12)).toBe(true);
    expect(isMeasuredTime(0)).toBe(false);
    expect(isMeasuredTime(null)).toBe(false);
  });
});
