/** Money as the member's language writes it: shared with the server, whose mails write it the same way. */
export { formatMoney, minorPerUnit } from '@motema/shared/money';
