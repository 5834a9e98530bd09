import type { FamilyRules } from "../../../../src/games/family/rules.ts";
import type { PileView } from "../../../../src/games/patience/contract.ts";
import type { Band, BandItem, GameLayout } from "../../patience/layout.ts";

/**
 * Every game of the family engine (src/games/family/) on one layout, worked out from its pile view and its rules:
 * the stock, the waste, the hole, the cells and the foundations in a band on top (the foundations right), the
 * tableau's piles below. The table offers several arrangements and the one with the largest cards wins: the
 * piles in one row, or two or three when there are many (Fan's eighteen on a phone); the top band whole, or the
 * foundations in a band of their own; Canfield's stacked reserve on top or left of the piles; the hole on top or
 * closing the last row of piles (Black Hole); a spread reserve (Flower Garden's sixteen) as a row of cards, whole
 * or overlapping so that each shows its corner; on a short wide screen, everything in one row.
 */

const of = (piles: readonly PileView[], kind: string) => piles.filter((p) => p.ref.kind === kind);
const items = (piles: readonly PileView[]): BandItem[] => piles.map((p) => ({ pile: p.ref }));

/** `list` in `rows` rows, the first rows the longer (nine and eight of seventeen). */
function rowsOf<T>(list: readonly T[], rows: number): T[][] {
  const size = Math.ceil(list.length / rows);
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** A band of two groups, the first left and the second right, or one group alone (centred). */
function leftRight(left: BandItem[], right: BandItem[]): Band[] {
  if (left.length === 0 && right.length === 0) return [];
  if (left.length === 0) return [{ items: right }];
  if (right.length === 0) return [{ items: left }];
  return [{ items: [...left, { space: 0.3, grow: true }, ...right] }];
}

/** A spread reserve as one row of cards, each covered by the next but for `advance` card widths. */
const overlapped = (reserve: readonly PileView[], advance: number): BandItem[] =>
  reserve.map((p, i) => (i < reserve.length - 1 ? { pile: p.ref, advance } : { pile: p.ref }));

/** Rows of a covering layout overlap: each starts this many card heights below the one above it. */
const COVERING_STEP = 0.5;

/**
 * A span of `halves` half-card steps (a card and its gap each two) as a space, the gap after it included, so
 * that piles placed by half steps line up in every band whatever the gap between piles.
 */
const halfSteps = (halves: number): BandItem[] =>
  halves <= 0 ? [] : [{ space: halves / 2, gaps: halves / 2 - 1 }];

/**
 * A covering layout (Pyramid, TriPeaks): a band a row, each row's piles at their columns (half-card steps), every
 * band as wide as the layout so that the columns line up; the rows overlap, each half a card below the one
 * above. The stock, the waste and the discard or hole go above the rows, below them, or beside the top rows
 * (the stock and the waste left, the discard or hole right: for a short, wide screen).
 */
function coveringArrangements(piles: readonly PileView[], rules: FamilyRules): Band[][] {
  const covering = rules.tableau.covering;
  if (!covering) return [];
  const cascades = of(piles, "cascade");
  const places = covering.places;
  const minCol = Math.min(...places.map(([, c]) => c));
  const maxCol = Math.max(...places.map(([, c]) => c));
  const rowCount = Math.max(...places.map(([r]) => r)) + 1;
  const left = [...of(piles, "stock"), ...of(piles, "waste")];
  const right = of(piles, "hole");
  const rows = (beside: boolean): Band[] =>
    Array.from({ length: rowCount }, (_, r) => {
      const inRow = cascades
        .map((view) => ({ view, column: places[view.ref.index]?.[1] ?? 0, row: places[view.ref.index]?.[0] }))
        .filter((x) => x.row === r)
        .sort((a, b) => a.column - b.column);
      const band: BandItem[] = [];
      // The stock and the waste beside the top row, stand-ins of their width beside the others.
      if (beside) band.push(...(r === 0 ? items(left) : left.map(() => ({ space: 1 }))), { space: 0.3 });
      let at = minCol;
      for (const { view, column } of inRow) {
        band.push(...halfSteps(column - at), { pile: view.ref });
        at = column + 2;
      }
      band.push(...halfSteps(maxCol + 2 - at));
      if (beside) band.push({ space: 0.3 }, ...(r === 0 ? items(right) : right.map(() => ({ space: 1 }))));
      return { items: band, ...(r < rowCount - 1 ? { step: COVERING_STEP } : {}) };
    });
  const talon = leftRight(items(left), items(right));
  return [[...rows(false), ...talon], [...talon, ...rows(false)], rows(true)];
}

type SpreadMode = "none" | "top" | "rows" | "overlap-top" | "overlap";

function arrangements(piles: readonly PileView[], rules: FamilyRules): Band[][] {
  const stock = of(piles, "stock");
  const waste = of(piles, "waste");
  const hole = of(piles, "hole");
  const cells = of(piles, "cell");
  const foundations = items(of(piles, "foundation"));
  const cascades = of(piles, "cascade");
  const reserve = of(piles, "reserve");
  const stacked = rules.reserve?.stacked === true ? reserve : [];
  const spread = rules.reserve?.stacked === true ? [] : reserve;

  const rowCounts = [1, ...(cascades.length >= 8 ? [2] : []), ...(cascades.length >= 12 ? [3] : [])];
  const reservePlaces: ("beside" | "top")[] = stacked.length > 0 ? ["beside", "top"] : ["top"];
  const spreadModes: SpreadMode[] = spread.length > 0 ? ["top", "rows", "overlap-top", "overlap"] : ["none"];
  const out: Band[][] = [];
  for (const rows of rowCounts) {
    const cascadeRows = rowsOf(cascades, rows);
    const last = cascadeRows[cascadeRows.length - 1] ?? [];
    // The hole may close the last row of piles when that row is the shorter.
    const holePlaces: ("top" | "below")[] =
      hole.length > 0 && cascadeRows.length > 1 && last.length < cascadeRows[0].length
        ? ["top", "below"]
        : ["top"];
    for (const reservePlace of reservePlaces)
      for (const holePlace of holePlaces)
        for (const spreadMode of spreadModes)
          for (const split of [false, true]) {
            const left = items([
              ...stock,
              ...waste,
              ...(holePlace === "top" ? hole : []),
              ...(reservePlace === "top" ? stacked : []),
              ...cells,
            ]);
            for (const advance of spreadMode.startsWith("overlap") ? [0.5, 0.34] : [1]) {
              const bands: Band[] = [];
              const topLeft =
                spreadMode === "top"
                  ? [...left, ...items(spread)]
                  : spreadMode === "overlap-top"
                    ? [...left, ...overlapped(spread, advance)]
                    : left;
              if (split) {
                if (topLeft.length === 0 || foundations.length === 0) continue;
                bands.push({ items: topLeft }, { items: foundations });
              } else bands.push(...leftRight(topLeft, foundations));
              if (spreadMode === "rows")
                for (const row of rowsOf(spread, 2)) bands.push({ items: items(row) });
              if (spreadMode === "overlap") bands.push({ items: overlapped(spread, advance) });
              cascadeRows.forEach((row, r) => {
                const band: BandItem[] = items(row);
                if (r === 0 && reservePlace === "beside" && stacked.length > 0)
                  band.unshift(...items(stacked), { space: 0.3 });
                if (r === cascadeRows.length - 1 && holePlace === "below") band.push(...items(hole));
                bands.push({ items: band });
              });
              out.push(bands);
            }
          }
  }
  // Short and wide (a phone held sideways): everything in one row, the piles between the stock and the foundations.
  if (cascades.length > 0 && spread.length === 0) {
    const before = items([...stock, ...waste, ...hole, ...stacked, ...cells]);
    out.push([
      {
        items: [
          ...before,
          ...(before.length > 0 ? [{ space: 0.3 }] : []),
          ...items(cascades),
          ...(foundations.length > 0 ? [{ space: 0.3 }] : []),
          ...foundations,
        ],
      },
    ]);
  }
  return out;
}

/**
 * The most a tableau pile may hold: where nothing builds, what it was dealt (one card in a space it may take);
 * else a run of the whole suit on its face-up cards, and one card more for each deal of a stock onto the piles.
 */
function reach(pile: PileView, piles: readonly PileView[], rules: FamilyRules) {
  const faceDown = pile.cards.filter((c) => !c.faceUp).length;
  const up = pile.cards.length - faceDown;
  if (rules.tableau.build === "none") return { faceDown, faceUp: Math.max(1, up) };
  const stock = of(piles, "stock")[0]?.cards.length ?? 0;
  const deals = rules.stock?.dealsTo === "piles" ? Math.ceil(stock / Math.max(1, rules.tableau.piles)) : 0;
  const run = rules.highestRank;
  const faceUp = Math.max(run, up + run - 1) + deals;
  return { faceDown, faceUp: Math.min(rules.decks * 4 * run, faceUp) };
}

/**
 * Gaps' places: a grid of rows (the places' keys start with their row's letter: "a1", "d13"), across as the game
 * is dealt, or turned a quarter (each row a column, each card covering the one above it but for its corner
 * index) for a phone held upright, as Montana's table is (web/src/games/montana/layout.ts).
 */
function gridArrangements(piles: readonly PileView[]): Band[][] {
  const byRow = new Map<string, PileView[]>();
  for (const p of of(piles, "place")) {
    const row = /^[a-z]+/.exec(p.key ?? "")?.[0] ?? "";
    byRow.set(row, [...(byRow.get(row) ?? []), p]);
  }
  const grid = [...byRow.values()].map((row) => [...row].sort((a, b) => a.ref.index - b.ref.index));
  const across: Band[] = grid.map((row) => ({ items: items(row) }));
  const columns = Math.max(...grid.map((row) => row.length));
  const turned: Band[] = Array.from({ length: columns }, (_, c) => ({
    items: grid.map((row) => (row[c] ? { pile: row[c].ref } : { space: 1 })),
    ...(c < columns - 1 ? { step: 0.34 } : {}),
  }));
  return [across, turned];
}

/**
 * The accordion's piles in reading order, wrapped into rows of the same length (the last row shorter): every
 * row length from 4 piles up is offered and the one with the largest cards wins (thirteen a row for 52 cards on
 * a laptop, seven on an upright phone, all eighteen of Knuth's in one row on a wide screen). As piles merge, the
 * piles to the right close up in reading order and the last places empty.
 */
function accordionArrangements(piles: readonly PileView[]): Band[][] {
  const row = of(piles, "accordion");
  const out: Band[][] = [];
  for (let perRow = Math.min(row.length, 4); perRow <= row.length; perRow++) {
    const rows = Math.ceil(row.length / perRow);
    // Only the shortest row for its number of rows (13 a row and 4 rows for 52 cards, not 14).
    if (perRow > 4 && Math.ceil(row.length / (perRow - 1)) === rows) continue;
    const bands: Band[] = [];
    for (let i = 0; i < row.length; i += perRow) {
      const part = items(row.slice(i, i + perRow));
      // The last row's piles stay in the columns of the rows above: spaces fill the rest of it.
      while (part.length < perRow) part.push({ space: 1 });
      bands.push({ items: part });
    }
    out.push(bands);
  }
  return out;
}

export function familyLayout(rules: FamilyRules): GameLayout {
  return {
    arrangements: (piles) =>
      rules.tableau.covering
        ? coveringArrangements(piles, rules)
        : rules.sequences
          ? gridArrangements(piles)
          : rules.accordion
            ? accordionArrangements(piles)
            : arrangements(piles, rules),
    // TriPeaks: a click plays a card to the hole (or turns the stock); Pyramid's clicks choose a pair. Gaps: a
    // click plays a card to the gap it can go to, or fills a gap (as Montana's).
    ...((rules.tableau.covering && rules.hole) || rules.sequences ? { clickMode: "quick" as const } : {}),
    reach: (pile, piles) => reach(pile, piles, rules),
    spread: (pile) => (pile.ref.kind === "waste" ? Math.max(1, Math.min(3, rules.stock?.draw ?? 1)) : 1),
    suitMarks: rules.foundations?.wholeSuits !== true,
    // The accordion shows only a pile's top card: a pile of more than one says how many it holds.
    ...(rules.accordion
      ? {
          pileNote: (_state: unknown, pile: PileView) =>
            pile.ref.kind === "accordion" && pile.cards.length > 1
              ? { text: `×${pile.cards.length}`, words: `its top card over ${pile.cards.length - 1} more` }
              : undefined,
        }
      : {}),
    // More rows, or everything in one, only for clearly larger cards; the accordion's rows and Gaps' grid by
    // the largest cards.
    margin: rules.accordion || rules.sequences ? 0 : 0.1,
  };
}
