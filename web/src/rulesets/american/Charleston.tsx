/**
 * The Charleston screen: pick three tiles (never a joker), see which pass this is and who has
 * chosen, choose a blind pass on the first left and the last right, stop after the first
 * Charleston, or offer 0–3 tiles in the courtesy pass. Only moves the engine lists are sent.
 */
import { useEffect, useState } from "preact/hooks";
import type { Move } from "../../../../worker/engine/api";
import { Tile } from "../../components/Tile";
import type { AmericanView } from "../../../../worker/engine/variants/american/view";

type Ch = NonNullable<AmericanView["charleston"]>;

export function CharlestonPanel(p: { ch: Ch; names: string[]; me: number; selected: number[]; legal: Move[]; busy: boolean; onMove: (m: Move) => void; onClear: () => void }) {
  const { ch } = p;
  const [blind, setBlind] = useState(0);
  useEffect(() => setBlind(0), [ch.stage]);
  const tiles = p.selected.slice().sort((a, b) => a - b);
  const key = (m: Move) => JSON.stringify(m);
  const legal = new Set(p.legal.map(key));
  const want: Move = ch.courtesy ? { type: "courtesy", tiles } : { type: "pass", tiles, blind };
  const ok = legal.has(key(want));
  const stop = p.legal.find((m) => m.type === "stop");
  const need = ch.courtesy ? "0 to 3 tiles" : `${3 - blind} tile${3 - blind === 1 ? "" : "s"}`;
  const target = ch.direction === "right" ? "the player on your right" : ch.direction === "left" ? "the player on your left" : "the player across";
  return (
    <section class="am-charleston" aria-label="Charleston">
      <h2>{ch.name}</h2>
      <p class="small am-charleston-what">
        Choose {need} to pass to {target}. Jokers are never passed. You may change your choice until all four have chosen; nobody sees it.
      </p>
      <p class="am-chosen">
        {ch.chosen.map((c, s) => (
          <span key={s} class={c ? "tag chosen" : "tag"}>
            {s === p.me ? "You" : p.names[s]}: {c ? "chosen" : "choosing"}
          </span>
        ))}
      </p>
      {ch.yourChoice ? (
        <p class="am-your-choice">
          Your choice: {"stop" in ch.yourChoice ? "stop the Charleston" : ch.yourChoice.tiles.length ? ch.yourChoice.tiles.map((t) => <Tile key={t.id} kind={t.kind} size="sm" />) : "no tiles"}
          {"blind" in ch.yourChoice && ch.yourChoice.blind ? ` and ${ch.yourChoice.blind} blind` : ""}
        </p>
      ) : null}
      {ch.yourLastPass ? (
        <p class="am-received">
          You received: {ch.yourLastPass.got.length ? ch.yourLastPass.got.map((t) => <Tile key={t.id} kind={t.kind} size="sm" />) : "nothing"}
          {ch.yourLastPass.forwarded ? ` (and passed ${ch.yourLastPass.forwarded} on unseen)` : ""}
        </p>
      ) : null}
      {ch.blindAllowed ? (
        <label>
          Blind pass: pass on, unseen,{" "}
          <select aria-label="Blind pass" value={String(blind)} onChange={(e) => setBlind(Number(e.currentTarget.value))}>
            {[0, 1, 2, 3].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>{" "}
          of the tiles you receive
        </label>
      ) : null}
      <div class="row">
        <button class="primary big" type="button" aria-keyshortcuts="P" disabled={!ok || p.busy} onClick={() => p.onMove(want)}>
          {ch.courtesy ? `Offer ${tiles.length} tile${tiles.length === 1 ? "" : "s"} across` : ok ? `Pass ${tiles.length ? `these ${tiles.length}` : "no"} tile${tiles.length === 1 ? "" : "s"}${blind ? ` and ${blind} blind` : ""}` : `Pass ${need}${blind ? ` and ${blind} blind` : ""}`}
        </button>
        {tiles.length ? <button type="button" aria-keyshortcuts="Escape" onClick={p.onClear}>Unselect</button> : null}
        {stop ? (
          <button type="button" disabled={p.busy} onClick={() => p.onMove(stop)}>
            Stop the Charleston
          </button>
        ) : null}
      </div>
      {!ok && !ch.courtesy ? <p class="hint-line">Tap {need} in your rack.</p> : null}
    </section>
  );
}
