/**
 * The sample card's lines as a table names them ("2468, line 3 (30 points)": each line's id, category, value, whether it
 * is concealed or Atomic), without their texts and notes: what the Siamese table's first drawing needs of the card (the
 * Mah Jongg choices of a Royale turn name every line), a third of it. The web build gives this module only these fields
 * (vite.config.ts sampleCardNames); the whole card comes after the tiles (./card.ts loadSampleCard).
 */
import card from "../../../worker/engine/cards/sample-2026.json";

export default {
  id: card.id,
  name: card.name,
  lines: card.lines.map(({ id, category, value, concealed, ...l }) => ({ id, category, value, concealed, ...("atomic" in l ? { atomic: l.atomic } : {}) })),
};
