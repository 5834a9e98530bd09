import {
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { type Card, cardName, formatCard, rankOf, type Suit } from "../../../src/cards/card.ts";
import { CELL_LETTERS, type Move, type Place } from "../../../src/games/freecell/rules.ts";
import { CardFace, SuitShape } from "./CardFace.tsx";
import type { FreeCellController } from "./controller.ts";
import { type BoardLayout, computeLayout, dropTarget } from "./layout.ts";
import { pickable, placeId, samePlace } from "./moves.ts";

const SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"];

export function placeLabel(place: Place): string {
  if (place.kind === "cascade") return `cascade ${place.index + 1}`;
  if (place.kind === "cell") return `free cell ${CELL_LETTERS[place.index]}`;
  return `${SUIT_NAMES[place.index]} foundation`;
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  from: Place;
  cards: Card[];
  active: boolean;
  dx: number;
  dy: number;
}

/** Marks for the hint: where each shown move starts and ends. */
function hintMarks(moves: readonly Move[], stateCards: (p: Place, count: number) => Card[]) {
  const from = new Set<Card>();
  const to = new Set<string>();
  for (const m of moves) {
    for (const c of stateCards(m.from, m.count).slice(0, 1)) from.add(c);
    to.add(placeId(m.to));
  }
  return { from, to };
}

export function Board({ controller, animate }: { controller: FreeCellController; animate: boolean }) {
  const state = controller.state;
  const wrapRef = useRef<HTMLDivElement>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const cardEls = useRef(new Map<Card, HTMLDivElement>());
  const lastPos = useRef(new Map<Card, { x: number; y: number }>());
  const lastMetrics = useRef("");
  const lastSeq = useRef(-1);
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const [, setTick] = useState(0);

  useLayoutEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    // Room for the board: the wrapper less its padding and a little air below the cascades.
    const measure = () => setSize({ w: el.clientWidth - 8, h: el.clientHeight - 14 });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const layout = computeLayout(state, size.w || 800, size.h || 600);
  const layoutRef = useRef(layout);
  layoutRef.current = layout;

  // Cards glide from where they were to where they are (FLIP with the Web Animations API).
  useLayoutEffect(() => {
    const metrics = `${layout.cardW}x${layout.width}`;
    const resized = metrics !== lastMetrics.current;
    lastMetrics.current = metrics;
    const change = controller.change;
    const fresh = change.seq !== lastSeq.current;
    lastSeq.current = change.seq;
    const autoDelay = new Map<Card, number>();
    if (fresh && change.kind === "play") {
      change.auto.forEach((c, i) => {
        autoDelay.set(c, 140 + i * 90);
      });
    }
    const dealing = fresh && change.kind === "deal" && !resized;
    for (const [c, pos] of layout.cards) {
      const el = cardEls.current.get(c);
      const before = lastPos.current.get(c);
      lastPos.current.set(c, { x: pos.x, y: pos.y });
      if (!el || !animate || resized || typeof el.animate !== "function") continue;
      if (dealing) {
        const dx = layout.width / 2 - layout.cardW / 2 - pos.x;
        const dy = -layout.cardH - pos.y;
        el.animate(
          [
            { transform: `translate(${dx}px, ${dy}px) rotate(-8deg)`, opacity: 0 },
            { transform: "none", opacity: 1 },
          ],
          {
            duration: 320,
            delay: (pos.index * 8 + (pos.place.index % 8)) * 12,
            easing: "cubic-bezier(.2,.7,.3,1)",
            fill: "backwards",
          },
        );
        continue;
      }
      if (!before || (before.x === pos.x && before.y === pos.y)) continue;
      for (const a of el.getAnimations()) a.cancel();
      el.animate(
        [
          { transform: `translate(${before.x - pos.x}px, ${before.y - pos.y}px)`, zIndex: 500 },
          { transform: "none", zIndex: 500 },
        ],
        {
          duration: 200,
          delay: autoDelay.get(c) ?? 0,
          easing: "cubic-bezier(.25,.8,.35,1)",
          fill: "backwards",
        },
      );
    }
  });

  // Dragging: the pointer carries the run; on release the engine decides.
  useEffect(() => {
    const move = (e: PointerEvent) => {
      const d = drag.current;
      if (!d || e.pointerId !== d.pointerId) return;
      d.dx = e.clientX - d.startX;
      d.dy = e.clientY - d.startY;
      if (!d.active && Math.hypot(d.dx, d.dy) > 6) {
        d.active = true;
        controller.cancel();
        for (const c of d.cards) cardEls.current.get(c)?.classList.add("dragging");
      }
      if (!d.active) return;
      for (const c of d.cards) {
        const el = cardEls.current.get(c);
        if (el) el.style.transform = `translate(${d.dx}px, ${d.dy}px)`;
      }
    };
    const end = (e: PointerEvent) => {
      const d = drag.current;
      if (!d || e.pointerId !== d.pointerId) return;
      drag.current = null;
      if (!d.active) return;
      suppressClick.current = true;
      setTimeout(() => {
        suppressClick.current = false;
      }, 0);
      const lay = layoutRef.current;
      for (const c of d.cards) {
        const el = cardEls.current.get(c);
        const pos = lay.cards.get(c);
        if (el) {
          el.classList.remove("dragging");
          el.style.transform = "";
        }
        if (pos) lastPos.current.set(c, { x: pos.x + d.dx, y: pos.y + d.dy });
      }
      const base = lay.cards.get(d.cards[0]);
      const target =
        e.type === "pointerup" && base
          ? dropTarget(lay, { x: base.x + d.dx, y: base.y + d.dy, w: lay.cardW, h: lay.cardH })
          : undefined;
      if (target && !samePlace(target, d.from)) controller.tryMove(d.from, target, d.cards.length);
      setTick((t) => t + 1);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
    return () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
    };
  }, [controller]);

  const cardsOf = (p: Place, count: number): Card[] => {
    if (p.kind === "cascade") return state.cascades[p.index].slice(-count);
    if (p.kind === "cell") return state.cells[p.index] === null ? [] : [state.cells[p.index] as Card];
    const rank = state.foundations[p.index];
    return rank > 0 ? [(rank - 1) * 4 + p.index] : [];
  };

  const hint = controller.hint;
  const shown: Move[] = hint?.stage === "all" ? hint.moves : [];
  const marks = hintMarks(shown, cardsOf);
  const best = hint?.stage === "best" && hint.move ? hint.move : null;
  const bestFrom = new Set(best ? cardsOf(best.from, best.count) : []);
  const bestTo = best ? placeId(best.to) : "";
  const selected = new Set(
    controller.selection ? cardsOf(controller.selection.from, controller.selection.count) : [],
  );
  const selectedFrom = controller.selection ? placeId(controller.selection.from) : "";

  const onPointerDown = (e: ReactPointerEvent, place: Place, index: number, card: Card) => {
    if (e.button !== 0 || controller.dealing) return;
    let count = 0;
    if (place.kind === "cascade") count = pickable(state, place.index, index);
    else if (place.kind === "cell") count = 1;
    else if (state.rules.fromFoundation) count = 1;
    if (count === 0) return;
    const cards = place.kind === "cascade" ? state.cascades[place.index].slice(index) : [card];
    drag.current = {
      pointerId: e.pointerId,
      startX: e.clientX,
      startY: e.clientY,
      from: place,
      cards,
      active: false,
      dx: 0,
      dy: 0,
    };
  };

  const activate = (e: KeyboardEvent, action: () => void) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      action();
    }
  };

  const slots: { place: Place; rect: { x: number; y: number }; label: string; suit?: Suit }[] = [
    ...layout.cells.map((r, i) => {
      const place: Place = { kind: "cell", index: i };
      const c = state.cells[i];
      return {
        place,
        rect: r,
        label: `${placeLabel(place)}, ${c === null ? "empty" : `holding the ${cardName(c)}`}`,
      };
    }),
    ...layout.foundations.map((r, i) => {
      const place: Place = { kind: "foundation", index: i };
      const rank = state.foundations[i];
      return {
        place,
        rect: r,
        suit: i as Suit,
        label: `${placeLabel(place)}, ${rank === 0 ? "empty" : `up to the ${cardName((rank - 1) * 4 + i)}`}`,
      };
    }),
    ...layout.cascades.map((r, i) => {
      const place: Place = { kind: "cascade", index: i };
      const n = state.cascades[i].length;
      return {
        place,
        rect: r,
        label: `${placeLabel(place)}, ${n === 0 ? "empty" : `${n} card${n === 1 ? "" : "s"}`}`,
      };
    }),
  ];

  const renderCard = (c: Card) => {
    const pos = layout.cards.get(c);
    if (!pos) return null;
    const { place, index } = pos;
    const onFoundation = place.kind === "foundation";
    const isTopOfFoundation = onFoundation && state.foundations[place.index] === rankOf(c);
    const classes = ["card"];
    if (selected.has(c)) classes.push("selected");
    if (marks.from.has(c)) classes.push("hint-from");
    if (bestFrom.has(c)) classes.push("hint-best");
    if (onFoundation) classes.push("home");
    const isTop = place.kind === "cascade" && index === state.cascades[place.index].length - 1;
    if (isTop && marks.to.has(placeId(place))) classes.push("hint-to");
    if (isTop && bestTo === placeId(place)) classes.push("hint-best-to");
    return (
      // biome-ignore lint/a11y/useSemanticElements: a card is a positioned picture that acts as a button
      <div
        key={c}
        ref={(el) => {
          if (el) cardEls.current.set(c, el);
          else cardEls.current.delete(c);
        }}
        className={classes.join(" ")}
        role="button"
        tabIndex={onFoundation && !isTopOfFoundation ? -1 : 0}
        aria-hidden={onFoundation && !isTopOfFoundation ? true : undefined}
        aria-label={`${cardName(c)}, ${placeLabel(place)}`}
        aria-pressed={selected.has(c)}
        data-card={formatCard(c)}
        data-place={placeId(place)}
        data-index={index}
        style={{ left: pos.x, top: pos.y, width: layout.cardW, height: layout.cardH }}
        onPointerDown={(e) => onPointerDown(e, place, index, c)}
        onClick={() => {
          if (suppressClick.current) return;
          controller.clickCard(place, index);
        }}
        onDoubleClick={() => controller.doubleClick(place)}
        onKeyDown={(e) => activate(e, () => controller.clickCard(place, index))}
      >
        <CardFace card={c} />
      </div>
    );
  };

  const order: Card[] = [];
  state.cells.forEach((c) => {
    if (c !== null) order.push(c);
  });
  state.foundations.forEach((rank, suit) => {
    for (let r = 1; r <= rank; r++) order.push((r - 1) * 4 + suit);
  });

  return (
    <div className="board-wrap" ref={wrapRef}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys from the cards and piles inside bubble here */}
      <div
        className={`board${controller.selection ? " has-selection" : ""}`}
        ref={boardRef}
        style={{ height: layout.height, width: layout.width }}
        onKeyDown={(e) => navigate(e, layout)}
      >
        {slots.map(({ place, rect, label, suit }) => {
          const id = placeId(place);
          const classes = ["slot", `slot-${place.kind}`];
          if (marks.to.has(id)) classes.push("hint-to");
          if (bestTo === id) classes.push("hint-best-to");
          if (selectedFrom === id) classes.push("source");
          const column = place.kind === "cascade";
          const isEmpty =
            place.kind === "cascade"
              ? state.cascades[place.index].length === 0
              : place.kind === "cell"
                ? state.cells[place.index] === null
                : state.foundations[place.index] === 0;
          return (
            <div key={id}>
              {column && (
                // biome-ignore lint/a11y/noStaticElementInteractions: the column below a cascade is a mouse target; the slot is the keyboard one
                // biome-ignore lint/a11y/useKeyWithClickEvents: see above
                <div
                  className="column-target"
                  style={{ left: rect.x, top: rect.y, width: layout.cardW, height: layout.height - rect.y }}
                  onClick={() => controller.clickPlace(place)}
                />
              )}
              {/* biome-ignore lint/a11y/useSemanticElements: a pile is a positioned area that acts as a button */}
              <div
                className={classes.join(" ")}
                role="button"
                tabIndex={isEmpty ? 0 : -1}
                aria-label={label}
                data-place={id}
                data-slot={id}
                style={{ left: rect.x, top: rect.y, width: layout.cardW, height: layout.cardH }}
                onClick={() => controller.clickPlace(place)}
                onKeyDown={(e) => activate(e, () => controller.clickPlace(place))}
              >
                {suit !== undefined && (
                  <svg className="slot-suit" viewBox="0 0 100 100" aria-hidden="true">
                    <SuitShape suit={suit} />
                  </svg>
                )}
                {place.kind === "cell" && <span className="slot-key">{CELL_LETTERS[place.index]}</span>}
                {place.kind === "cascade" && <span className="slot-key">{place.index + 1}</span>}
              </div>
              {place.kind === "cascade" && state.cascades[place.index].map(renderCard)}
            </div>
          );
        })}
        {order.map(renderCard)}
      </div>
    </div>
  );
}

