// The codes a person types to let a device without a keyboard in (the device sign-in): eight
// letters of an alphabet without vowels (no words spelt by chance) and without letters easily
// confused, shown as two groups of four, read whatever the case and whatever dashes or spaces
// were typed between them. 20⁸ ≈ 2.6 × 10¹⁰ codes, against a guess limit per person and address.

export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;

/** The code as stored and compared: eight letters of the alphabet, upper case; undefined for anything else. */
export function normaliseUserCode(typed: string): string | undefined {
  const letters = typed.toUpperCase().replace(/[\s-]/g, '');
  if (letters.length !== USER_CODE_LENGTH) return undefined;
  for (const letter of letters) if (!USER_CODE_ALPHABET.includes(letter)) return undefined;
  return letters;
}

/** The code as shown: `BDFG-HJKL`. */
export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
