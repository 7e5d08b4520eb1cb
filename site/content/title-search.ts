// The help centre's search box matches article titles: every word typed must appear in the title,
// ignoring letter case and accents ("cambiar contrasena" finds "Cambiar contraseña").

/** Lower case without accents or other combining marks, in any script. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

export function titleMatches(title: string, query: string): boolean {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  const folded = foldForSearch(title);
  return words.every((word) => folded.includes(word));
}
