import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Numbering } from "../../../src/cards/deals/layout.ts";
import type { AnyPatienceGame } from "../../../src/games/patience/contract.ts";
import { layoutOf } from "../games/index.ts";
import { CARD_SCALE, type Settings, SPEED_FACTOR } from "../settings.ts";
import { Dialog } from "../shell/Dialog.tsx";
import { formatDuration } from "../stats.ts";
import { Celebration } from "./Celebration.tsx";
import type { PatienceController } from "./controller.ts";
import { DealChoice, DealNumber, newDealAsSet } from "./DealControls.tsx";
import { allControllers, controllerFor } from "./env.ts";
import { focusTable } from "./focus.ts";
import { StatusBar } from "./StatusBar.tsx";
import { Table, turnMs } from "./Table.tsx";

/** A deal asked for by a link (`#/freecell/617`); `seq` counts the requests, so the same link twice works. */
export interface DealLink {
  deal: number;
  numbering: Numbering;
  seq: number;
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  const tag = el.tagName;
  return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || el.isContentEditable;
}

const reducedMotion = () =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The link of the deal on the table. */
export function dealHash(controller: PatienceController): string {
  const deal = controller.deal;
  if (deal === undefined) return `#/${controller.game.id}`;
  return `#/${controller.game.id}/${deal}${controller.numbering === "solvitaire" ? "?numbering=solvitaire" : ""}`;
}

/**
 * The moves that finish the game when the rest is forced: the automatic moves of the "all" policy from `state`,
 * when they end in a win (at least two of them; one move is just a move). Empty otherwise.
 */
export function forcedFinish(game: AnyPatienceGame, state: { rules: unknown }): unknown[] {
  let moves: unknown[];
  try {
    moves = game.autoMoves(state, "all");
  } catch {
    return [];
  }
  if (moves.length < 2) return [];
  let s = state;
  for (const move of moves) s = game.apply(s, move);
  return game.isWon(s) ? moves : [];
}

/** An engine's reason (it starts in lower case, to read inside a sentence) as a sentence of its own. */
const sentence = (why: string): string => why.charAt(0).toUpperCase() + why.slice(1);

