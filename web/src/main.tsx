import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./shell/App.tsx";
import { registerServiceWorker } from "./shell/service-worker.ts";
import "./styles/base.css";
import "./styles/table.css";
import "./styles/tetris.css";

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

registerServiceWorker();
