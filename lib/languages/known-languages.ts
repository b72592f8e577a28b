// The languages a recipient's language can name (issue 39: each person in their own language), and the lenient
// matcher that reads what an operator's list or an integrator's request holds: `sw`, `SW`, `Kiswahili`, `Swahili`,
// `sw-KE` are one language, `sw`. Codes are ISO 639 (two letters where there are two, three otherwise); the names are
// how Kenyan lists spell them — the English name, the language's own name, and the common forms of both. A value that
// matches none is unknown: the caller decides what that means (the API refuses it with its path; a list column's
// unknown values get the default text, counted). A leaf: imports nothing.

export type KnownLanguage = { code: string; name: string; aliases: readonly string[] };

export const KNOWN_LANGUAGES: readonly KnownLanguage[] = [
  { code: "en", name: "English", aliases: ["english", "eng", "kiingereza"] },
  { code: "sw", name: "Kiswahili", aliases: ["swahili", "kiswahili", "swa", "kiswahili sanifu"] },
  { code: "ki", name: "Gĩkũyũ", aliases: ["kikuyu", "gikuyu", "gĩkũyũ", "kik"] },
  { code: "luo", name: "Dholuo", aliases: ["luo", "dholuo"] },
  { code: "luy", name: "Luhya", aliases: ["luhya", "luluhya", "oluluhya"] },
  { code: "kam", name: "Kamba", aliases: ["kamba", "kikamba"] },
  { code: "kln", name: "Kalenjin", aliases: ["kalenjin"] },
  { code: "guz", name: "Ekegusii", aliases: ["gusii", "ekegusii", "kisii"] },
  { code: "mer", name: "Kimeru", aliases: ["meru", "kimeru"] },
  { code: "mas", name: "Maa", aliases: ["maasai", "masai", "maa"] },
  { code: "so", name: "Somali", aliases: ["somali", "soomaali", "som"] },
  { code: "om", name: "Oromo", aliases: ["oromo", "afaan oromoo", "orm"] },
  { code: "fr", name: "French", aliases: ["french", "français", "francais", "fra"] },
  { code: "ar", name: "Arabic", aliases: ["arabic", "العربية", "ara"] },
];

/** Longest value looked at: anything longer is no language name (and costs nothing to refuse). */
const MAX_LENGTH = 40;

const BY_KEY: ReadonlyMap<string, string> = new Map(
  KNOWN_LANGUAGES.flatMap((language) => [
    [language.code, language.code] as const,
    [key(language.name), language.code] as const,
    ...language.aliases.map((alias) => [key(alias), language.code] as const),
  ]),
);

function key(value: string): string {
  return value.normalize("NFC").trim().toLowerCase().replace(/\s+/g, " ");
}

/**
 * The language code a value names, or null: a code or name in any case, with spaces around ignored; a regional tag
 * (`sw-KE`, `en_GB`) names its primary language. Blank is null.
 */
export function matchLanguage(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  const wanted = key(value);
  if (!wanted) return null;
  const exact = BY_KEY.get(wanted);
  if (exact) return exact;
  const primary = /^([a-z]{2,3})[-_][a-z0-9]{2,8}$/.exec(wanted)?.[1];
  return primary ? (BY_KEY.get(primary) ?? null) : null;
}

/** The language's name for a person to read ("Kiswahili (sw)"); an unknown code as it is. */
export function languageLabel(code: string | null): string {
  if (code === null) return "Default";
  const known = KNOWN_LANGUAGES.find((language) => language.code === code);
  return known ? `${known.name} (${code})` : code;
}