/** Arrow keys move the focus between piles (left, right) and along a cascade (up, down). */
function navigate(e: KeyboardEvent<HTMLDivElement>, layout: BoardLayout): void {
  if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(e.key)) return;
  const target = e.target as HTMLElement;
  const placeAttr = target.dataset.place;
  if (!placeAttr) return;
  e.preventDefault();
  const board = e.currentTarget;
  const [kind, indexText] = placeAttr.split("-");
  const index = Number(indexText);
  const top = [
    ...layout.cells.map((_, i) => `cell-${i}`),
    ...layout.foundations.map((_, i) => `foundation-${i}`),
  ];
  const bottom = layout.cascades.map((_, i) => `cascade-${i}`);
  const focusPile = (id: string, last = true) => {
    const cards = board.querySelectorAll<HTMLElement>(`.card[data-place="${id}"]:not([tabindex="-1"])`);
    const el =
      cards.length > 0
        ? cards[last ? cards.length - 1 : 0]
        : board.querySelector<HTMLElement>(`[data-slot="${id}"]`);
    el?.focus();
  };
  const row = kind === "cascade" ? bottom : top;
  const at = row.indexOf(`${kind}-${index}`);
  if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
    const next = row[(at + (e.key === "ArrowLeft" ? row.length - 1 : 1)) % row.length];
    focusPile(next);
    return;
  }
  if (kind === "cascade") {
    const cards = Array.from(board.querySelectorAll<HTMLElement>(`.card[data-place="${kind}-${index}"]`));
    const i = cards.indexOf(target);
    if (e.key === "ArrowUp") {
      if (i > 0) cards[i - 1].focus();
      else
        focusPile(
          top[Math.min(top.length - 1, Math.round((at / Math.max(1, bottom.length - 1)) * (top.length - 1)))],
        );
    } else if (i >= 0 && i < cards.length - 1) cards[i + 1].focus();
    return;
  }
  if (e.key === "ArrowDown") {
    focusPile(
      bottom[
        Math.min(bottom.length - 1, Math.round((at / Math.max(1, top.length - 1)) * (bottom.length - 1)))
      ],
      false,
    );
  }
}
