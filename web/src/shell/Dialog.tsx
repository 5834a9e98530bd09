import { type ReactNode, useEffect, useRef } from "react";

/** A modal dialog on the native <dialog> element: it traps focus and closes with Esc. */
export function Dialog({
  title,
  open,
  onClose,
  children,
  wide,
  testId,
  initialFocus,
  className,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
  /** The element focused when the dialog opens (a selector inside it), rather than the first one (×). */
  initialFocus?: string;
  /** More classes: the win's dialog lets the celebration show behind it. */
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      if (initialFocus) dialog.querySelector<HTMLElement>(initialFocus)?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, initialFocus]);
  return (
    <dialog
      ref={ref}
      className={`dialog${wide ? " wide" : ""}${className ? ` ${className}` : ""}`}
      aria-label={title}
      data-testid={testId}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <header className="dialog-head">
        <h2>{title}</h2>
        <button type="button" className="close" onClick={onClose} aria-label="Close">
          ×
        </button>
      </header>
      <div className="dialog-body">{open && children}</div>
    </dialog>
  );
}
