/** Whether `typed` is the confirmation word, ignoring case, accents and surrounding spaces. */
export function isConfirmationWord(typed: string, word: string): boolean {
  const plain = (value: string) =>
    value
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .trim()
      .toLocaleUpperCase();
  return plain(typed) !== '' && plain(typed) === plain(word);
}
