/** Sounds made with Web Audio (nothing is fetched): short envelopes on oscillators. */
export type SoundKind = "move" | "home" | "error" | "win" | "deal" | "line" | "drop";

let context: AudioContext | null = null;
let enabled = false;

export function setSoundEnabled(on: boolean): void {
  enabled = on;
}

function tone(
  ctx: AudioContext,
  freq: number,
  start: number,
  length: number,
  type: OscillatorType,
  gain = 0.08,
) {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  amp.gain.setValueAtTime(0, start);
  amp.gain.linearRampToValueAtTime(gain, start + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

export function playSound(kind: SoundKind): void {
  if (!enabled) return;
  try {
    context ??= new AudioContext();
    const ctx = context;
    if (ctx.state === "suspended") void ctx.resume();
    const t = ctx.currentTime;
    switch (kind) {
      case "move":
        tone(ctx, 520, t, 0.07, "triangle", 0.06);
        break;
      case "drop":
        tone(ctx, 300, t, 0.06, "triangle", 0.05);
        break;
      case "home":
        tone(ctx, 660, t, 0.08, "sine");
        tone(ctx, 990, t + 0.05, 0.1, "sine", 0.05);
        break;
      case "error":
        tone(ctx, 160, t, 0.16, "square", 0.04);
        break;
      case "deal":
        for (let i = 0; i < 6; i++) tone(ctx, 400 + i * 30, t + i * 0.03, 0.05, "triangle", 0.03);
        break;
      case "line":
        tone(ctx, 440, t, 0.1, "square", 0.04);
        tone(ctx, 880, t + 0.06, 0.12, "square", 0.03);
        break;
      case "win":
        [523, 659, 784, 1047].forEach((f, i) => {
          tone(ctx, f, t + i * 0.12, 0.3, "sine", 0.08);
        });
        break;
    }
  } catch {
    // No audio here: play on in silence.
  }
}
