/** Sounds made with Web Audio (nothing is fetched): short envelopes on oscillators. */
export type SoundKind =
  | "move"
  | "home"
  | "error"
  | "win"
  | "deal"
  | "line"
  | "drop"
  | "shift"
  | "rotate"
  | "lock"
  | "hold"
  | "tetris"
  | "tspin"
  | "level"
  | "gameover";

let context: AudioContext | null = null;
let enabled = false;

export function setSoundEnabled(on: boolean): void {
  enabled = on;
}

/**
 * The AudioContext is made, or resumed, only inside a click or a key press: made or resumed anywhere else (a sound
 * of an automatic move, the solver's playback, a timer), Chrome refuses and warns each time. The listeners run
 * first (capture on the window), so the sound of the move that press makes already has a running context.
 */
function unlock(): void {
  if (!enabled) return;
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") void context.resume();
  } catch {
    // No audio here: play on in silence.
  }
}

if (typeof window !== "undefined") {
  for (const type of ["pointerdown", "keydown"]) window.addEventListener(type, unlock, { capture: true });
}

function play(
  ctx: AudioContext,
  freq: number,
  start: number,
  length: number,
  type: OscillatorType,
  gain = 0.08,
  volume = 1,
) {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  amp.gain.setValueAtTime(0, start);
  amp.gain.linearRampToValueAtTime(Math.max(gain * volume, 0.00011), start + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** Plays a sound at `volume` (0-1), once a click or a key has started the audio (silent until then). */
export function playSound(kind: SoundKind, volume = 1): void {
  if (!enabled || volume <= 0) return;
  const ctx = context;
  if (ctx?.state !== "running") return;
  try {
    const t = ctx.currentTime;
    const tone = (freq: number, start: number, length: number, type: OscillatorType, gain = 0.08) =>
      play(ctx, freq, start, length, type, gain, volume);
    switch (kind) {
      case "move":
        tone(520, t, 0.07, "triangle", 0.06);
        break;
      case "drop":
        tone(300, t, 0.06, "triangle", 0.05);
        break;
      case "home":
        tone(660, t, 0.08, "sine");
        tone(990, t + 0.05, 0.1, "sine", 0.05);
        break;
      case "error":
        tone(160, t, 0.16, "square", 0.04);
        break;
      case "deal":
        for (let i = 0; i < 6; i++) tone(400 + i * 30, t + i * 0.03, 0.05, "triangle", 0.03);
        break;
      case "line":
        tone(440, t, 0.1, "square", 0.04);
        tone(880, t + 0.06, 0.12, "square", 0.03);
        break;
      case "shift":
        tone(880, t, 0.025, "square", 0.015);
        break;
      case "rotate":
        tone(660, t, 0.04, "triangle", 0.04);
        break;
      case "lock":
        tone(180, t, 0.07, "triangle", 0.06);
        break;
      case "hold":
        tone(392, t, 0.05, "sine", 0.05);
        tone(523, t + 0.04, 0.06, "sine", 0.04);
        break;
      case "tetris":
        [523, 659, 784, 1047].forEach((f, i) => {
          tone(f, t + i * 0.04, 0.12, "square", 0.035);
        });
        break;
      case "tspin":
        tone(740, t, 0.08, "sawtooth", 0.03);
        tone(988, t + 0.06, 0.1, "sawtooth", 0.03);
        tone(1245, t + 0.12, 0.14, "sawtooth", 0.025);
        break;
      case "level":
        [440, 554, 659, 880].forEach((f, i) => {
          tone(f, t + i * 0.07, 0.12, "triangle", 0.05);
        });
        break;
      case "gameover":
        [392, 330, 262, 196].forEach((f, i) => {
          tone(f, t + i * 0.14, 0.25, "triangle", 0.06);
        });
        break;
      case "win":
        [523, 659, 784, 1047].forEach((f, i) => {
          tone(f, t + i * 0.12, 0.3, "sine", 0.08);
        });
        break;
    }
  } catch {
    // No audio here: play on in silence.
  }
}
