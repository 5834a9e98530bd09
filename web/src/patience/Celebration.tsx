import { useEffect, useRef } from "react";
import { isRed, RANK_LETTERS, rankOf, suitOf } from "../../../src/cards/card.ts";

const SUIT_GLYPHS = ["♣", "♦", "♥", "♠"];

interface Flyer {
  card: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
}

/**
 * The win: the cards leave the foundations one by one and bounce across the table, leaving a trail (as the
 * classic games do). Any click or key skips it; it is not shown at all when the player asked for reduced
 * motion or no animation (the caller decides).
 */
export function Celebration({
  onDone,
  seed,
  rate = 1,
  behind = false,
}: {
  onDone: () => void;
  seed: number;
  /** Steps of the bounce per frame: 2 fast, 1 normal, 0.5 slow. */
  rate?: number;
  /** Under the win's dialog: the dialog's buttons end it, so it says nothing about skipping. */
  behind?: boolean;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx) {
      done.current();
      return;
    }
    const box = canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(box.width * dpr);
    canvas.height = Math.round(box.height * dpr);
    ctx.scale(dpr, dpr);
    const slots = Array.from(document.querySelectorAll<HTMLElement>(".slot-foundation")).map((el) =>
      el.getBoundingClientRect(),
    );
    const w = slots[0]?.width ?? 70;
    const h = slots[0]?.height ?? 98;
    // A small seeded generator: the same win bounces the same way.
    let s = seed >>> 0 || 1;
    const random = () => {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      return (s >>> 0) / 2 ** 32;
    };
    const queue: number[] = [];
    for (let rank = 13; rank >= 1; rank--)
      for (let suit = 0; suit < 4; suit++) queue.push((rank - 1) * 4 + suit);
    let flyer: Flyer | null = null;
    let frame = 0;
    const drawCard = (card: number, x: number, y: number) => {
      ctx.fillStyle = "#fffdf7";
      ctx.strokeStyle = "rgba(0,0,0,.45)";
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.roundRect(x, y, w, h, w * 0.08);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = isRed(card) ? "#c62828" : "#1c2024";
      ctx.font = `700 ${Math.round(w * 0.3)}px "DejaVu Sans", sans-serif`;
      const rank = RANK_LETTERS[rankOf(card) - 1].replace("T", "10");
      ctx.fillText(rank, x + w * 0.08, y + w * 0.32);
      ctx.font = `${Math.round(w * 0.5)}px "DejaVu Sans", sans-serif`;
      ctx.fillText(SUIT_GLYPHS[suitOf(card)], x + w * 0.3, y + h * 0.7);
    };
    let due = 0;
    const step = () => {
      frame = requestAnimationFrame(step);
      due += rate;
      while (due >= 1 && !ended) {
        due -= 1;
        tick();
      }
    };
    const tick = () => {
      if (!flyer) {
        const card = queue.shift();
        if (card === undefined) {
          finish();
          return;
        }
        const slot = slots[suitOf(card)] ?? { left: box.width / 2, top: 10 };
        flyer = {
          card,
          x: slot.left - box.left,
          y: slot.top - box.top,
          vx: (random() < 0.5 ? -1 : 1) * (2 + random() * 5),
          vy: -random() * 6,
        };
      }
      const f = flyer;
      f.vy += 0.55;
      f.x += f.vx;
      f.y += f.vy;
      if (f.y + h > box.height) {
        f.y = box.height - h;
        f.vy = -f.vy * (0.7 + random() * 0.15);
      }
      drawCard(f.card, f.x, f.y);
      if (f.x + w < 0 || f.x > box.width) flyer = null;
    };
    let ended = false;
    const finish = () => {
      if (ended) return;
      ended = true;
      cancelAnimationFrame(frame);
      done.current();
    };
    frame = requestAnimationFrame(step);
    const skip = () => finish();
    window.addEventListener("keydown", skip, { capture: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("keydown", skip, { capture: true });
    };
  }, [seed, rate]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: any key skips it too (listened to on the window)
    // biome-ignore lint/a11y/noStaticElementInteractions: a click anywhere skips the animation
    <div className="celebration" onClick={() => done.current()} data-testid="celebration">
      <canvas ref={ref} />
      {!behind && <p className="celebration-skip">Click or press a key to skip</p>}
    </div>
  );
}
