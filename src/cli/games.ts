import type { Command } from "commander";
import { PRESET_NAMES, presetGame, withoutPresetIntro } from "../games/family/index.ts";
import { flagName, type RuleField } from "../games/patience/rules.ts";
import { PATIENCE_GAMES } from "../games/registry.ts";
import { reportErrors } from "./options.ts";

function values(field: RuleField): string {
  if (field.kind === "integer")
    return `${field.min} to ${field.max}${field.unlimited ? ", or unlimited" : ""}`;
  if (field.kind === "choice") return field.choices.join(" | ");
  return "yes | no";
}

function shown(value: unknown): string {
  if (value === null) return "unlimited";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

/** Solvitaire's presets reached by name that are not games of the registry. */
function presets() {
  return PRESET_NAMES.filter((name) => !PATIENCE_GAMES.some((g) => g.id === name)).map(
    (name) => presetGame(name) as NonNullable<ReturnType<typeof presetGame>>,
  );
}

/** Every game, its rules in words, its rule flags with their values and defaults, and its named variants. */
export function gamesText(): string {
  const lines: string[] = [];
  for (const game of PATIENCE_GAMES) {
    lines.push(`${game.id}: ${game.title}`);
    lines.push(`  ${game.about}`);
    lines.push(
      `  numberings: ${game.numberings.join(", ")}; automatic moves: ${game.policies.join(", ")} (default ${game.policies[0]})`,
    );
    if (game.rules.fields.length > 0) lines.push("  rules:");
    for (const field of game.rules.fields) {
      const value = (game.rules.defaults as Record<string, unknown>)[field.key];
      const flag =
        field.kind === "boolean"
          ? `--${value ? "no-" : ""}${flagName(field.key)}`
          : `--${flagName(field.key)} <${values(field)}>`;
      lines.push(`    ${flag.padEnd(34)} ${field.about} (default ${shown(value)})`);
    }
    if (game.rules.variants.length > 0) lines.push("  variants:");
    for (const v of game.rules.variants) lines.push(`    ${v.title}: ${v.about}`);
    for (const o of game.objectives ?? []) lines.push(`  solve --${o.id}: ${o.about}`);
    lines.push("");
  }
  lines.push("tetris: Tetris (tsol tetris): the VDM++ model of the specification, and the guideline game.");
  lines.push("");
  lines.push(
    "Solvitaire's other presets, each a game by its Solvitaire name in every command, titled beside it as a player " +
      "reads it (the family engine plays the " +
      "preset's rules; dealt in Solvitaire's numbering). Its king-albert and klondike presets are not these but " +
      "the games above of those names, which differ: tsol's King Albert plays Solvitaire's rules with " +
      "--from-foundation; tsol's Klondike moves any face-up run (klondike-arbitrary-built-moves and " +
      "klondike-deal-1-arbitrary-built-moves below), where Solvitaire's klondike moves part of a run only to " +
      "uncover a card that then goes home. deal --format solvitaire prints both games' deals as those presets'.",
  );
  // Each preset by its Solvitaire name (what every command takes) and the title a player reads (family/titles.ts).
  for (const { id, title, about } of presets()) {
    lines.push(`  ${id}: ${title}`);
    lines.push(`    ${withoutPresetIntro(id, about)}`);
  }
  return `${lines.join("\n")}\n`;
}

export function registerGames(program: Command): void {
  program
    .command("games")
    .description("list every game, its rules, rule flags and variants")
    .option("--json", "the same as one JSON object")
    .action((options: { json?: boolean }) =>
      reportErrors(() => {
        if (!options.json) {
          process.stdout.write(gamesText());
          return;
        }
        const games = PATIENCE_GAMES.map((g) => ({
          id: g.id,
          title: g.title,
          about: g.about,
          numberings: g.numberings,
          policies: g.policies,
          rules: g.rules.fields.map((f) => ({
            ...f,
            flag: `--${flagName(f.key)}`,
            default: (g.rules.defaults as Record<string, unknown>)[f.key],
          })),
          variants: g.rules.variants,
          objectives: g.objectives ?? [],
        }));
        const byName = presets().map((g) => ({
          id: g.id,
          title: g.title,
          about: g.about,
          numberings: g.numberings,
        }));
        process.stdout.write(
          `${JSON.stringify({ games: [...games, { id: "tetris", title: "Tetris" }], presets: byName })}\n`,
        );
      }),
    );
}
