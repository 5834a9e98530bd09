import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { NUMBERINGS, type Numbering } from "../../../src/cards/deals/layout.ts";
import { GAMES, PATIENCE_GAMES } from "../../../src/games/registry.ts";
import { findPreset, gameTitle, patienceKeys, TETRIS_KEYS, webPatience } from "../games.ts";
import { openDaily } from "../patience/daily-deal.ts";
import { controllerFor, setSettingsListener } from "../patience/env.ts";
// The patience table is the first thing shown: loaded with the page, not after it (one round trip less).
import { type DealLink, PatienceView } from "../patience/PatienceView.tsx";
import { loadSettings, type Settings, saveSettings } from "../settings.ts";
import { setSoundEnabled } from "../sound.ts";
import { browserStore } from "../storage.ts";
import { pauseTetris } from "../tetris/kept.ts";
import { Dialog } from "./Dialog.tsx";
import { GameChooser } from "./GameChooser.tsx";
import { SettingsPanel } from "./SettingsPanel.tsx";
import { StatsPanel } from "./StatsPanel.tsx";

const TetrisView = lazy(() => import("../tetris/index.tsx"));

type Open = "settings" | "stats" | "help" | "games" | null;

interface Route {
  game: string;
  deal?: number;
  numbering: Numbering;
  /** `#/GAME/daily`: today's deal (UTC), the same winnable deal for everyone. */
  daily?: true;
}

/**
 * `#/freecell/617?numbering=solvitaire`, `#/freecell/daily`, `#/gaps-one-deal/5`: a game (of the registry, or one
 * of Solvitaire's presets by its name), a deal, a numbering; anything unknown falls back.
 */
