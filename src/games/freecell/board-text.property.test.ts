import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, formatCard, parseCard, SUIT_LETTERS } from "../../cards/card.ts";
import { quoteToken } from "../../cards/text.ts";
import { BoardTextError, formatBoard, parseBoard, whyNotFullDeck } from "./board-text.ts";
import { dealMicrosoft } from "./deal.ts";
import { applyUnchecked, type FreeCellState, legalMoves } from "./rules.ts";

/** Issue 15: no board is accepted that is not the position in the file, and every refusal names where. */

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Deals under random layouts, played forward by random legal moves: cells, foundations, empty cascades. */
const positionArb: fc.Arbitrary<FreeCellState> = fc
  .record({
    deal: fc.integer({ min: 1, max: 100_000 }),
    cells: fc.integer({ min: 0, max: 10 }),
    cascades: fc.integer({ min: 1, max: 9 }),
    steps: fc.array(fc.nat(), { maxLength: 80 }),
  })
  .map(({ deal, cells, cascades, steps }) => {
    let state = dealMicrosoft(deal, { cells, cascades });
    for (const k of steps) {
      const moves = legalMoves(state);
      if (moves.length === 0) break;
      state = applyUnchecked(state, moves[k % moves.length]);
    }
    return state;
  });

/** Ways of writing the same board: fc-solve's leading colons, 10 for T, lower case, symbols, CRLF, comments. */
const styleArb = fc.record({
  colons: fc.boolean(),
  ten: fc.boolean(),
  lower: fc.boolean(),
  symbols: fc.boolean(),
  crlf: fc.boolean(),
  comment: fc.boolean(),
  spaces: fc.integer({ min: 1, max: 3 }),
});

type Style = typeof styleArb extends fc.Arbitrary<infer T> ? T : never;

function restyle(text: string, style: Style): string {
  const symbol: Record<string, string> = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const card = (token: string) => {
    if (!/^[A2-9TJQK][CDHS]$/.test(token)) return token;
    let [rank, suit] = [token[0], token[1]];
    if (style.ten && rank === "T") rank = "10";
    if (style.symbols) suit = symbol[suit];
    const written = rank + suit;
    return style.lower ? written.toLowerCase() : written;
  };
  const lines = text
    .trimEnd()
    .split("\n")
    .map((line) => {
      // An empty cascade is written ":" in every style; a second colon in front of it would be a token, not a style.
      if (line === ":") return line;
      const heading = /^(\w+:) (.*)$/.exec(line);
      const tokens = (heading ? heading[2] : line).split(" ").map(card);
      const body = tokens.join(" ".repeat(style.spaces));
      if (heading) return `${heading[1]} ${body}`;
      return style.colons ? `: ${body}` : body;
    });
  if (style.comment) lines.splice(1, 0, "# a comment", "");
  return `${lines.join(style.crlf ? "\r\n" : "\n")}\n`;
}

function refusal(text: string, rules: FreeCellState["rules"]): BoardTextError {
  try {
    parseBoard(text, rules);
  } catch (error) {
    if (error instanceof BoardTextError) return error;
    throw error;
  }
  throw new Error(`accepted:\n${text}`);
}

/** The board's text as lines of tokens, with where each card is, so mutations can aim at a line and a token. */
function layout(state: FreeCellState) {
  const lines = formatBoard(state).trimEnd().split("\n");
  const cards: { line: number; index: number; card: Card }[] = [];
  lines.forEach((line, li) => {
    if (line.startsWith("Foundations:")) return;
    const cells = line.startsWith("Freecells:");
    const tokens = (cells ? line.slice("Freecells:".length).trim() : line).split(" ");
    tokens.forEach((token, index) => {
      if (token === "-" || token === ":") return;
      cards.push({ line: li, index, card: parseCard(token) });
    });
  });
  return { lines, cards };
}

function setToken(line: string, index: number, token: string | undefined): string {
  const cells = line.startsWith("Freecells:");
  const tokens = (cells ? line.slice("Freecells:".length).trim() : line).split(" ");
  if (token === undefined) tokens.splice(index, 1);
  else tokens[index] = token;
  const body = tokens.length === 0 ? ":" : tokens.join(" ");
  return cells ? `Freecells: ${body}` : body;
}

