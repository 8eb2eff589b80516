import { formatDate } from '../../lib/format-date.ts';

/** A day of the programme (a proof, a cooldown's end, a child's arrival) as the language writes it: "12 March 2027". */
export const formatDay = (iso: string, language: string) =>
  formatDate(Date.parse(iso), language, { dateStyle: 'long' });
