/** Card data shipped with the service, by id. Validated when the card module loads. */
import sample2026 from "./sample-2026.json";

export const builtinCardData: Record<string, unknown> = { "sample-2026": sample2026 };
