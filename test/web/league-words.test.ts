/** League words (no browser): a season offers every ruleset the engine plays; counts read as English. */
import { describe, expect, it } from "vitest";
import { rulesets } from "../../worker/engine/index";
import { members, SEASON_RULESETS } from "../../web/src/league/words";

describe("league words", () => {
  it("a new season offers every playable ruleset, and only those", () => {
    expect(SEASON_RULESETS.map((r) => r.id).sort()).toEqual(rulesets.map((r) => r.id).sort());
  });
  it("one member, several members", () => {
    expect(members(1)).toBe("1 member");
    expect(members(0)).toBe("0 members");
    expect(members(7)).toBe("7 members");
  });
});
