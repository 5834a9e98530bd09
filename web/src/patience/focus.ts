/** Focus back on the table's tab stop (after the Deal # box, a dialog…). */
export function focusTable(): void {
  document.querySelector<HTMLElement>(".table [data-focus='yes']")?.focus();
}