describe("board text, property: an accepted board is the whole position in the file", () => {
  it("every written board reads back as the same position, in any style fc-solve or a person writes it", () => {
    fc.assert(
      fc.property(positionArb, styleArb, (state, style) => {
        const text = restyle(formatBoard(state), style);
        const read = parseBoard(text, state.rules);
        expect(read).toEqual(state);
        expect(whyNotFullDeck(read)).toBeUndefined();
        expect(formatBoard(read)).toBe(formatBoard(state));
      }),
      { numRuns: 300 },
    );
  });

  it("reads an empty cascade in fc-solve's colon style (CI once drew it, and the test wrote it wrongly)", () => {
    const state = dealMicrosoft(5, { cells: 8, cascades: 9 });
    const last = state.cascades[8];
    const emptied: FreeCellState = {
      ...state,
      cascades: [...state.cascades.slice(0, 8), []],
      cells: state.cells.map((cell, i) => last[i] ?? cell),
    };
    const style = {
      colons: true,
      ten: false,
      lower: false,
      symbols: false,
      crlf: false,
      comment: false,
      spaces: 1,
    };
    const text = restyle(formatBoard(emptied), style);
    expect(text.split("\n")).toContain(":");
    expect(parseBoard(text, emptied.rules)).toEqual(emptied);
  });

  it("whatever random edits leave acceptable holds every card once and formats back to an equivalent text", () => {
    const alphabet = fc.constantFrom(..."CDHSA23456789TJQK0-: \n#".split(""), "10", "Freecells: ", "H-");
    const edit = fc.record({ at: fc.nat(), remove: fc.integer({ min: 0, max: 3 }), insert: alphabet });
    // Few random edits leave a board whole (1 to 7 in 1,000 runs; CI once met none, and the count below failed), so
    // most runs first add text after the board that keeps it whole, which the random edits may then break.
    const tail = fc.constantFrom("\n", "\n\n", "  ", "\n# a note\n");
    let accepted = 0;
    fc.assert(
      fc.property(
        positionArb,
        fc.option(tail, { freq: 4 }),
        fc.array(edit, { minLength: 0, maxLength: 4 }),
        (state, after, edits) => {
          let text = formatBoard(state) + (after ?? "");
          for (const e of edits) {
            const at = e.at % (text.length + 1);
            text = text.slice(0, at) + e.insert + text.slice(at + e.remove);
          }
          let read: FreeCellState;
          try {
            read = parseBoard(text, state.rules);
          } catch (error) {
            expect(error).toBeInstanceOf(BoardTextError);
            expect((error as Error).message).not.toMatch(CONTROL);
            return;
          }
          accepted++;
          expect(whyNotFullDeck(read)).toBeUndefined();
          const seen = new Set<Card>();
          read.foundations.forEach((rank, s) => {
            for (let r = 1; r <= rank; r++) seen.add((r - 1) * 4 + s);
          });
          for (const c of read.cells) if (c !== null) seen.add(c);
          for (const col of read.cascades) for (const c of col) seen.add(c);
          expect(seen.size).toBe(52);
          expect(parseBoard(formatBoard(read), state.rules)).toEqual(read);
        },
      ),
      { numRuns: 1000 },
    );
    // Most random edits break a board; some (a space, a comment) do not, and those must be read whole.
    expect(accepted).toBeGreaterThan(0);
  });
});

