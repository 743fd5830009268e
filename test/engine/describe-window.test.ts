/**
 * The claim window's events in plain words (American and Royale with 3–4 players): the window names
 * the discard and who is waited for, an answer says only that it was given, and the close says who
 * claimed what (the claim's own words) or that nobody did — never an answer before the close.
 */
import { describe, expect, it } from "vitest";
import type { GameEvent, GameOptions, RulesetId } from "../../worker/engine/api";
import { chooseMove } from "../../worker/engine/bots";
import { apply, describeEvent, legalMoves, newGame, toAct, viewEvent, viewFor } from "../../worker/engine/index";

const NAMES = ["Ann", "Bob", "Cy", "Dee"];

/** The public events of a game played by easy computer players, up to `plies` moves. */
function publicEvents(ruleset: RulesetId, options: GameOptions, seed: string, plies: number): GameEvent[] {
  const g = newGame(ruleset, options, seed);
  if (!g.ok) throw new Error(g.message);
  let s = g.state;
  const events: GameEvent[] = [];
  for (let i = 0; i < plies && s.phase !== "over"; i++) {
    const seat = toAct(s)[0]!;
    const move = chooseMove(ruleset, viewFor(s, seat), legalMoves(s, seat), "easy", `${seed}:${i}`);
    const r = apply(s, seat, move);
    if (!r.ok) throw new Error(r.message);
    events.push(...r.events.map((e) => viewEvent(e, null)));
    s = r.state;
  }
  return events;
}

const words = (events: GameEvent[], ruleset: RulesetId) => events.map((e) => describeEvent(e, NAMES, ruleset));

describe.each([
  ["royale", { players: 3 }],
  ["royale", { players: 4 }],
  ["american", {}],
] as [RulesetId, GameOptions][])("claim windows in words: %s %j", (ruleset, options) => {
  const events = publicEvents(ruleset, options, `describe-window:${ruleset}:${JSON.stringify(options)}`, 1500);
  const text = words(events, ruleset);

  it("every event has words of its own (none falls back to 'The game: window')", () => {
    expect(events.some((e) => e.type === "window")).toBe(true);
    for (const t of text) expect(t).not.toMatch(/^[A-Z][\w ]*: [a-z-]+$/);
  });

  it("a window names the discard and who is waited for", () => {
    const i = events.findIndex((e) => e.type === "window");
    const d = events[i - 1]!;
    expect(d.type).toBe("discard");
    const discarder = NAMES[d.seat as number]!;
    expect(text[i]).toMatch(new RegExp(`^The others may claim ${discarder}'s .+: waiting for .+ to call or pass$`));
    expect(text[i]).toContain(text[i - 1]!.replace(`${discarder} discarded `, ""));
  });

  it("an answer says only that it was given", () => {
    const answers = events.flatMap((e, i) => (e.type === "window-answered" ? [text[i]!] : []));
    expect(answers.length).toBeGreaterThan(0);
    for (const a of answers) expect(a).toMatch(/^(Ann|Bob|Cy|Dee) answered$/);
  });

  it("a window closes with the claim or with 'Nobody claimed'", () => {
    let open = -1;
    let closes = 0;
    events.forEach((e, i) => {
      if (e.type === "window") {
        expect(open).toBe(-1); // the last one has closed
        open = i;
        return;
      }
      if (open < 0) return;
      if (e.type === "window-closed") {
        expect(text[i]).toMatch(/^(Time to call ran out: )?Nobody claimed (Ann|Bob|Cy|Dee)'s .+$/);
        open = -1;
        closes++;
      } else if (e.type === "claim" || e.type === "mahjong") {
        expect(text[i]).toMatch(/claimed|claiming/);
        open = -1;
        closes++;
      } else if (e.type !== "window-answered") {
        if (!["mahjong-error", "dead", "end"].includes(e.type)) throw new Error(`"${text[i]}" while a window was open`);
      }
    });
    expect(closes).toBeGreaterThan(0);
  });
});

it("a Royale claim names the rack it goes to", () => {
  const t = describeEvent({ type: "claim", seat: 2, from: 0, rack: 1, tile: { id: 1, kind: 9 }, size: 3, jokers: 0 } as never, NAMES, "royale");
  expect(t).toMatch(/^Cy claimed .+ for a pung on rack 2$/);
});
