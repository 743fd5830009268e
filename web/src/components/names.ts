export const RULESET_NAMES: Record<string, string> = {
  siamese: "Siamese",
  "siamese-mjm": "Siamese (MahJong Masters)",
  "siamese-wp": "Siamese (Wright-Patterson)",
  american: "American",
  "chinese-ming": "Chinese (Ming)",
};
