/**
 * Whether a typed name is the registered one: case, accents, punctuation and spacing aside
 * ("ana  garcía" is "Ana García"; "Mickey Mouse" is not). The signature on a contract is the
 * registered person's, so the name typed to sign must be theirs.
 */
export function sameName(typed: string, registered: string): boolean {
  const plain = (name: string) =>
    name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const a = plain(typed);
  return a.length > 0 && a === plain(registered);
}
