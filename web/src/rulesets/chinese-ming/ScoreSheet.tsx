/** A chinese-ming score sheet: one row per set, flower and double, then total, basic score, doubles and score. */
import type { ScoreSheet as Sheet } from "../../../../worker/engine/variants/chinese-ming/scoring";

export const half = (n: number) => (Number.isInteger(n) ? String(n) : `${Math.floor(n) || ""}½`);

export function ScoreSheet({ sheet, caption }: { sheet: Sheet; caption?: string }) {
  return (
    <table class="score-sheet">
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          <th scope="col">Set, flower or double</th>
          <th scope="col">Points</th>
          <th scope="col">Double</th>
        </tr>
      </thead>
      <tbody>
        {sheet.lines.map((l, i) => (
          <tr key={i}>
            <td>{l.what}</td>
            <td>{l.doubles ? "" : half(l.points)}</td>
            <td>{l.doubles ? "×2" : ""}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td>{half(sheet.total)}</td>
          <td />
        </tr>
        <tr>
          <th scope="row">Basic score (total × 4)</th>
          <td>{sheet.basic}</td>
          <td />
        </tr>
        <tr>
          <th scope="row">Doubles: {sheet.doubles}</th>
          <td />
          <td>×{(2 ** sheet.doubles).toLocaleString("en-US")}</td>
        </tr>
        <tr>
          <th scope="row">Score</th>
          <td colSpan={2}>
            <strong>{sheet.score.toLocaleString("en-US")}</strong>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
