/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** Fills a buffer with random 32-bit values; the browser's CSPRNG by default, a fixed source in tests. */
export type TRandomSource = (buffer: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer>;

const cryptoSource: TRandomSource = (buffer) => crypto.getRandomValues(buffer);

/**
 * A temporary password for an invited user, in groups ('k7Qm-x3Pa-…'): 16 characters of a 54-letter alphabet
 * (about 92 bits). Modulo bias is negligible at 2^32 / 54.
 */
export function generateTemporaryPassword(random: TRandomSource = cryptoSource): string {
  const values = random(new Uint32Array(GROUPS * GROUP_LENGTH));
  const characters = Array.from(values, (value) => ALPHABET[value % ALPHABET.length]);
  const groups: string[] = [];
  for (let index = 0; index < characters.length; index += GROUP_LENGTH) {
    groups.push(characters.slice(index, index + GROUP_LENGTH).join(''));
  }
  return groups.join('-');
}
