// Activation codes: minted by the operator for a plan, handed out by hand, redeemed once. A code
// is 16 characters of Crockford's base 32 (80 random bits), shown in groups of four; only its
// SHA-256 is stored. Typing is forgiven: case, spaces and dashes do not matter, and the letters
// people confuse with digits (I, L, O) read as those digits.
import { randomInt } from 'node:crypto';
import { hashSecret } from '../../ids.ts';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 16;

/** A new code, as the operator hands it out: XXXX-XXXX-XXXX-XXXX. */
export function newActivationCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.match(/.{4}/g)!.join('-');
}

/** What a typed code is stored under: undefined when it cannot be a code at all. */
export function activationCodeHash(typed: string): string | undefined {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (plain.length !== LENGTH || ![...plain].every((c) => ALPHABET.includes(c))) return undefined;
  return hashSecret(plain);
}
