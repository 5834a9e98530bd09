import { formatCard, RANK_NAMES, SUIT_NAMES } from "../../cards/card.ts";
import { dealFamily } from "./deal.ts";
import { aRank, matchesWords, movesWords, ROW_LETTERS, rowLengthOf, rowSuit } from "./engine.ts";
import { type Build, deckSize, type FamilyRules } from "./rules.ts";

/**
 * Any family rules in words, for `tsol games`, help screens and docs/family.md: what is dealt where, how the piles
 * build, what fills a space, which groups move, and how the game is won. Written from the rules, so the words
 * can never disagree with the game played.
 */

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function buildWords(build: Build): string {
  switch (build) {
    case "alternate-colours":
      return "down in alternating colours";
    case "suit":
      return "down in suit";
    case "any-suit":
      return "down regardless of suit";
    default:
      return "";
  }
}

/** Gaps in words: the goal, the deal, what a gap takes. */
function sequenceWords(rules: FamilyRules, deck: string): string[] {
  const seq = rules.sequences;
  if (!seq) return [];
  const king = RANK_NAMES[rules.highestRank - 1];
  const up = seq.build === "none" ? "" : ` ${buildWords(seq.build).replace("down ", "")}`;
  const gapEnd = { left: "at its right end", right: "at its left end", both: "at either end" }[seq.direction];
  const lengths = [...new Set(Array.from({ length: seq.rows }, (_, r) => rowLengthOf(rules, r)))];
  const aces = deckSize(rules) / rules.highestRank;
  const out = [
    `Run each of the ${seq.rows} rows from a 2 up to the ${king}${up}, left to right, with its gap ${gapEnd} (${deck}).`,
    `The deal: ${seq.rows} rows of ${lengths.join(" and ")} places, the aces taken out to leave ${aces} gaps.`,
  ];
  const suits = Array.from(
    { length: Math.min(4, seq.rows) },
    (_, r) => `${ROW_LETTERS[r]} ${SUIT_NAMES[rowSuit(r)]}`,
  );
  const heads = (rank: string) =>
    seq.fixedSuits
      ? `its row's ${rank} (rows ${suits.join(", ")}${seq.rows > 4 ? ", and so on" : ""}), wherever it lies`
      : `any ${rank}`;
  const above = seq.build === "none" ? "nothing" : `the card one rank above the card on its left${up}`;
  const below = seq.build === "none" ? "nothing" : `the card one rank below the card on its right${up}`;
  if (seq.direction === "left")
    out.push(
      `A gap takes ${above}; a gap in the first column takes ${heads("2")}. Nothing goes after ${aRank(rules.highestRank)} or a gap.`,
    );
  else if (seq.direction === "right")
    out.push(
      `A gap takes ${below}; a gap in the last column takes ${heads(king)}. Nothing goes before a 2 or a gap.`,
    );
  else
    out.push(
      `A gap takes ${above} (in the first column ${heads("2")}), or ${below} (in the last column ${heads(king)}).`,
    );
  return out;
}

/** The accordion in words: the goal, the deal, which piles move. */
function accordionWords(rules: FamilyRules, deck: string): string[] {
  const acc = rules.accordion;
  if (!acc) return [];
  const rest = deckSize(rules) - acc.size;
  return [
    `Gather the cards into one pile (${deck}).`,
    `The deal: ${plural(acc.size, "card")} in a row, each a pile${rest > 0 ? `; the other ${rest} cards are out of the game` : ""}.`,
    `A pile moves whole ${movesWords(acc)} when their top cards match: ${matchesWords(acc)}.`,
  ];
}

