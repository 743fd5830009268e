/**
 * The league's invitation link, seen by the one who holds it before joining: the league's name, who
 * mailed them the link (or the organisers), and nothing without a valid link. An organiser who only
 * organises is a member who does not play.
 */
import { describe, expect, it } from "vitest";
import { signIn } from "./client";

const ann = await signIn("ann@join.example.com");
const bob = await signIn("bob@join.example.com");
const cy = await signIn("cy@join.example.com");
await ann.put("/api/me", { displayName: "Ann Organiser" });

describe("the league's join page", () => {
  it("names the league and who invited you; a stranger without the link learns nothing", async () => {
    const created = await ann.post("/api/leagues", { name: "Thursday Tiles", visibility: "private", play: false });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const invite = new URL(created.body.inviteUrl).searchParams.get("invite")!;
    expect((await ann.post(`/api/leagues/${id}/invites`, { email: "bob@join.example.com" })).status).toBe(200);

    const forBob = await bob.get(`/api/leagues/${id}/invitation?invite=${invite}`);
    expect(forBob.status).toBe(200);
    expect(forBob.body).toEqual({ id, name: "Thursday Tiles", status: "active", members: 1, member: false, invitedBy: "Ann Organiser", organisers: ["Ann Organiser"] });
    // the link passed on by someone else: no mail to this address, so the organisers are named
    expect((await cy.get(`/api/leagues/${id}/invitation?invite=${invite}`)).body).toMatchObject({ invitedBy: null, organisers: ["Ann Organiser"] });
    expect((await cy.get(`/api/leagues/${id}/invitation?invite=${"x".repeat(43)}`)).status).toBe(404);
    expect((await cy.get(`/api/leagues/${id}/invitation`)).status).toBe(400);

    expect((await bob.post(`/api/leagues/${id}/join`, { invite })).status).toBe(200);
    expect((await bob.get(`/api/leagues/${id}/invitation?invite=${invite}`)).body.member).toBe(true);
    const page = (await ann.get(`/api/leagues/${id}`)).body;
    expect(page.members.map((m: any) => [m.name, m.organiser, m.plays])).toEqual([
      ["Ann Organiser", true, false],
      ["Bob", false, true],
    ]);
  });
});
