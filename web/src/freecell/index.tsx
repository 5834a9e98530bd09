import { useEffect, useSyncExternalStore } from "react";
import type { GameViewProps } from "../games.ts";
import type { Settings } from "../settings.ts";
import { FreeCellController } from "./controller.ts";
import { FreeCellView } from "./FreeCellView.tsx";
import { SolverClient } from "./solver-client.ts";

let shared: FreeCellController | null = null;

/** One game for the page's life, so switching to another game and back loses nothing. */
export function freeCellController(settings: Settings): FreeCellController {
  shared ??= new FreeCellController(settings, new SolverClient());
  return shared;
}

export default function FreeCellGameView({ settings, blocked }: GameViewProps) {
  const controller = freeCellController(settings);
  useSyncExternalStore(controller.subscribe, controller.getVersion);

  useEffect(() => {
    controller.updateSettings(settings);
  }, [controller, settings]);

  useEffect(() => {
    const onVisibility = () => controller.setVisible(document.visibilityState === "visible");
    const onHide = () => controller.save();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onHide);
      controller.save();
    };
  }, [controller]);

  return <FreeCellView controller={controller} settings={settings} blocked={blocked} />;
}
