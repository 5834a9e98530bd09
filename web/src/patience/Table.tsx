import {
  type KeyboardEvent,
  memo,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { cardName, formatCard } from "../../../src/cards/card.ts";
import { type PileRef, type PileView, samePile } from "../../../src/games/patience/contract.ts";
import type { CardBack } from "../settings.ts";
import { CardBackDefs, CardBackFace, CardFace, SuitShape } from "./CardFace.tsx";
import type { PatienceController } from "./controller.ts";
import {
  type CardSpot,
  dropTarget,
  type GameLayout,
  layoutTable,
  pileId,
  type TableLayout,
} from "./layout.ts";
import { moveOutline } from "./outline.ts";

type State = { rules: unknown };

/** Milliseconds a card takes to fly, and between the steps of a turn's automatic moves. */
const FLY_MS = 190;
const STEP_MS = 150;
/** A turn's steps take at most this long together: the end of a game sends many cards home at once. */
const TURN_MS = 1500;

/** `speed`: the player's animation speed as a multiple of the normal time (0.5 fast, 2 slow). */
const stepMs = (steps: number, speed = 1) =>
  Math.max(50, Math.min(STEP_MS, TURN_MS / Math.max(1, steps))) * speed;

/** How long the table takes to show a turn: its steps, then the last card's flight. */
export function turnMs(autoMoves: number, speed = 1): number {
  return (autoMoves === 0 ? FLY_MS : stepMs(autoMoves + 1) * autoMoves + FLY_MS) * speed;
}

/** Below this card width the pile's key badges would cover the cards: they are left out (touch screens too). */
const KEY_BADGE_MIN_W = 44;

/** Whether a pile's key shows as a badge on its outline (above it, for a pile fanned down). */
const keyBadge = (view: PileView, cardW: number) =>
  view.key !== undefined && view.key.length <= 3 && cardW >= KEY_BADGE_MIN_W;

/** The room a key badge drawn above its pile takes (`.slot-key.above`: 0.78rem at line-height 1.35, 2 px off). */
const ABOVE_BADGE_PX = 20;

/**
 * The table laid out in `w` x `h` with room at its top for the key badges drawn above its first piles (Black
 * Hole's, whose first row is its fanned piles): else they would stick out of the table's box, cut off under the
 * notice. The room comes off the height; everything moves down by it.
 */
function withBadgeRoom(lay: (h: number) => TableLayout, h: number): TableLayout {
  const first = lay(h);
  const tops = first.piles
    .filter((p) => p.view.fan === "down" && keyBadge(p.view, first.cardW))
    .map((p) => p.rect.y);
  const need = tops.length > 0 ? ABOVE_BADGE_PX - Math.min(...tops) : 0;
  if (need <= 0) return first;
  const table = lay(h - need);
  return {
    ...table,
    height: table.height + need,
    piles: table.piles.map((p) => ({
      ...p,
      rect: { ...p.rect, y: p.rect.y + need },
      area: { ...p.area, y: p.area.y + need },
    })),
    cards: table.cards.map((pile) => pile.map((c) => ({ ...c, y: c.y + need }))),
  };
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  from: PileRef;
  index: number;
  keys: string[];
  active: boolean;
  dx: number;
  dy: number;
}

/**
 * Each card element's identity, by `pile:index`: a face-up card is itself (the second copy of a card in a
 * two-deck game is itself and its copy number, counted in pile order); a face-down one is only where it lies.
 */
function elementKeys(piles: readonly PileView[]): Map<string, string> {
  const keys = new Map<string, string>();
  const seen = new Map<number, number>();
  for (const view of piles) {
    view.cards.forEach((c, i) => {
      const at = `${pileId(view.ref)}:${i}`;
      if (c.card === null) {
        keys.set(at, `down-${at}`);
        return;
      }
      const copy = seen.get(c.card) ?? 0;
      seen.set(c.card, copy + 1);
      keys.set(at, copy === 0 ? `card-${c.card}` : `card-${c.card}-${copy}`);
    });
  }
  return keys;
}

/** The positions a turn passes through: after the player's move, then after each automatic move. */
function framesOf(controller: PatienceController): State[] | null {
  const change = controller.change;
  const turn = change.turn;
  if (!turn || (change.kind !== "play" && change.kind !== "redo") || turn.auto.length === 0) return null;
  const game = controller.game;
  const frames: State[] = [];
  let s = game.apply(turn.before, turn.move);
  frames.push(s);
  for (const move of turn.auto) {
    s = game.apply(s, move);
    frames.push(s);
  }
  return frames;
}

const isArrow = (key: string) =>
  key === "ArrowLeft" || key === "ArrowRight" || key === "ArrowUp" || key === "ArrowDown";

/**
 * The table of any patience game, drawn from the game's pile view and a small per-game layout. Cards glide
 * from where they were to where they are; the automatic moves of a turn are shown one after another, each step
 * a real position, so a card never shows above the cards that cover it. Drag, click, double-click and the keys
 * all go to the controller, which asks the engine what they mean.
 */
/**
 * What the table draws, besides the controller: the view passes these so that a change the table does not show
 * (the verdict, the clock, a notice) does not draw it again.
 */
interface TableProps {
  controller: PatienceController;
  layout: GameLayout;
  animate: boolean;
  /** Animation time as a multiple of the normal speed's. */
  speed: number;
  back: CardBack;
  /** Cards as a share of the largest that fit, and the table mirrored for the left hand. */
  scale: number;
  mirror: boolean;
  state: unknown;
  seq: number;
  selection: PatienceController["selection"];
  hint: PatienceController["hint"];
  busy: boolean;
}

export const Table = memo(TableView);

function TableView({ controller, layout, animate, speed, back, scale, mirror }: TableProps) {
  const game = controller.game;
  const wrapRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const elements = useRef(new Map<string, HTMLDivElement>());
  const lastPos = useRef(new Map<string, { x: number; y: number }>());
  const lastSeq = useRef(-1);
  const lastMetrics = useRef("");
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const [, setTick] = useState(0);
  const [frame, setFrame] = useState<{ seq: number; states: State[]; at: number } | null>(null);
  const [focus, setFocus] = useState<{ pile: string; index: number }>({ pile: "", index: -1 });
  const tableRef = useRef<TableLayout | null>(null);

  useLayoutEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    // The room inside the padding: clientWidth and clientHeight count the padding too.
    const measure = () => {
      const style = getComputedStyle(el);
      const px = (v: string) => Number.parseFloat(v) || 0;
      setSize({
        w: Math.floor(el.clientWidth - px(style.paddingLeft) - px(style.paddingRight)),
        h: Math.floor(el.clientHeight - px(style.paddingTop) - px(style.paddingBottom)),
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // A turn with automatic moves is shown step by step.
  // (Worked out while rendering, so that no paint ever shows the turn's end before its steps.)
  const seq = controller.change.seq;
  const [seenSeq, setSeenSeq] = useState(seq);
  if (seenSeq !== seq) {
    setSeenSeq(seq);
    const frames = animate ? framesOf(controller) : null;
    setFrame(frames && frames.length > 1 ? { seq, states: frames, at: 0 } : null);
  }
  useEffect(() => {
    if (!frame) return;
    const timer = setTimeout(
      () => {
        setFrame((f) =>
          f && f.seq === frame.seq ? (f.at + 1 >= f.states.length - 1 ? null : { ...f, at: f.at + 1 }) : f,
        );
      },
      stepMs(frame.states.length, speed),
    );
    return () => clearTimeout(timer);
  }, [frame, speed]);

  const shown = frame && frame.seq === seq ? frame.states[frame.at] : controller.state;
  const piles = game.piles(shown, "player");
  const sizing = game.piles(controller.session.start, "player");
  const table = withBadgeRoom(
    (h) => layoutTable(layout, piles, sizing, size.w || 800, h, { scale, mirror }),
    size.h || 560,
  );
  tableRef.current = table;
  const spotOf = new Map(table.piles.map((p) => [pileId(p.view.ref), p]));
  const keyMap = elementKeys(piles);
  const elementKey = (view: PileView, index: number) =>
    keyMap.get(`${pileId(view.ref)}:${index}`) ?? `down-${pileId(view.ref)}:${index}`;
  const cardSpots = new Map<string, CardSpot>();
  for (const pile of table.cards)
    for (const spot of pile) {
      const view = spotOf.get(pileId(spot.pile))?.view;
      if (view) cardSpots.set(elementKey(view, spot.index), spot);
    }

  // Cards glide from where they were (FLIP with the Web Animations API), each keeping its stacking order.
  useLayoutEffect(() => {
    // The first board of the page, for the bench's cold-load figure.
    if (size.w > 0 && cardSpots.size > 0 && performance.getEntriesByName("tsol:first-board").length === 0) {
      performance.mark("tsol:first-board");
    }
    const metrics = `${table.cardW}x${table.width}`;
    const resized = metrics !== lastMetrics.current;
    lastMetrics.current = metrics;
    const change = controller.change;
    const fresh = change.seq !== lastSeq.current;
    lastSeq.current = change.seq;
    const dealing = fresh && (change.kind === "deal" || change.kind === "restart") && !resized;
    let appearFrom: { x: number; y: number } | undefined;
    if (change.turn && (change.kind === "play" || change.kind === "redo" || change.kind === "undo")) {
      const outline = moveOutline(game, change.turn.before, change.turn.move);
      const ref = change.kind === "undo" ? outline.to : outline.from;
      const spot = ref ? spotOf.get(pileId(ref)) : undefined;
      if (spot) appearFrom = { x: spot.rect.x, y: spot.rect.y };
    }
    for (const [key, spot] of cardSpots) {
      const el = elements.current.get(key);
      const before = lastPos.current.get(key);
      lastPos.current.set(key, { x: spot.x, y: spot.y });
      if (!el || !animate || resized || typeof el.animate !== "function") continue;
      if (dealing) {
        const dx = table.width / 2 - table.cardW / 2 - spot.x;
        const dy = -table.cardH - spot.y;
        el.animate(
          [
            { transform: `translate(${dx}px, ${dy}px)`, opacity: 0 },
            { transform: "none", opacity: 1 },
          ],
          {
            duration: 300 * speed,
            delay: Math.min(900, spot.z * 9) * speed,
            easing: "cubic-bezier(.2,.7,.3,1)",
            fill: "backwards",
          },
        );
        continue;
      }
      const from = before ?? (fresh ? appearFrom : undefined);
      if (!from || (from.x === spot.x && from.y === spot.y)) continue;
      for (const a of el.getAnimations()) a.cancel();
      // Above the table while it flies; its own place in the stack again when it lands.
      el.animate(
        [
          { transform: `translate(${from.x - spot.x}px, ${from.y - spot.y}px)`, zIndex: 2000 + spot.z },
          { transform: "none", zIndex: 2000 + spot.z },
        ],
        { duration: FLY_MS * speed, easing: "cubic-bezier(.25,.8,.35,1)" },
      );
    }
    for (const key of [...lastPos.current.keys()]) if (!cardSpots.has(key)) lastPos.current.delete(key);
  });

  // Dragging: the pointer carries the cards; on release the engine decides.
  useEffect(() => {
    const move = (e: PointerEvent) => {
      const d = drag.current;
      if (!d || e.pointerId !== d.pointerId) return;
      d.dx = e.clientX - d.startX;
      d.dy = e.clientY - d.startY;
      if (!d.active && Math.hypot(d.dx, d.dy) > 6) {
        d.active = true;
        controller.cancel();
        for (const k of d.keys) {
          const el = elements.current.get(k);
          if (!el) continue;
          el.classList.add("dragging");
          // Above everything while carried; its own place in the stack again when put down.
          el.dataset.z = el.style.zIndex;
          el.style.zIndex = "5000";
        }
      }
      if (!d.active) return;
      for (const k of d.keys) {
        const el = elements.current.get(k);
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
      const t = tableRef.current;
      for (const k of d.keys) {
        const el = elements.current.get(k);
        if (el) {
          el.classList.remove("dragging");
          el.style.transform = "";
          el.style.zIndex = el.dataset.z ?? "";
        }
        const pos = lastPos.current.get(k);
        // The cards land from where they were let go, not from where they were picked up.
        if (pos) lastPos.current.set(k, { x: pos.x + d.dx, y: pos.y + d.dy });
      }
      const base = lastPos.current.get(d.keys[0]);
      const target =
        e.type === "pointerup" && base && t
          ? dropTarget(t, { x: base.x, y: base.y, w: t.cardW, h: t.cardH })
          : undefined;
      if (target && !samePile(target, d.from)) controller.drop(d.from, d.index, target);
      else {
        for (const k of d.keys) {
          const pos = lastPos.current.get(k);
          if (pos) lastPos.current.set(k, { x: pos.x - d.dx, y: pos.y - d.dy });
          const el = elements.current.get(k);
          const spot = cardSpots.get(k);
          if (el && pos && spot && animate && typeof el.animate === "function") {
            el.animate(
              [
                { transform: `translate(${d.dx}px, ${d.dy}px)`, zIndex: 2000 + spot.z },
                { transform: "none", zIndex: 2000 + spot.z },
              ],
              { duration: FLY_MS * speed, easing: "cubic-bezier(.25,.8,.35,1)" },
            );
          }
        }
      }
      setTick((n) => n + 1);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
    return () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
    };
  });

  const busy = controller.dealing || controller.solving;
  const onPointerDown = (e: ReactPointerEvent, view: PileView, index: number) => {
    if (e.button !== 0 || busy || frame) return;
    const count = game.lift(controller.state, view.ref, index);
    if (count === 0) return;
    const keys = view.cards.slice(index, index + count).map((_, i) => elementKey(view, index + i));
    drag.current = {
      pointerId: e.pointerId,
      startX: e.clientX,
      startY: e.clientY,
      from: view.ref,
      index,
      keys,
      active: false,
      dx: 0,
      dy: 0,
    };
  };

  // Marks: the selection, the hint's card and destination.
  const sel = controller.selection;
  const hint = controller.hint?.kind === "move" ? controller.hint : null;
  const hintCards = new Set(hint ? hint.outline.cards : []);
  const hintFrom = hint?.outline.from ? pileId(hint.outline.from) : "";
  const hintTo = hint?.outline.to ? pileId(hint.outline.to) : "";
  const hintClass = hint?.best ? "hint-best" : "hint-other";

  // The roving focus: one pile (and card) of the table takes Tab; the arrow keys move it.
  const focusPile = spotOf.has(focus.pile)
    ? focus.pile
    : pileId(table.piles[0]?.view.ref ?? { kind: "cascade", index: 0 });
  const focusView = spotOf.get(focusPile)?.view;
  const focusIndex =
    focusView && focusView.cards.length > 0
      ? focus.pile === focusPile && focus.index >= 0 && focus.index < focusView.cards.length
        ? focus.index
        : focusView.cards.length - 1
      : -1;

  const moveFocus = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!isArrow(e.key)) return;
    e.preventDefault();
    const here = spotOf.get(focusPile);
    if (!here) return;
    const rows = bandsOf(table);
    const r = rows.findIndex((row) => row.some((s) => s === here));
    const row = rows[r];
    const c = row.indexOf(here);
    const go = (pile: string, index = -1) => {
      setFocus({ pile, index });
      requestAnimationFrame(() => {
        wrapRef.current?.querySelector<HTMLElement>("[data-focus='yes']")?.focus();
      });
    };
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      const next = row[(c + (e.key === "ArrowLeft" ? row.length - 1 : 1)) % row.length];
      go(pileId(next.view.ref));
      return;
    }
    const up = e.key === "ArrowUp";
    const view = here.view;
    // Along a pile fanned down: the face-up cards, one by one.
    if (view.fan === "down" && focusIndex >= 0) {
      const next = focusIndex + (up ? -1 : 1);
      if (next >= 0 && next < view.cards.length && view.cards[next].faceUp) {
        go(focusPile, next);
        return;
      }
      if (!up) return;
    }
    const other = rows[r + (up ? -1 : 1)];
    if (!other) return;
    const x = here.rect.x;
    const nearest = other.reduce((a, b) => (Math.abs(b.rect.x - x) < Math.abs(a.rect.x - x) ? b : a));
    go(pileId(nearest.view.ref));
  };

  const activate = (e: KeyboardEvent, action: () => void) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      action();
    }
  };

  const onCardClick = (e: ReactMouseEvent, view: PileView, index: number) => {
    if (suppressClick.current || frame) return;
    // In a game where a click plays, the second click of a double-click must not play again.
    if (controller.clickMode === "quick" && e.detail > 1) return;
    setFocus({ pile: pileId(view.ref), index });
    controller.clickCard(view.ref, index);
  };

  const renderCard = (view: PileView, index: number) => {
    const key = elementKey(view, index);
    const spot = cardSpots.get(key);
    if (!spot) return null;
    const c = view.cards[index];
    const top = index === view.cards.length - 1;
    const id = pileId(view.ref);
    const classes = ["card"];
    if (!c.faceUp) classes.push("face-down");
    if (
      sel &&
      samePile(sel.from, view.ref) &&
      index >= sel.index &&
      (sel.count === undefined || index < sel.index + sel.count)
    )
      classes.push("selected");
    if (hint && c.card !== null && hintCards.has(c.card) && id === hintFrom)
      classes.push(`${hintClass}-from`);
    else if (hint && top && id === hintFrom && !c.faceUp) classes.push(`${hintClass}-from`);
    if (hint && top && id === hintTo) classes.push(`${hintClass}-to`);
    const focused = id === focusPile && index === focusIndex;
    const name = c.card === null ? "a face-down card" : cardName(c.card);
    const where = top ? view.label : `${view.label}, covered`;
    return (
      // biome-ignore lint/a11y/useSemanticElements: a card is a positioned picture that acts as a button
      <div
        key={key}
        ref={(el) => {
          if (el) elements.current.set(key, el);
          else elements.current.delete(key);
        }}
        className={classes.join(" ")}
        role="button"
        tabIndex={focused ? 0 : -1}
        data-focus={focused ? "yes" : undefined}
        aria-label={`${name[0].toUpperCase()}${name.slice(1)}, ${where}`}
        aria-pressed={classes.includes("selected")}
        data-card={c.card === null ? "" : formatCard(c.card)}
        data-face={c.faceUp ? "up" : "down"}
        data-pile={id}
        data-index={index}
        style={{ left: spot.x, top: spot.y, width: table.cardW, height: table.cardH, zIndex: spot.z }}
        onPointerDown={(e) => onPointerDown(e, view, index)}
        onClick={(e) => onCardClick(e, view, index)}
        onDoubleClick={() => {
          if (controller.clickMode !== "quick" && !frame) controller.quick(view.ref);
        }}
        onFocus={() => {
          if (focus.pile !== id || focus.index !== index) setFocus({ pile: id, index });
        }}
        onKeyDown={(e) => activate(e, () => controller.clickCard(view.ref, index))}
      >
        {c.card === null ? <CardBackFace back={back} /> : <CardFace card={c.card} />}
      </div>
    );
  };

  return (
    // data-laid-out: the room the table was last laid out for, which the browser tests wait to match the wrap's.
    <div className={`table-wrap${busy ? " busy" : ""}`} ref={wrapRef} data-laid-out={`${size.w}x${size.h}`}>
      <CardBackDefs />
      {/* biome-ignore lint/a11y/useSemanticElements: a group of positioned piles, not a form's fieldset */}
      <div
        className={`table${sel ? " has-selection" : ""}`}
        style={{ height: table.height, width: table.width }}
        onKeyDown={moveFocus}
        data-testid="table"
        data-animating={frame ? "yes" : undefined}
        role="group"
        aria-label={`${game.title} table`}
      >
        {table.piles.map((spot) => {
          const view = spot.view;
          const id = pileId(view.ref);
          const empty = view.cards.length === 0;
          const classes = ["slot", `slot-${view.ref.kind}`];
          if (!empty) classes.push("filled");
          // An empty pile that takes nothing (Montana's gap after a king or a gap) is drawn dead.
          if (empty && view.takes === "nothing") classes.push("dead");
          const note = layout.pileNote?.(shown, view);
          if (hint && id === hintTo && empty) classes.push(`${hintClass}-to`);
          if (hint && id === hintFrom && empty) classes.push(`${hintClass}-from`);
          if (sel && samePile(sel.from, view.ref)) classes.push("source");
          const focused = id === focusPile && empty;
          const label = `${view.label[0].toUpperCase()}${view.label.slice(1)}, ${empty ? `empty${view.takes ? `: takes ${view.takes}` : ""}` : `${view.cards.length} ${view.cards.length === 1 ? "card" : "cards"}`}${note ? `, ${note.words}` : ""}`;
          return (
            <div key={id} className="pile" data-pile-box={id}>
              {view.fan === "down" && (
                // biome-ignore lint/a11y/noStaticElementInteractions: the room below a pile is a mouse target; the slot is the keyboard's
                // biome-ignore lint/a11y/useKeyWithClickEvents: as above
                <div
                  className="column-target"
                  style={{ left: spot.area.x, top: spot.area.y, width: spot.area.w, height: spot.area.h }}
                  onClick={() => !suppressClick.current && !frame && controller.clickPile(view.ref)}
                />
              )}
              {/* biome-ignore lint/a11y/useSemanticElements: a pile is a positioned area that acts as a button */}
              <div
                className={classes.join(" ")}
                role="button"
                tabIndex={focused ? 0 : -1}
                data-focus={focused ? "yes" : undefined}
                aria-label={label}
                data-slot={id}
                style={{
                  left: spot.rect.x,
                  top: spot.rect.y,
                  width: table.cardW,
                  height: table.cardH,
                  zIndex: spot.z,
                }}
                onClick={() => !suppressClick.current && !frame && controller.clickPile(view.ref)}
                onFocus={() => {
                  if (focus.pile !== id) setFocus({ pile: id, index: -1 });
                }}
                onKeyDown={(e) => activate(e, () => controller.clickPile(view.ref))}
              >
                {view.ref.kind === "foundation" && layout.suitMarks !== false && (
                  <svg className="slot-suit" viewBox="0 0 100 100" aria-hidden="true">
                    <SuitShape suit={(view.ref.index & 3) as 0 | 1 | 2 | 3} />
                  </svg>
                )}
                {view.key && keyBadge(view, table.cardW) && (
                  <span className={`slot-key${view.fan === "down" ? " above" : ""}`} aria-hidden="true">
                    {view.key}
                  </span>
                )}
              </div>
              {view.cards.map((_, i) => renderCard(view, i))}
              {note && (
                <span
                  className="pile-note"
                  style={{
                    left: spot.rect.x + table.cardW / 2,
                    top: spot.rect.y + table.cardH - 3,
                    zIndex: 1500,
                    // As large as the card allows: readable on a laptop's card, not over a phone's corner index.
                    fontSize: Math.round(Math.min(16, Math.max(9, table.cardW * 0.15))),
                  }}
                  title={note.words}
                  aria-hidden="true"
                  data-testid={`note-${id}`}
                >
                  {note.text}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The table's piles in rows (piles whose base lies at the same height), left to right. */
function bandsOf(table: TableLayout) {
  const rows = new Map<number, TableLayout["piles"]>();
  for (const spot of table.piles) rows.set(spot.rect.y, [...(rows.get(spot.rect.y) ?? []), spot]);
  return [...rows.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, row]) => row.sort((a, b) => a.rect.x - b.rect.x));
}
