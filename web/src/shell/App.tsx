import { Suspense, useEffect, useState } from "react";
import { GAMES } from "../../../src/games/registry.ts";
import { KEY_HELP, VIEWS } from "../games.ts";
import { loadSettings, type Settings, saveSettings } from "../settings.ts";
import { setSoundEnabled } from "../sound.ts";
import { Dialog } from "./Dialog.tsx";
import { SettingsPanel } from "./SettingsPanel.tsx";
import { StatsPanel } from "./StatsPanel.tsx";

type Open = "settings" | "stats" | "help" | null;

function gameFromHash(): string {
  const id = location.hash.replace(/^#\/?/, "");
  return GAMES.some((g) => g.id === id) ? id : GAMES[0].id;
}

function useTheme(theme: Settings["theme"]): void {
  useEffect(() => {
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const apply = () => {
      const dark = theme === "dark" || (theme === "system" && media.matches);
      document.documentElement.dataset.theme = dark ? "dark" : "light";
    };
    apply();
    media.addEventListener("change", apply);
    return () => media.removeEventListener("change", apply);
  }, [theme]);
}

export function App() {
  const [loaded] = useState(loadSettings);
  const [settings, setSettings] = useState<Settings>(loaded.value);
  const [problem, setProblem] = useState(loaded.problem);
  const [game, setGame] = useState(gameFromHash);
  const [open, setOpen] = useState<Open>(null);
  useTheme(settings.theme);
  setSoundEnabled(settings.sound);

  useEffect(() => {
    const onHash = () => setGame(gameFromHash());
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);

  const change = (s: Settings) => {
    setSettings(s);
    saveSettings(s);
  };

  const View = VIEWS[game];
  const entry = GAMES.find((g) => g.id === game);
  return (
    <div className="app">
      <header className="app-head">
        <h1 className="brand">
          <svg viewBox="0 0 100 100" aria-hidden="true" className="brand-mark">
            <rect x="14" y="8" width="58" height="80" rx="8" transform="rotate(-10 43 48)" />
            <rect x="30" y="10" width="58" height="80" rx="8" />
            <path d="M59 30c-6 12-18 16-18 26a9 9 0 0 0 16 5l-3 10h10l-3-10a9 9 0 0 0 16-5c0-10-12-14-18-26z" />
          </svg>
          tsol
        </h1>
        <nav className="game-menu" aria-label="Games">
          {GAMES.map((g) => (
            <a
              key={g.id}
              href={`#/${g.id}`}
              className={g.id === game ? "active" : ""}
              aria-current={g.id === game ? "page" : undefined}
            >
              {g.title}
              {!VIEWS[g.id] && <small> (soon)</small>}
            </a>
          ))}
        </nav>
        <div className="shell-buttons">
          <button type="button" onClick={() => setOpen("stats")}>
            Statistics
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
        {View ? (
          <Suspense fallback={<p className="loading">Loading {entry?.title}…</p>}>
            <View settings={settings} blocked={open !== null} />
          </Suspense>
        ) : (
          <section className="coming-soon">
            <h2>{entry?.title}</h2>
            <p>{entry?.rules}</p>
            <p>The engine exists; its table in the browser is still to come.</p>
          </section>
        )}
      </main>
      <Dialog title="Settings" open={open === "settings"} onClose={() => setOpen(null)}>
        <SettingsPanel settings={settings} onChange={change} />
      </Dialog>
      <Dialog title="Statistics" open={open === "stats"} onClose={() => setOpen(null)} wide>
        <StatsPanel />
      </Dialog>
      <Dialog title="Help" open={open === "help"} onClose={() => setOpen(null)} wide>
        <div className="help">
          {GAMES.map((g) => (
            <section key={g.id}>
              <h3>{g.title}</h3>
              <p>{g.rules}</p>
              {KEY_HELP[g.id] && (
                <dl className="keys-help">
                  {KEY_HELP[g.id].map(([k, what]) => (
                    <div key={k}>
                      <dt>{k}</dt>
                      <dd>{what}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </section>
          ))}
          <p className="note">
            Your game in progress, settings, statistics and high scores are kept in this browser's local
            storage.
          </p>
        </div>
      </Dialog>
    </div>
  );
}
