/**
 * RULES §5 in the CLI: `npm run cli -- simulate --ruleset siamese-wp` plays matches through the
 * simulator's dispatch with its invariants checked (144 tiles, 28/27, flowers out of hands, pot
 * balance) and prints its figures; a bad option is refused with exit code 2.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { run } from "../../scripts/cli/simulate";

afterEach(() => vi.restoreAllMocks());

describe("§5 Wright-Patterson Siamese: simulate --ruleset siamese-wp", () => {
  it("plays checked matches and prints the figures; a bad --match is refused", async () => {
    const out: string[] = [];
    vi.spyOn(console, "log").mockImplementation((s: unknown) => void out.push(String(s)));
    const err = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await run(["--ruleset", "siamese-wp", "--games", "3", "--seed", "cli-wp", "--match", "2"])).toBe(0);
    const figures = JSON.parse(out.join("\n"));
    expect(figures).toMatchObject({ ruleset: "siamese-wp", games: 3 });
    expect(Object.values(figures.endings as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(3);
    expect(err).not.toHaveBeenCalled();
    expect(await run(["--ruleset", "siamese-wp", "--match", "9"])).toBe(2);
    expect(err).toHaveBeenCalledWith(expect.stringMatching(/--match/));
  }, 120_000);
});
