/** Something is under way: a spinner and the text, announced politely. */
export function BusyNotice({ text }: { text: string }) {
  return (
    <p className="busy-notice" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  );
}