export function parseHash(hash: string): Route {
  const [path, query = ""] = hash.replace(/^#\/?/, "").split("?");
  const [id, dealText] = path.split("/");
  const game = GAMES.some((g) => g.id === id) || findPreset(id) !== undefined ? id : GAMES[0].id;
  const n = dealText !== undefined && /^\d{1,12}$/.test(dealText) ? Number(dealText) : undefined;
  const asked = new URLSearchParams(query).get("numbering");
  const numbering = NUMBERINGS.includes(asked as Numbering) ? (asked as Numbering) : "microsoft";
  const daily = dealText === "daily" && game === id ? { daily: true as const } : {};
  return { game, ...(n !== undefined && n > 0 ? { deal: n } : {}), numbering, ...daily };
}

function useTheme(settings: Settings): void {
  useEffect(() => {
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const apply = () => {
      const dark = settings.theme === "dark" || (settings.theme === "system" && media.matches);
      document.documentElement.dataset.theme = dark ? "dark" : "light";
      document.documentElement.dataset.table = settings.table;
    };
    apply();
    media.addEventListener("change", apply);
    return () => media.removeEventListener("change", apply);
  }, [settings.theme, settings.table]);
}

export function App() {
  const [loaded] = useState(() => loadSettings(browserStore()));
  const [settings, setSettings] = useState<Settings>(loaded.value);
  const [problem, setProblem] = useState(loaded.problem);
  const [route, setRoute] = useState<Route>(() => parseHash(location.hash));
  const [link, setLink] = useState<DealLink | null>(() => {
    const r = parseHash(location.hash);
    return r.deal === undefined ? null : { deal: r.deal, numbering: r.numbering, seq: 0 };
  });
  const [open, setOpen] = useState<Open>(null);
  useTheme(settings);
  setSoundEnabled(settings.sound);

  const change = useCallback((s: Settings) => {
    setSettings(s);
    saveSettings(browserStore(), s);
  }, []);

  useEffect(() => {
    setSettingsListener(change);
  }, [change]);

  // A daily link (`#/GAME/daily`) opens today's deal, at the start and whenever the address asks for it.
  const settingsNow = useRef(settings);
  settingsNow.current = settings;
  const daily = useCallback((r: Route) => {
    const target = r.daily ? webPatience(r.game) : undefined;
    if (target) void openDaily(target, settingsNow.current);
  }, []);
  // The address the page was opened at (the table's effects rewrite it to the deal shown before this one runs).
  const opened = useRef(route);
  useEffect(() => daily(opened.current), [daily]);

  useEffect(() => {
    const onHash = () => {
      const r = parseHash(location.hash);
      daily(r);
      setRoute(r);
      if (r.deal !== undefined) {
        const deal = r.deal;
        setLink((l) => ({ deal, numbering: r.numbering, seq: (l?.seq ?? 0) + 1 }));
      } else setLink(null);
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, [daily]);

  const game = route.game;
  const patience = webPatience(game);

  // Leaving Tetris pauses it; it waits, paused, for the player to come back.
  useEffect(() => {
    if (game !== "tetris") pauseTetris();
  }, [game]);
  const title = gameTitle(game);

  // The page's title (the window's, the tab's, the installed app's) names the game in play.
  useEffect(() => {
    document.title = `${title} · tsol`;
  }, [title]);

  // The game shown is in sight in the menu's strip (which scrolls sideways when the games do not fit), also
  // after the window changes size.
  useEffect(() => {
    const centre = () => {
      const link = document.querySelector<HTMLElement>(`.game-menu a[href="#/${CSS.escape(game)}"]`);
      const menu = link?.parentElement;
      if (!link || !menu || menu.clientWidth === 0) return;
      const from = menu.getBoundingClientRect();
      const at = link.getBoundingClientRect();
      menu.scrollLeft += at.left - from.left - menu.clientWidth / 2 + at.width / 2;
    };
    centre();
    window.addEventListener("resize", centre);
    return () => window.removeEventListener("resize", centre);
  }, [game]);

  /** "Play again" from the statistics: that game, that deal, the rules it was played with. */
  const playAgain = (id: string, deal: number, numbering: Numbering, rules: Record<string, unknown>) => {
    const target = webPatience(id);
    if (!target) return;
    setOpen(null);
    setLink(null);
    if (route.game !== id) {
      history.replaceState(null, "", `#/${id}`);
      setRoute({ game: id, numbering });
    }
    controllerFor(target, settings).playAgain(deal, numbering, rules);
  };

  return (
    <div className="app">
      <header className="app-head">
        <h1 className="brand">
          <svg viewBox="0 0 100 100" aria-hidden="true" className="brand-mark">
            <rect x="14" y="8" width="58" height="80" rx="8" transform="rotate(-10 43 48)" />
            <rect x="30" y="10" width="58" height="80" rx="8" />
            <path d="M59 30c-6 12-18 16-18 26a9 9 0 0 0 16 5l-3 10h10l-3-10a9 9 0 0 0 16-5c0-10-12-14-18-26z" />
          </svg>
          <span className="brand-name">tsol</span>
        </h1>
        <button
          type="button"
          className="game-picker"
          onClick={() => setOpen("games")}
          aria-haspopup="dialog"
          aria-label={`Games (now ${title})`}
          title="Choose a game"
        >
          <span className="picker-now">{title}</span>
          <span className="picker-all">All games</span>
          <span aria-hidden="true" className="picker-arrow">
            ▾
          </span>
        </button>
        {/* A wide screen also has the games in a strip (it scrolls sideways, the game shown in sight). */}
        <nav className="game-menu" aria-label="Games">
          {GAMES.map((g) => (
            <a
              key={g.id}
              href={`#/${g.id}`}
              className={g.id === game ? "active" : ""}
              aria-current={g.id === game ? "page" : undefined}
            >
              {g.title}
            </a>
          ))}
        </nav>
        <div className="shell-buttons">
          <button type="button" onClick={() => setOpen("stats")} aria-label="Statistics">
            <span className="long-label">Statistics</span>
            <span className="short-label" aria-hidden="true">
              Stats
            </span>
          </button>
          <button type="button" onClick={() => setOpen("settings")}>
            Settings
          </button>
          <button type="button" onClick={() => setOpen("help")} aria-label="Help">
            ?
          </button>
        </div>
      </header>
      {problem && (
        <div className="banner" role="alert">
          Your saved settings could not be read ({problem}); the defaults are in use.{" "}
          <button type="button" onClick={() => setProblem(undefined)}>
            OK
          </button>
        </div>
      )}
      <main className="game-area">
        <Suspense fallback={<p className="loading">Loading {title}…</p>}>
          {patience ? (
            <PatienceView
              key={patience.id}
              game={patience}
              settings={settings}
              blocked={open !== null}
              link={link}
              onStats={() => setOpen("stats")}
            />
          ) : (
            <TetrisView settings={settings} blocked={open !== null} onSettings={change} />
          )}
        </Suspense>
      </main>
      <Dialog
        title="Games"
        open={open === "games"}
        onClose={() => setOpen(null)}
        wide
        testId="games-dialog"
        initialFocus="input"
      >
        <GameChooser current={game} onChosen={() => setOpen(null)} />
      </Dialog>
      <Dialog
        title="Settings"
        open={open === "settings"}
        onClose={() => setOpen(null)}
        testId="settings-dialog"
      >
        <SettingsPanel settings={settings} onChange={change} game={game} />
      </Dialog>
      <Dialog
        title="Statistics"
        open={open === "stats"}
        onClose={() => setOpen(null)}
        wide
        testId="stats-dialog"
      >
        <StatsPanel onPlay={playAgain} current={game} />
      </Dialog>
      <Dialog title="Help" open={open === "help"} onClose={() => setOpen(null)} wide testId="help-dialog">
        <div className="help">
          {[
            // The game shown first: a preset too (the others are in the games' chooser).
            ...(patience ? [patience] : []),
            ...PATIENCE_GAMES.filter((g) => g.id !== game),
          ].map((g) => (
            <section key={g.id}>
              <h3>{g.title}</h3>
              <p>{g.about}</p>
              <dl className="keys-help">
                {patienceKeys(g).map(([k, what]) => (
                  <div key={k}>
                    <dt>{k}</dt>
                    <dd>{what}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          <section>
            <h3>Tetris</h3>
            <p>{GAMES.find((g) => g.id === "tetris")?.rules}</p>
            <dl className="keys-help">
              {TETRIS_KEYS.map(([k, what]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{what}</dd>
                </div>
              ))}
            </dl>
          </section>
          <p className="note">
            Your games in progress, settings, statistics and high scores are kept in this browser's local
            storage.
          </p>
        </div>
      </Dialog>
    </div>
  );
}
