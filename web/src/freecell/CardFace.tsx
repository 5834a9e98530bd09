import { memo } from "react";
import { type Card, isRed, rankOf, type Suit, suitOf } from "../../../src/cards/card.ts";

/** Suit shapes drawn in a 100 x 100 box, so no font needs to have the suit symbols. */
export function SuitShape({ suit }: { suit: Suit }) {
  switch (suit) {
    case 0:
      return (
        <g>
          <circle cx="50" cy="27" r="19" />
          <circle cx="27" cy="58" r="19" />
          <circle cx="73" cy="58" r="19" />
          <circle cx="50" cy="50" r="10" />
          <path d="M46 52 C46 72 40 86 30 96 L70 96 C60 86 54 72 54 52 Z" />
        </g>
      );
    case 1:
      return <path d="M50 2 C62 22 74 36 90 50 C74 64 62 78 50 98 C38 78 26 64 10 50 C26 36 38 22 50 2 Z" />;
    case 2:
      return (
        <path d="M50 92 C36 76 4 58 4 31 C4 14 16 5 29 5 C40 5 47 12 50 21 C53 12 60 5 71 5 C84 5 96 14 96 31 C96 58 64 76 50 92 Z" />
      );
    default:
      return (
        <path d="M50 3 C40 22 6 40 6 63 C6 77 17 85 29 85 C37 85 43 81 46 76 C45 86 40 93 31 97 L69 97 C60 93 55 86 54 76 C57 81 63 85 71 85 C83 85 94 77 94 63 C94 40 60 22 50 3 Z" />
      );
  }
}

const RANK_TEXT = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/** Pip centres (x, y) in the card's 100 x 140 box for ranks 2 to 10. */
const PIPS: Record<number, [number, number][]> = {
  2: [
    [50, 30],
    [50, 110],
  ],
  3: [
    [50, 30],
    [50, 70],
    [50, 110],
  ],
  4: [
    [32, 30],
    [68, 30],
    [32, 110],
    [68, 110],
  ],
  5: [
    [32, 30],
    [68, 30],
    [50, 70],
    [32, 110],
    [68, 110],
  ],
  6: [
    [32, 30],
    [68, 30],
    [32, 70],
    [68, 70],
    [32, 110],
    [68, 110],
  ],
  7: [
    [32, 30],
    [68, 30],
    [50, 50],
    [32, 70],
    [68, 70],
    [32, 110],
    [68, 110],
  ],
  8: [
    [32, 30],
    [68, 30],
    [50, 50],
    [32, 70],
    [68, 70],
    [50, 90],
    [32, 110],
    [68, 110],
  ],
  9: [
    [32, 30],
    [68, 30],
    [32, 56],
    [68, 56],
    [50, 70],
    [32, 84],
    [68, 84],
    [32, 110],
    [68, 110],
  ],
  10: [
    [32, 30],
    [68, 30],
    [50, 43],
    [32, 56],
    [68, 56],
    [32, 84],
    [68, 84],
    [50, 97],
    [32, 110],
    [68, 110],
  ],
};

function Pip({ x, y, size, suit }: { x: number; y: number; size: number; suit: Suit }) {
  const s = size / 100;
  const flip = y > 72;
  const transform = flip
    ? `translate(${x + size / 2} ${y + size / 2}) rotate(180) scale(${s})`
    : `translate(${x - size / 2} ${y - size / 2}) scale(${s})`;
  return (
    <g transform={transform}>
      <SuitShape suit={suit} />
    </g>
  );
}

function Centre({ rank, suit }: { rank: number; suit: Suit }) {
  if (rank === 1) return <Pip x={50} y={72} size={suit === 3 ? 48 : 40} suit={suit} />;
  if (rank <= 10) {
    return (
      <g>
        {PIPS[rank].map(([x, y]) => (
          <Pip key={`${x}-${y}`} x={x} y={y} size={rank >= 9 ? 17 : 19} suit={suit} />
        ))}
      </g>
    );
  }
  const letter = RANK_TEXT[rank - 1];
  return (
    <g>
      <rect className="face-frame" x="18" y="40" width="64" height="80" rx="6" />
      <Pip x={50} y={64} size={26} suit={suit} />
      <text className="face-letter" x="50" y="110" textAnchor="middle">
        {letter}
      </text>
    </g>
  );
}

/** A card face drawn by the app: corner indices large enough to read in a fanned cascade. */
export const CardFace = memo(function CardFace({ card }: { card: Card }) {
  const rank = rankOf(card);
  const suit = suitOf(card);
  const text = RANK_TEXT[rank - 1];
  return (
    <svg
      className={`card-face ${isRed(card) ? "red" : "black"}`}
      viewBox="0 0 100 140"
      aria-hidden="true"
      focusable="false"
    >
      <rect className="card-bg" x="1" y="1" width="98" height="138" rx="8" />
      <text className={`corner-rank${text.length > 1 ? " wide" : ""}`} x="5" y="25">
        {text}
      </text>
      <g transform="translate(74 6) scale(0.21)">
        <SuitShape suit={suit} />
      </g>
      <Centre rank={rank} suit={suit} />
      <g transform="rotate(180 50 70)">
        <text className={`corner-rank small${text.length > 1 ? " wide" : ""}`} x="6" y="20">
          {text}
        </text>
      </g>
    </svg>
  );
});
