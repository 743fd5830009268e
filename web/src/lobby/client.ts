/** Challenge and practice calls through the typed Hono client (AppType), with the same errors as api.ts. */
import type { InferResponseType } from "hono/client";
import { client, read } from "../api";

const challenges = client.api.challenges;

/** The days for each move a new game or a challenge may give (the service takes 1 to 14; a challenge exactly these). */
export const MOVE_DAYS = [1, 2, 3, 5, 7, 10, 14];
/** The computer players' strengths, weakest first, and their names in the forms. */
export const STRENGTHS = ["easy", "medium", "strong", "expert"] as const;
export type Strength = (typeof STRENGTHS)[number];
export const STRENGTH_WORDS: Record<Strength, string> = { easy: "Easy", medium: "Medium", strong: "Strong", expert: "Expert" };

export type Challenge = InferResponseType<typeof challenges.$get, 200>["challenges"][number];

export interface NewChallenge {
  ruleset: string;
  daysPerMove: number;
  /** As the ruleset's options schema has them (components/RulesetOptions.tsx); the card as a card id. */
  options: Record<string, unknown>;
  rated: boolean;
  computersAfterDays?: number;
  computerStrength?: Strength;
}

export const challengeApi = {
  list: (ruleset?: string) => read(challenges.$get({ query: ruleset ? { ruleset } : {} })).then((r) => r.challenges),
  post: (c: NewChallenge) => read(challenges.$post({ json: { ...c } })),
  accept: (id: string) => read(challenges[":id"].accept.$post({ param: { id } })),
  cancel: (id: string) => read(challenges[":id"].$delete({ param: { id } })),
  /** The poster's challenge nobody has taken: computers take the free seats now and the game starts. */
  computersNow: (id: string) => read(challenges[":id"].computers.$post({ param: { id }, json: {} })),
  /** `options`: how many play, for a ruleset that asks (Royale's `players`). */
  playNow: (ruleset: string, options: Record<string, unknown> = {}) => read(challenges["play-now"].$post({ json: { ruleset, options } })),
  /** A game against computers, dealt at once (Siamese: one computer; American and Chinese: 1 to 3). */
  practise: (ruleset: string, strength: Strength, seats: number, options: Record<string, unknown> = {}) =>
    read(client.api.games.$post({ json: { ruleset, options: { daysPerMove: 3, ...options }, computers: { seats, strength } } })).then((r) => r as Exclude<typeof r, string>),
};