export function PatienceView({
  game,
  settings,
  blocked,
  link,
  onStats,
}: {
  game: AnyPatienceGame;
  settings: Settings;
  /** A dialog of the shell is open: keys belong to it. */
  blocked: boolean;
  link: DealLink | null;
  onStats: () => void;
}) {
  const controller = controllerFor(game, settings);
  useSyncExternalStore(controller.subscribe, controller.getVersion);
  const layout = layoutOf(game.id);
  const [, setNow] = useState(0);
  const [movesText, setMovesText] = useState("");
  const [dontAsk, setDontAsk] = useState(false);
  const [celebrating, setCelebrating] = useState<number | null>(null);
  const [prompt, setPrompt] = useState(false);
  const lastFinish = useRef(controller.finished);
  const celebrationTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dealInput = useRef<HTMLInputElement>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [autoRunning, setAutoRunning] = useState(false);
  const autoTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const session = controller.session;
  const speed = SPEED_FACTOR[settings.speed] || 1;
  const moving = settings.animation && settings.speed !== "off" && !reducedMotion();

  // The compact toolbar's menu closes on a click anywhere else.
  useEffect(() => {
    if (!menuOpen) return;
    const away = (e: PointerEvent) => {
      if (!toolbarRef.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    window.addEventListener("pointerdown", away);
    return () => window.removeEventListener("pointerdown", away);
  }, [menuOpen]);

  useEffect(() => {
    controller.updateSettings(settings);
  }, [controller, settings]);

  // A link asks for a deal.
  const linkSeq = link?.seq ?? -1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new link (its seq) asks again
  useEffect(() => {
    if (link) controller.open(link.deal, link.numbering);
  }, [controller, linkSeq]);

  // The address shows the deal on the table, so it can be shared: written when the deal changes, not at every
  // drawing (a drawing between a link's click and its hashchange would put the old address back).
  const hash = dealHash(controller);
  useEffect(() => {
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }, [hash]);

  // The clock on screen.
  useEffect(() => {
    const timer = setInterval(() => setNow((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const onVisibility = () => {
      for (const c of allControllers()) c.setVisible(document.visibilityState === "visible");
    };
    const onHide = () => {
      for (const c of allControllers()) c.save();
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onHide);
      controller.save();
    };
  }, [controller]);

  // A win: the celebration (unless motion is unwanted), then the prompt.
  useLayoutEffect(() => {
    const finish = controller.finished;
    if (finish === lastFinish.current) return;
    lastFinish.current = finish;
    clearTimeout(celebrationTimer.current);
    if (!finish) {
      setPrompt(false);
      setCelebrating(null);
      return;
    }
    if (!moving) {
      setPrompt(true);
      return;
    }
    // The dialog as soon as the last cards have landed, the celebration behind it until the dialog closes.
    const seq = controller.version;
    const wait = turnMs(controller.change.turn?.auto.length ?? 0, speed) + 100;
    celebrationTimer.current = setTimeout(() => {
      setCelebrating(seq);
      setPrompt(true);
    }, wait);
  });
  useEffect(() => () => clearTimeout(celebrationTimer.current), []);

  const dialogOpen = blocked || controller.confirm !== null || prompt;

  // The keys: piles' keys and commands go to the controller; Ctrl+Z / Ctrl+Y too.
  useEffect(() => {
    if (dialogOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.altKey || e.metaKey) return;
      const key = e.key;
      if (e.ctrlKey) {
        if (key === "z" || key === "Z") {
          e.preventDefault();
          if (e.shiftKey) controller.redo();
          else controller.undo();
        } else if (key === "y") {
          e.preventDefault();
          controller.redo();
        }
        return;
      }
      if (key === ":") {
        e.preventDefault();
        document.getElementById("moves-input")?.focus();
        return;
      }
      if (key === "#") {
        e.preventDefault();
        dealInput.current?.focus();
        return;
      }
      // Enter and Space belong to the focused card or button.
      if (key === "Enter" || key === " ") return;
      // A new deal as the settings ask (an easy one comes from the difficulty levels, which the view asks for).
      if (key === controller.commandKey("n") && !controller.dealing && !controller.solving) {
        e.preventDefault();
        newDealAsSet(controller);
        return;
      }
      if (controller.key(key)) e.preventDefault();
    };
    // Enter or Space while a pile's key of two characters waits for the rest ("2" on the accordion, where "22"
    // is a pile too) ends it at once: heard before the focused card or button is, so that it is not also picked.
    // The controller says it used Space only when it ended a key (the key reader's rule).
    const onEnd = (e: KeyboardEvent) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      if (isTyping(e.target) || e.altKey || e.metaKey || e.ctrlKey) return;
      if (controller.key(" ")) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener("keydown", onEnd, { capture: true });
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onEnd, { capture: true });
      window.removeEventListener("keydown", onKey);
    };
  }, [controller, dialogOpen]);

  /** Why a game's own action (Montana's redeal) cannot be played now, or undefined when it can. */
  const actionProblem = (notation: string): string | undefined => {
    let why: string | undefined;
    try {
      why = game.whyIllegal(controller.state, game.notation.parse(controller.state, notation));
    } catch (error) {
      why = (error as Error).message;
    }
    return why === undefined ? undefined : sentence(why);
  };

  const playAction = (notation: string) => {
    let move: unknown;
    try {
      move = game.notation.parse(controller.state, notation);
    } catch (error) {
      controller.say((error as Error).message, "error");
      return;
    }
    const why = game.whyIllegal(controller.state, move);
    if (why) controller.say(sentence(why), "error");
    else controller.play(move);
  };

  const busy = controller.dealing;
  const won = session.isWon();

  const actions = (layout.actions ?? [])
    .filter((a) => a.shown?.(controller.state) ?? true)
    .map((a) => ({
      notation: a.notation,
      label: typeof a.label === "string" ? a.label : a.label(controller.state),
      why: actionProblem(a.notation),
    }));

  // Auto-complete: when every card left goes home by the automatic moves, one button plays them all.
  const finishing = won || busy ? [] : forcedFinish(game, controller.state);
  const autoComplete = () => {
    clearTimeout(autoTimer.current);
    setAutoRunning(true);
    const next = () => {
      const rest = forcedFinish(game, controller.state);
      if (rest.length === 0 || !controller.play(rest[0])) {
        setAutoRunning(false);
        return;
      }
      autoTimer.current = setTimeout(next, moving ? turnMs(0, speed) * 0.6 : 0);
    };
    next();
  };
  useEffect(() => () => clearTimeout(autoTimer.current), []);
  const key = (k: string) => controller.commandKey(k);
  const finish = controller.finished;
  const confirm = controller.confirm;
  const notice = controller.notice;
  // A notice opened whole (tapped, on a phone held sideways) closes when the next one comes.
  const noticeRef = useRef<HTMLDivElement>(null);
  const noticeText = notice?.text;
  useEffect(() => {
    if (noticeText !== undefined && document.activeElement === noticeRef.current) noticeRef.current?.blur();
  }, [noticeText]);

  // Redo and Solve sit in the toolbar on wide screens and in the menu on small ones (CSS shows one of each).
  const redoButton = (where: string) => (
    <button
      type="button"
      className={where}
      onClick={() => controller.redo()}
      disabled={!session.canRedo}
      title={`Redo (${key("r")})`}
    >
      Redo
    </button>
  );
  const solveButton = (where: string) => (
    <button
      type="button"
      className={`${where}${controller.solving ? " stop" : ""}`}
      onClick={() => controller.solvePress()}
      disabled={busy || (won && !controller.solving)}
      title={`Solve (${key("s")}): the computer plays from here`}
    >
      {controller.solving ? "Stop" : "Solve"}
    </button>
  );

  return (
    <section
      className={`patience${settings.fourColour ? " four-colour" : ""}${settings.leftHanded ? " left-handed" : ""}${settings.hideTimer ? " hide-timer" : ""}`}
      aria-label={game.title}
      data-game={game.id}
    >
      <div
        className={`toolbar${menuOpen ? " menu-open" : ""}`}
        role="toolbar"
        aria-label={`${game.title} commands`}
        ref={toolbarRef}
        onClick={(e) => {
          // A command chosen from the menu closes it (typing a deal number does not).
          if (menuOpen && (e.target as HTMLElement).closest(".more button")) setMenuOpen(false);
        }}
        onKeyDown={(e) => {
          if (e.key === "Escape" && menuOpen) {
            e.stopPropagation();
            setMenuOpen(false);
          }
        }}
      >
        <button
          type="button"
          className="menu-button compact-only"
          aria-expanded={menuOpen}
          aria-controls="table-menu"
          onClick={() => setMenuOpen((o) => !o)}
          title="More commands"
        >
          <span aria-hidden="true">☰</span> Menu
        </button>
        <div className="group main">
          <button
            type="button"
            onClick={() => newDealAsSet(controller)}
            disabled={busy}
            title={`New deal (${key("n")})`}
          >
            New deal
          </button>
          <button
            type="button"
            onClick={() => controller.undo()}
            disabled={!session.canUndo}
            title={`Undo (${key("u")})`}
          >
            Undo
          </button>
          {redoButton("wide-only")}
          <button
            type="button"
            onClick={() => controller.hintPress()}
            disabled={busy || won}
            aria-pressed={controller.hint !== null}
            title={`Hint (${key("t")}): the solver's move, then each other legal move`}
          >
            Hint
          </button>
          {solveButton("wide-only")}
          {actions.map((action) => (
            <button
              key={action.notation}
              type="button"
              onClick={() => playAction(action.notation)}
              disabled={busy || action.why !== undefined}
              title={action.why}
            >
              {action.label}
            </button>
          ))}
          {finishing.length > 0 && !controller.solving && (
            <button
              type="button"
              className="accent"
              onClick={() => autoComplete()}
              disabled={busy || autoRunning}
              title="Every card left goes home by itself: play them all"
            >
              Finish
            </button>
          )}
          {/* Always in its place (hidden when there is no hint), so showing a hint never moves the table. */}
          <button
            type="button"
            className={`accent${controller.hint?.kind === "move" ? "" : " unseen"}`}
            onClick={() => controller.playHint()}
            aria-hidden={controller.hint?.kind !== "move"}
            tabIndex={controller.hint?.kind === "move" ? 0 : -1}
          >
            Play it
          </button>
        </div>
        {/*
          The rest of the commands: in the toolbar on a wide screen; a laptop keeps the deal's number, Restart and
          the Moves box there and puts the choice of deal in the menu; a phone puts all of it in the menu.
        */}
        <div className="group more" id="table-menu">
          <div className="group kept">
            <DealNumber controller={controller} busy={busy} inputRef={dealInput} />
            <button
              type="button"
              onClick={() => controller.restart()}
              disabled={busy || !session.canUndo}
              title="Back to the start of the deal (redo takes it back)"
            >
              Restart
            </button>
            <form
              className="moves-form"
              onSubmit={(e) => {
                e.preventDefault();
                controller.playNotation(movesText);
                setMovesText("");
              }}
            >
              <label className="sr-only" htmlFor="moves-input">
                Moves in notation
              </label>
              <input
                id="moves-input"
                placeholder="Moves"
                value={movesText}
                onChange={(e) => setMovesText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Escape") {
                    e.currentTarget.blur();
                    focusTable();
                  }
                }}
                title="Type moves in the game's notation (: to get here), Enter to play them"
                size={10}
                autoComplete="off"
              />
            </form>
          </div>
          <div className="group extra">
            <DealChoice controller={controller} busy={busy} />
            {redoButton("compact-only")}
            {solveButton("compact-only")}
          </div>
        </div>
      </div>

      <StatusBar controller={controller} game={game} />

      <div
        className={`notice notice-${notice?.tone ?? "empty"}`}
        role="status"
        aria-live="polite"
        data-testid="notice"
        title={notice?.text}
        // Focusable: a phone held sideways shows one line of it, and a tap opens it whole (table.css).
        tabIndex={notice ? 0 : -1}
        ref={noticeRef}
      >
        {notice?.text ?? "\u00a0"}
      </div>

      <Table
        controller={controller}
        layout={layout}
        animate={moving}
        speed={speed}
        scale={CARD_SCALE[settings.cardSize]}
        mirror={settings.leftHanded}
        back={settings.back}
        state={controller.state}
        seq={controller.change.seq}
        selection={controller.selection}
        hint={controller.hint}
        busy={controller.dealing || controller.solving}
      />

      {celebrating !== null && (
        <Celebration
          seed={celebrating}
          rate={1 / speed}
          behind={prompt}
          onDone={() => setCelebrating(null)}
        />
      )}

      <Dialog
        title={finish?.assisted ? "Solved" : "You won!"}
        open={prompt && finish !== null}
        onClose={() => {
          setPrompt(false);
          setCelebrating(null);
          focusTable();
        }}
        testId="win-dialog"
        className="win"
        initialFocus="button.primary"
      >
        {finish && (
          <div className="win-prompt">
            <p>
              {finish.assisted
                ? `The computer helped, so this game is not counted as a win. ${finish.moves} moves in ${formatDuration(finish.ms)}.`
                : `${controller.title().replace(/^./, (c) => c.toUpperCase())} in ${finish.moves} moves and ${formatDuration(finish.ms)}.${finish.counted ? "" : " This game's win was already counted."}`}
            </p>
            <div className="dialog-actions">
              <button
                type="button"
                className="primary"
                onClick={() => {
                  setPrompt(false);
                  setCelebrating(null);
                  newDealAsSet(controller);
                }}
              >
                New deal
              </button>
              <button
                type="button"
                onClick={() => {
                  setPrompt(false);
                  setCelebrating(null);
                  controller.sameDeal();
                }}
                disabled={controller.deal === undefined}
              >
                Same deal again
              </button>
              <button
                type="button"
                onClick={() => {
                  setPrompt(false);
                  setCelebrating(null);
                  onStats();
                }}
              >
                Statistics
              </button>
            </div>
          </div>
        )}
      </Dialog>

      <Dialog
        title={confirm?.title ?? ""}
        open={confirm !== null}
        onClose={() => {
          controller.answer(false);
          focusTable();
        }}
        testId="confirm-dialog"
      >
        {confirm && (
          <div className="confirm">
            <p>{confirm.text}</p>
            <label className="check">
              <input type="checkbox" checked={dontAsk} onChange={(e) => setDontAsk(e.target.checked)} /> Don't
              ask again
            </label>
            <div className="dialog-actions">
              <button
                type="button"
                className="primary"
                onClick={() => {
                  controller.answer(true, dontAsk);
                  setDontAsk(false);
                }}
              >
                {confirm.yes}
              </button>
              <button
                type="button"
                onClick={() => {
                  controller.answer(false);
                  setDontAsk(false);
                  focusTable();
                }}
              >
                {confirm.no}
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </section>
  );
}

export default PatienceView;
