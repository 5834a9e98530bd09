import { memo } from "react";
import { type Card, isRed, rankOf, type Suit, suitOf } from "../../../src/cards/card.ts";
import type { CardBack } from "../settings.ts";

/**
 * Card faces and backs, drawn by the app as SVG (nothing is fetched): suit shapes in a 100 x 100 box, pips in
 * the classic places, and court cards with a double-headed figure (king, queen, jack) in the suit's colours.
 */

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
    [50, 32],
    [50, 108],
  ],
  3: [
    [50, 32],
    [50, 70],
    [50, 108],
  ],
  4: [
    [33, 32],
    [67, 32],
    [33, 108],
    [67, 108],
  ],
  5: [
    [33, 32],
    [67, 32],
    [50, 70],
    [33, 108],
    [67, 108],
  ],
  6: [
    [33, 32],
    [67, 32],
    [33, 70],
    [67, 70],
    [33, 108],
    [67, 108],
  ],
  7: [
    [33, 32],
    [67, 32],
    [50, 51],
    [33, 70],
    [67, 70],
    [33, 108],
    [67, 108],
  ],
  8: [
    [33, 32],
    [67, 32],
    [50, 51],
    [33, 70],
    [67, 70],
    [50, 89],
    [33, 108],
    [67, 108],
  ],
  9: [
    [33, 32],
    [67, 32],
    [33, 57],
    [67, 57],
    [50, 70],
    [33, 83],
    [67, 83],
    [33, 108],
    [67, 108],
  ],
  10: [
    [33, 32],
    [67, 32],
    [50, 45],
    [33, 57],
    [67, 57],
    [33, 83],
    [67, 83],
    [50, 95],
    [33, 108],
    [67, 108],
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

/** Colours of the court figures: the suit's ink, and a second colour for the robes. */
const SKIN = "#f3d2a8";
const GOLD = "#e2b133";
const BLUE = "#2f5fae";
const WHITE = "#fbf7ea";
const LINE = "#2a2118";

/**
 * Half of a court figure, head at the top, waist on the card's middle line (y = 70), drawn for the frame
 * x 24..76; the other half is the same turned round. King: a pointed crown, beard, ermine and a sword; queen: a
 * rounded crown, long hair and a flower; jack: a feathered cap, a moustache and a halberd.
 */
function CourtHalf({ rank, suit }: { rank: number; suit: Suit }) {
  const red = suit === 1 || suit === 2;
  const ink = red ? "#c62828" : "#1c2024";
  const robe = red ? ink : BLUE;
  const trim = red ? BLUE : "#c62828";
  const hair = rank === 12 ? "#d9a441" : "#7a4a22";
  const line = { stroke: LINE, strokeWidth: 0.6, strokeLinejoin: "round" as const };
  return (
    <g>
      {/* Robe, with a sash and the collar */}
      <path d="M24 70 L24 61 C28 53 36 50 43 49 L57 49 C64 50 72 53 76 61 L76 70 Z" fill={robe} {...line} />
      <path d="M26 58 L74 69 L74 64 L29 54 Z" fill={GOLD} {...line} />
      <path
        d="M30 57 l3 1 M38 59 l3 0.8 M46 60.8 l3 0.7 M54 62.6 l3 0.7 M62 64.4 l3 0.7"
        stroke={trim}
        strokeWidth="1.6"
      />
      <path d="M42 49 L50 62 L58 49 Z" fill={rank === 13 ? WHITE : trim} {...line} />
      {rank === 13 && (
        <g fill={LINE}>
          <rect x="45.5" y="51" width="1.4" height="2.6" />
          <rect x="52.8" y="51" width="1.4" height="2.6" />
          <rect x="49.2" y="55" width="1.4" height="2.6" />
        </g>
      )}
      {/* Hair behind the head */}
      {rank === 12 && (
        <path d="M38 50 C35 40 37 27 50 26 C63 27 65 40 62 50 C58 47 42 47 38 50 Z" fill={hair} {...line} />
      )}
      {/* Neck and face */}
      <path d="M46.5 43 L53.5 43 L53.5 50 L46.5 50 Z" fill={SKIN} {...line} />
      <ellipse cx="50" cy="36" rx="9" ry="10.5" fill={SKIN} {...line} />
      <path d="M45 33.2 q1.6 -1 3.2 0 M51.8 33.2 q1.6 -1 3.2 0" fill="none" stroke={LINE} strokeWidth="0.7" />
      <circle cx="46.6" cy="35" r="0.9" fill={LINE} />
      <circle cx="53.4" cy="35" r="0.9" fill={LINE} />
      <path d="M50 36 L48.8 39.6 L50.8 39.8" fill="none" stroke={LINE} strokeWidth="0.55" />
      <path d="M47.4 42.2 Q50 43.6 52.6 42.2" fill="none" stroke="#a3372f" strokeWidth="0.9" />
      {rank === 13 && (
        <path
          d="M41.2 37 C41 46 45 50.5 50 50.5 C55 50.5 59 46 58.8 37 C57.5 41.5 54.5 43.5 50 43.5 C45.5 43.5 42.5 41.5 41.2 37 Z"
          fill={hair}
          {...line}
        />
      )}
      {rank === 11 && (
        <g>
          <path d="M45.6 41.2 Q50 39.6 54.4 41.2" fill="none" stroke={hair} strokeWidth="1.4" />
          <path
            d="M41 38 C40 31 43 28 46 27.5 L46 33 C44 34 42.5 36 41 38 Z M59 38 C60 31 57 28 54 27.5 L54 33 C56 34 57.5 36 59 38 Z"
            fill={hair}
            {...line}
          />
        </g>
      )}
      {/* Headwear */}
      {rank === 13 && (
        <g>
          <path d="M40.5 28 L40 15.5 L45 21 L50 13.5 L55 21 L60 15.5 L59.5 28 Z" fill={GOLD} {...line} />
          <path d="M40.4 25 L59.6 25" stroke={LINE} strokeWidth="0.5" />
          <circle cx="50" cy="21.5" r="1.7" fill={trim} />
          <circle cx="44" cy="22.5" r="1.2" fill={robe} />
          <circle cx="56" cy="22.5" r="1.2" fill={robe} />
        </g>
      )}
      {rank === 12 && (
        <g>
          <path d="M41.5 28 C41.5 21 45 18.5 50 18.5 C55 18.5 58.5 21 58.5 28 Z" fill={GOLD} {...line} />
          <path d="M50 18.5 L50 14.5 M48.2 16.3 L51.8 16.3" stroke={GOLD} strokeWidth="1.4" />
          <circle cx="45.5" cy="24.5" r="1.3" fill={trim} />
          <circle cx="50" cy="23.5" r="1.5" fill={robe} />
          <circle cx="54.5" cy="24.5" r="1.3" fill={trim} />
        </g>
      )}
      {rank === 11 && (
        <g>
          <path d="M39 28.5 C39.5 21 45 18.5 51 18.5 C58 18.5 62.5 22 62 28.5 Z" fill={robe} {...line} />
          <path d="M39 28.5 L62 28.5" stroke={GOLD} strokeWidth="2.2" />
          <path d="M57.5 21 C62 13 68 12 72 14.5 C66.5 15 62 18 59.5 23.5 Z" fill={WHITE} {...line} />
        </g>
      )}
      {/* What each holds */}
      {rank === 13 && (
        <g>
          <path d="M70 19 L70 60" stroke="#8d98a3" strokeWidth="2.4" />
          <path d="M70 19 L70 60" stroke="#e6ebef" strokeWidth="0.8" />
          <path d="M65.5 57.5 L74.5 57.5" stroke={GOLD} strokeWidth="2.4" />
          <circle cx="70" cy="62.5" r="2" fill={GOLD} {...line} />
        </g>
      )}
      {rank === 12 && (
        <g>
          <path d="M30 66 C31 58 30 50 31 42" fill="none" stroke="#3d7a36" strokeWidth="1.3" />
          <path d="M31 53 C27 51 26 48 27 46 C30 47 31 50 31 53 Z" fill="#3d7a36" />
          <circle cx="31" cy="39.5" r="3.4" fill={trim} {...line} />
          <circle cx="31" cy="39.5" r="1.3" fill={GOLD} />
        </g>
      )}
      {rank === 11 && (
        <g>
          <path d="M30 67 L30 18" stroke="#7a4a22" strokeWidth="1.6" />
          <path d="M30 19 L25 25 L30 29.5 L30 19 Z" fill="#8d98a3" {...line} />
          <path d="M30 15 L31.4 19 L28.6 19 Z" fill="#8d98a3" {...line} />
        </g>
      )}
    </g>
  );
}

function Court({ rank, suit }: { rank: number; suit: Suit }) {
  const clip = `court-${rank}-${suit}`;
  return (
    <g>
      <rect className="court-frame" x="24" y="15" width="52" height="110" rx="3" />
      <clipPath id={clip}>
        <rect x="24" y="15" width="52" height="110" rx="3" />
      </clipPath>
      <g clipPath={`url(#${clip})`}>
        <CourtHalf rank={rank} suit={suit} />
        <g transform="rotate(180 50 70)">
          <CourtHalf rank={rank} suit={suit} />
        </g>
        <path d="M24 70 L76 70" stroke={LINE} strokeWidth="0.6" />
      </g>
      <rect className="court-line" x="24" y="15" width="52" height="110" rx="3" />
      <Pip x={29.5} y={21} size={8} suit={suit} />
      <Pip x={70.5} y={119} size={8} suit={suit} />
    </g>
  );
}

function Centre({ rank, suit }: { rank: number; suit: Suit }) {
  if (rank === 1) return <Pip x={50} y={70} size={suit === 3 ? 50 : 42} suit={suit} />;
  if (rank <= 10) {
    return (
      <g>
        {PIPS[rank].map(([x, y]) => (
          <Pip key={`${x}-${y}`} x={x} y={y} size={rank >= 9 ? 17 : 19} suit={suit} />
        ))}
      </g>
    );
  }
  return <Court rank={rank} suit={suit} />;
}

/**
 * A card face: corner indices large enough to read in a fanned pile (the rank, the suit under it and at the top
 * right), then pips or a court figure. Its class names the suit, for the four-colour deck.
 */
export const CardFace = memo(function CardFace({ card }: { card: Card }) {
  const rank = rankOf(card);
  const suit = suitOf(card);
  const text = RANK_TEXT[rank - 1];
  return (
    <svg
      className={`card-face ${isRed(card) ? "red" : "black"} suit-${suit}`}
      viewBox="0 0 100 140"
      aria-hidden="true"
      focusable="false"
    >
      <rect className="card-bg" x="1" y="1" width="98" height="138" rx="8" />
      <text className={`corner-rank${text.length > 1 ? " wide" : ""}`} x="5" y="24">
        {text}
      </text>
      <g transform="translate(75 5) scale(0.2)">
        <SuitShape suit={suit} />
      </g>
      {/* The suit under the rank too: a card fanned right (the draw-three waste) shows only its left edge. */}
      <g transform="translate(4.5 28) scale(0.16)">
        <SuitShape suit={suit} />
      </g>
      <Centre rank={rank} suit={suit} />
      <g transform="rotate(180 50 70)">
        <text className={`corner-rank small${text.length > 1 ? " wide" : ""}`} x="5" y="20">
          {text}
        </text>
      </g>
    </svg>
  );
});

const BACK_COLOURS: Record<CardBack, [string, string]> = {
  blue: ["#1f4e9c", "#6f9be0"],
  red: ["#a51d2d", "#ec8a8a"],
  green: ["#1f6b3a", "#7fc495"],
  black: ["#23262b", "#8b939c"],
};

/** The backs' patterns, defined once on the page (each back refers to its own by id). */
export function CardBackDefs() {
  return (
    <svg className="card-defs" width="0" height="0" aria-hidden="true" focusable="false">
      <defs>
        {Object.entries(BACK_COLOURS).map(([name, [deep, light]]) => (
          <pattern
            key={name}
            id={`tsol-back-${name}`}
            width="10"
            height="10"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="10" height="10" fill={deep} />
            <path d="M0 5 H10 M5 0 V10" stroke={light} strokeWidth="1.3" />
          </pattern>
        ))}
      </defs>
    </svg>
  );
}

/** A card's back: a lattice in the chosen colour inside a white border. */
export const CardBackFace = memo(function CardBackFace({ back }: { back: CardBack }) {
  const [deep, light] = BACK_COLOURS[back];
  return (
    <svg className="card-back" viewBox="0 0 100 140" aria-hidden="true" focusable="false">
      <rect
        x="1"
        y="1"
        width="98"
        height="138"
        rx="8"
        fill="#fbfaf6"
        stroke="rgba(0,0,0,.3)"
        strokeWidth="0.8"
      />
      <rect x="7" y="7" width="86" height="126" rx="5" fill={`url(#tsol-back-${back})`} />
      <rect x="7" y="7" width="86" height="126" rx="5" fill="none" stroke={light} strokeWidth="1.5" />
      <circle cx="50" cy="70" r="13" fill={deep} stroke={light} strokeWidth="1.5" />
      <path d="M50 61 L57 70 L50 79 L43 70 Z" fill={light} />
    </svg>
  );
});