describe("board text, property: mutations of valid boards are refused with the line and the token named", () => {
  it("a card written twice (over another card) is refused at its second place", () => {
    fc.assert(
      fc.property(positionArb, fc.nat(), fc.nat(), (state, i, j) => {
        const { lines, cards } = layout(state);
        fc.pre(cards.length >= 2);
        const [a, b] = [cards[i % cards.length], cards[j % cards.length]];
        fc.pre(a !== b);
        const [first, second] = a.line < b.line || (a.line === b.line && a.index < b.index) ? [a, b] : [b, a];
        lines[second.line] = setToken(lines[second.line], second.index, formatCard(first.card));
        const error = refusal(`${lines.join("\n")}\n`, state.rules);
        expect(error.line).toBe(second.line + 1);
        expect(error.token).toBe(formatCard(first.card));
        expect(error.message).toContain(`line ${second.line + 1}: duplicate card ${formatCard(first.card)}`);
      }),
      { numRuns: 300 },
    );
  });

  it("a card the foundations already hold, written again in a cascade or a cell, is refused there", () => {
    fc.assert(
      fc.property(positionArb, fc.nat(), fc.nat(), (state, i, j) => {
        const home: Card[] = [];
        state.foundations.forEach((rank, s) => {
          for (let r = 1; r <= rank; r++) home.push((r - 1) * 4 + s);
        });
        const { lines, cards } = layout(state);
        fc.pre(home.length > 0 && cards.length > 0);
        const target = cards[i % cards.length];
        const again = formatCard(home[j % home.length]);
        lines[target.line] = setToken(lines[target.line], target.index, again);
        const error = refusal(`${lines.join("\n")}\n`, state.rules);
        expect(error.line).toBe(target.line + 1);
        expect(error.token).toBe(again);
        expect(error.message).toContain(`duplicate card ${again}`);
      }),
      { numRuns: 200 },
    );
  });

  it("a missing card is refused and named", () => {
    fc.assert(
      fc.property(positionArb, fc.nat(), (state, i) => {
        const { lines, cards } = layout(state);
        fc.pre(cards.length > 0);
        const gone = cards[i % cards.length];
        const inCells = lines[gone.line].startsWith("Freecells:");
        lines[gone.line] = setToken(lines[gone.line], gone.index, inCells ? "-" : undefined);
        const error = refusal(`${lines.join("\n")}\n`, state.rules);
        expect(error.token).toBe(formatCard(gone.card));
        expect(error.message).toBe(`missing cards: ${formatCard(gone.card)} (a board holds all 52 cards)`);
      }),
      { numRuns: 300 },
    );
  });

  it("a second Foundations or Freecells line is refused at that line, whatever it holds", () => {
    fc.assert(
      fc.property(positionArb, fc.boolean(), fc.nat(), (state, cellsLine, where) => {
        const { lines } = layout(state);
        const heading = cellsLine ? "Freecells:" : "Foundations:";
        let at = lines.findIndex((l) => l.startsWith(heading));
        if (at < 0) {
          lines.unshift(cellsLine ? "Freecells: -" : "Foundations: H-0");
          at = 0;
        }
        const copy = cellsLine ? "Freecells: -" : lines[at];
        const second = at + 1 + (where % (lines.length - at));
        lines.splice(second, 0, copy);
        const error = refusal(`${lines.join("\n")}\n`, state.rules);
        expect(error.line).toBe(second + 1);
        expect(error.token).toBe(heading);
        expect(error.message).toContain(`line ${second + 1}: "${heading}": a second`);
      }),
      { numRuns: 300 },
    );
  });

  it("a suit given twice on the Foundations line is refused at its second token", () => {
    fc.assert(
      fc.property(
        positionArb,
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 13 }),
        (state, suit, rank) => {
          const { lines } = layout(state);
          const all = SUIT_LETTERS.split("").map(
            (s, k) => `${s}-${["0", ..."A23456789TJQK"][state.foundations[k]]}`,
          );
          const at = lines.findIndex((l) => l.startsWith("Foundations:"));
          if (at >= 0) lines.splice(at, 1);
          const again = `${SUIT_LETTERS[suit]}-${["0", ..."A23456789TJQK"][rank]}`;
          const tokens = [...all, again];
          lines.unshift(`Foundations: ${tokens.join(" ")}`);
          const error = refusal(`${lines.join("\n")}\n`, state.rules);
          expect(error.line).toBe(1);
          expect(error.token).toBe(again);
          expect(error.message).toMatch(/foundation is given twice/);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a card beyond the cells the game has is refused and named", () => {
    fc.assert(
      fc.property(positionArb, fc.nat(), fc.integer({ min: 0, max: 3 }), (state, i, beyond) => {
        const { lines } = layout(state);
        // Take an exposed card off a cascade and write it past the last cell.
        const columns = state.cascades.map((col, k) => ({ col, k })).filter(({ col }) => col.length > 0);
        fc.pre(columns.length > 0);
        const { col, k } = columns[i % columns.length];
        const moved = formatCard(col[col.length - 1]);
        const cascadeLine = lines.length - state.cascades.length + k;
        lines[cascadeLine] = setToken(lines[cascadeLine], col.length - 1, undefined);
        const cellTokens = state.cells.map((c) => (c === null ? "-" : formatCard(c)));
        const written = [...cellTokens, ...Array.from({ length: beyond }, () => "-"), moved];
        let at = lines.findIndex((l) => l.startsWith("Freecells:"));
        if (at >= 0) lines[at] = `Freecells: ${written.join(" ")}`;
        else {
          at = lines[0].startsWith("Foundations:") ? 1 : 0;
          lines.splice(at, 0, `Freecells: ${written.join(" ")}`);
        }
        const error = refusal(`${lines.join("\n")}\n`, state.rules);
        expect(error.line).toBe(at + 1);
        expect(error.token).toBe(moved);
      }),
      { numRuns: 300 },
    );
  });

  it("junk, control characters included, is refused at its line and shown escaped and cut", () => {
    const junkArb = fc
      .oneof(
        fc.string({ minLength: 1, maxLength: 80 }),
        fc.string({ unit: "binary", minLength: 1, maxLength: 80 }),
      )
      .filter(
        (junk) =>
          !/\s/.test(junk) &&
          !/^[:#-]/.test(junk) &&
          !/^[A-Za-z]+:/.test(junk) &&
          !(() => {
            try {
              parseCard(junk);
              return true;
            } catch {
              return false;
            }
          })(),
      );
    fc.assert(
      fc.property(positionArb, junkArb, fc.nat(), fc.nat(), (state, junk, i, j) => {
        const { lines } = layout(state);
        const first = lines.length - state.cascades.length;
        const line = first + (i % state.cascades.length);
        const tokens = lines[line] === ":" ? [] : lines[line].split(" ");
        tokens.splice(j % (tokens.length + 1), 0, junk);
        lines[line] = tokens.join(" ");
        const error = refusal(`${lines.join("\n")}\n`, state.rules);
        expect(error.line).toBe(line + 1);
        expect(error.token).toBe(junk);
        expect(error.message).toContain(quoteToken(junk));
        expect(error.message).not.toMatch(CONTROL);
        expect(error.message.length).toBeLessThan(200);
      }),
      { numRuns: 500 },
    );
  });
});