export function describeRules(rules: FamilyRules): string {
  const out: string[] = [];
  const t = rules.tableau;
  const suits = rules.suits ?? 4;
  const deck =
    suits !== 4
      ? `${rules.decks === 2 ? "two decks" : "one deck"} of ${suits === 1 ? "spades only" : "spades and hearts only"}, each card ${(rules.decks * 4) / suits} times`
      : rules.decks === 2
        ? "two decks"
        : rules.highestRank < 13
          ? `a deck of ${rules.highestRank * 4} cards (ace to ${RANK_NAMES[rules.highestRank - 1]})`
          : "one deck";
  const f = rules.foundations;
  const cleared = `Clear the ${plural(t.piles, "card")} of the table`;
  if (rules.pairs) {
    const n = rules.pairs.total;
    out.push(
      `${cleared}: free cards go out in pairs whose ranks add up to ${n} (ace 1, jack 11, queen 12, king 13), ${aRank(n)} alone (${deck}).`,
    );
  } else if (rules.goal === "clear-tableau" && rules.hole)
    out.push(
      `${cleared} into the hole, each one rank above or below the card on top${rules.hole.wraps ? " (king and ace meet)" : ""} (${deck}).`,
    );
  else if (f?.wholeSuits)
    out.push(
      `Build ${plural(4 * rules.decks, "whole suit")} on the piles, king down to ace, and move each home when it is complete (${deck}).`,
    );
  else if (f)
    out.push(
      `Move every card to the ${4 * rules.decks} foundations, built up in suit from ${f.base === "random" ? "the rank of the card dealt to the first one, turning the corner from king to ace" : `the ${RANK_NAMES[f.base - 1]}`} (${deck}).`,
    );
  else if (rules.hole)
    out.push(
      `Move every card into the hole, each one rank above or below the card on top${rules.hole.wraps ? " (king and ace meet)" : ""} (${deck}).`,
    );
  else if (rules.sequences) out.push(...sequenceWords(rules, deck));
  else if (rules.accordion) out.push(...accordionWords(rules, deck));
  const dealt: string[] = [];
  if (t.piles > 0) {
    // Every deal has the same shape: the sizes of deal 0's piles are those of every deal.
    const sizes = dealFamily(rules, 0).tableau.map((p) => p.length);
    const distinct = [...new Set(sizes)].sort((a, b) => a - b);
    const shape =
      distinct.length === 1
        ? `${plural(t.piles, "pile")} of ${plural(distinct[0], "card")}`
        : distinct.length === 2
          ? `${t.piles} piles of ${distinct[1]} and ${distinct[0]} cards`
          : `${t.piles} piles of ${distinct[0]} to ${distinct[distinct.length - 1]} cards`;
    const layout = t.layout;
    const covering = t.covering;
    if (covering) {
      const rows: number[] = [];
      for (const [r] of covering.places) rows[r] = (rows[r] ?? 0) + 1;
      const counts = rows.map((n) => n ?? 0);
      const triangle = counts.every((n, r) => n === r + 1);
      dealt.push(
        `${plural(t.piles, "card")} in ${counts.length} overlapping rows of ${triangle ? `1 to ${counts.length} cards (a pyramid)` : `${counts.slice(0, -1).join(", ")} and ${counts[counts.length - 1]} cards`}, each card covered by the cards of the row below that overlap it and free when they are gone${covering.hidden ? "; a covered card lies face down until it is freed" : ", all face up"}`,
      );
    } else {
      const faces = layout
        ? layout.down.every((n) => n === 0)
          ? ", all face up"
          : `, face down + face up: ${layout.down.map((n, i) => `${n} + ${layout.up[i]}`).join(", ")}`
        : t.faceDown
          ? ", only the top card face up"
          : "";
      dealt.push(`${shape}${faces}`);
    }
  }
  if (f?.start === "all")
    dealt.push(
      `the ${f.base === "random" ? "base cards" : `${RANK_NAMES[(f.base as number) - 1]}s`} on the foundations`,
    );
  if (f?.start === "one") dealt.push("one card on its foundation, whose rank every foundation starts from");
  if (rules.hole)
    dealt.push(
      rules.hole.base === "random"
        ? "one card in the hole"
        : `the ${formatCard(rules.hole.base)} in the hole`,
    );
  if (rules.cells.count > 0)
    dealt.push(
      `${plural(rules.cells.count, "free cell")}${rules.cells.filled > 0 ? `, ${rules.cells.filled} of them dealt a card` : ""}`,
    );
  if (rules.reserve)
    dealt.push(
      rules.reserve.stacked
        ? `a reserve of ${rules.reserve.size} cards in one pile, its top card in play`
        : `a reserve of ${rules.reserve.size} cards spread out, each in play`,
    );
  if (rules.stock) dealt.push(`a stock of ${rules.stock.size} cards`);
  if (dealt.length > 0) out.push(`The deal: ${dealt.join("; ")}.`);
  if (t.piles > 0) {
    if (t.covering) {
      // Said with the deal: a covering layout's cards only leave it.
    } else if (t.build === "none") out.push("Nothing builds on the piles: cards only leave them.");
    else {
      let groups = "";
      const groupBuild = t.groupBuild === "as-built" ? "" : ` when built ${buildWords(t.groupBuild)}`;
      switch (t.groups) {
        case "none":
          groups = "one card moves at a time";
          break;
        case "any":
          groups = t.unbuilt
            ? "any face-up card moves with all the cards above it, built or not"
            : `any built group moves as one${groupBuild}`;
          break;
        case "whole-pile":
          groups = "only a whole pile moves, when it is one built group";
          break;
        case "maximal":
          groups = "only the whole group on top of a pile moves";
          break;
        case "to-uncover":
          groups =
            "a built group moves as one, and part of one only when the card it uncovers can then go home";
          break;
      }
      out.push(`Piles build ${buildWords(t.build)}; ${groups}.`);
      const spaces: Record<string, string> = {
        any: "Any card fills an empty pile.",
        kings:
          t.groups === "none"
            ? `Only a ${RANK_NAMES[rules.highestRank - 1]} fills an empty pile.`
            : t.unbuilt
              ? `Only a ${RANK_NAMES[rules.highestRank - 1]}, with any cards above it, fills an empty pile.`
              : `Only a ${RANK_NAMES[rules.highestRank - 1]}, or a group headed by one, fills an empty pile.`,
        none: "An empty pile stays empty.",
        "reserve-then-any":
          "An empty pile is filled at once from the reserve; once the reserve is gone, by any card.",
        "reserve-then-waste":
          "An empty pile is filled at once from the reserve; once the reserve is gone, only from the waste, and until then nothing else moves onto the piles.",
        "waste-then-stock":
          "An empty pile is filled at once from the waste, or from the stock when the waste is empty.",
      };
      out.push(spaces[t.spaces]);
    }
  }
  if (f?.removable) out.push("Cards may come back off the foundations.");
  const s = rules.stock;
  if (s) {
    const limit = s.redealLimit;
    const redeal = !s.redeals
      ? "there is no redeal"
      : limit === undefined
        ? "the waste turns over into the stock as often as you like"
        : `the waste turns over into the stock ${limit === 1 ? "once" : limit === 2 ? "twice" : `${limit} times`} at most (${limit + 1} passes)`;
    if (s.dealsTo === "waste")
      out.push(
        s.topInPlay
          ? `The stock turns ${plural(s.draw, "card")} at a time onto the waste; the stock's top card, face up, and the waste's are in play; ${redeal}.`
          : `The stock turns ${plural(s.draw, "card")} at a time onto the waste, whose top card is in play; ${redeal}.`,
      );
    else if (s.dealsTo === "piles")
      out.push(
        s.size < t.piles
          ? `The stock deals its ${s.size} cards at once, one onto each of the first ${s.size} piles.`
          : "The stock deals one card onto every pile at a time.",
      );
    if (s.dealsTo === "piles" && s.fullPiles) out.push("It deals only when no pile is empty.");
    else if (s.dealsTo === "hole")
      out.push("The stock's top card goes to the hole at a time; there is no redeal.");
  }
  return out.join(" ");
}
