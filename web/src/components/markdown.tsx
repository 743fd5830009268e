import type { ComponentChildren } from "preact";

/**
 * Just enough Markdown for our rule book: headings, paragraphs, lists, tables, rules,
 * **bold**, *italic* and `code`. Text is rendered as text (no HTML passes through).
 */
function inline(text: string): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*)/g;
  let last = 0;
  for (let m; (m = re.exec(text)); ) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const t = m[0];
    if (t.startsWith("**")) out.push(<strong>{t.slice(2, -2)}</strong>);
    else if (t.startsWith("`")) out.push(<code>{t.slice(1, -1)}</code>);
    else out.push(<em>{t.slice(1, -1)}</em>);
    last = m.index + t.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** `top`: the level the text's first-level heading is drawn at ("#" as h2 unless told; a page of its own draws "##" as h1 with top 0). */
export function Markdown({ text, top = 2 }: { text: string; top?: number }) {
  const lines = text.replace(/\r/g, "").split("\n");
  const blocks: ComponentChildren[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) { i++; continue; }
    const h = /^(#{1,4})\s+(.*)$/.exec(line);
    if (h) {
      const level = Math.max(1, Math.min(h[1]!.length + top - 1, 4));
      const Tag = `h${level}` as "h2";
      blocks.push(<Tag id={slug(h[2]!)}>{inline(h[2]!)}</Tag>);
      i++;
      continue;
    }
    if (/^---+\s*$/.test(line)) { blocks.push(<hr />); i++; continue; }
    if (line.startsWith("|")) {
      const rows: string[][] = [];
      while (i < lines.length && lines[i]!.startsWith("|")) {
        const cells = lines[i]!.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
        if (!cells.every((c) => /^:?-+:?$/.test(c))) rows.push(cells);
        i++;
      }
      const [head, ...body] = rows;
      blocks.push(
        <div class="table-wrap">
          <table>
            <thead><tr>{head!.map((c) => <th>{inline(c)}</th>)}</tr></thead>
            <tbody>{body.map((r) => <tr>{r.map((c) => <td>{inline(c)}</td>)}</tr>)}</tbody>
          </table>
        </div>,
      );
      continue;
    }
    if (/^\s*([-*]|\d+\.)\s/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      while (i < lines.length && lines[i]!.trim()) {
        const l = lines[i]!;
        if (/^\s*([-*]|\d+\.)\s/.test(l)) items.push(l.replace(/^\s*([-*]|\d+\.)\s+/, ""));
        else items[items.length - 1] += " " + l.trim();
        i++;
      }
      const List = ordered ? "ol" : "ul";
      blocks.push(<List>{items.map((t) => <li>{inline(t)}</li>)}</List>);
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !/^(#|\||---|\s*([-*]|\d+\.)\s)/.test(lines[i]!)) para.push(lines[i++]!.trim());
    blocks.push(<p>{inline(para.join(" "))}</p>);
  }
  return <div class="prose">{blocks}</div>;
}
