import type { Command } from "commander";
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
        process.stdout.write(`${JSON.stringify({ games: [...games, { id: "tetris", title: "Tetris" }] })}\n`);
      }),
    );
}
