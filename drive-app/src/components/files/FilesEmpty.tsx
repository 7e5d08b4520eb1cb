/** What an empty list says instead: what this place is for, and how to fill it. */
export function FilesEmpty({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="files-empty">
      <p className="files-empty-title">{title}</p>
      <p className="files-empty-hint">{hint}</p>
    </div>
  );
}
