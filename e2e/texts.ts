/** The text of a <Trans> string as shown: its tags (`<terms>...</terms>`) removed. */
export const plainText = (text: string) => text.replace(/<\/?\w+>/g, '');
