import type { ScamFamily } from '@motema/shared/scam-shield';

/**
 * The scam shield's rules and word lists (docs/scam-shield.md): which families of mobile-money fraud a
 * message looks like. Pure and synchronous: the send path calls it on every message a stranger sends.
 * A message is first normalised (look-alike letters, accents, leetspeak, spaced-out letters, numbers
 * written as words) so that "0r4nge m.o.n.e.y" and "zéro huit un ..." read as the scripts they are.
 * Each family asks for two signals together where one alone is ordinary talk ("my credit ran out" is
 * a money word without a request; "send me the photo" a request without money).
 */

/** Cyrillic and Greek letters drawn like Latin ones (lowercase: the text is lowercased first). */
// prettier-ignore
const HOMOGLYPHS: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ɡ: 'g', α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v',
  ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w', ς: 's', σ: 'o', μ: 'u',
};
/** Digits and signs standing for letters inside a word ("m0ney", "wh4tsapp", "ca$h"). */
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '@': 'a', $: 's' };
/** Numbers written as words, French and English, to find phone numbers spelt out. */
// prettier-ignore
const DIGIT_WORDS: Record<string, string> = {
  zero: '0', un: '1', une: '1', deux: '2', trois: '3', quatre: '4', cinq: '5', six: '6', sept: '7',
  huit: '8', neuf: '9', oh: '0', one: '1', two: '2', three: '3', four: '4', five: '5', seven: '7',
  eight: '8', nine: '9',
};

/** The look-alikes as one character class, so that only they call the mapping. */
const HOMOGLYPH = new RegExp(`[${Object.keys(HOMOGLYPHS).join('')}]`, 'gu');
/** A digit or sign that may stand for a letter: a text without one has no leetspeak. */
const LEET_SIGN = /[\d@$]/;

/**
 * Lowercase, accents off, look-alikes and leetspeak mapped: the text with its punctuation kept. Run
 * on every message a stranger sends (bench/README.md B3), so each step is skipped where it cannot
 * change the text: ASCII has no accent or look-alike, a text without digits or signs no leetspeak.
 */
function letters(text: string): string {
  const lower = text.toLowerCase();
  const plain = isAscii(lower)
    ? lower
    : lower
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .replace(HOMOGLYPH, (char) => HOMOGLYPHS[char]!);
  if (!LEET_SIGN.test(plain)) return plain;
  // A digit or sign is a letter only inside a word that has letters: "m0ney", never "0812".
  // An amount with its unit ("5k", "100fc", "50usd") stays one.
  return plain.replace(/[\p{L}\d@$]+/gu, (word) =>
    /\p{L}/u.test(word) && LEET_SIGN.test(word) && !/^\d+\p{L}{1,3}$/u.test(word)
      ? word.replace(/[013450@$]/g, (c) => LEET[c] ?? c)
      : word,
  );
}

const isAscii = (text: string) => /^\p{ASCII}*$/u.test(text);

/** Letters spaced out or dotted ("o r a n g e", "m.o.n.e.y"), three or more, joined back. */
const joinSpaced = (text: string) =>
  text.replace(/\b\p{L}(?:[\s.\-_*·]\p{L}\b){2,}/gu, (run) => run.replace(/[\s.\-_*·]/g, ''));

/** A number written as a word, as a whole token of `words` (single spaces between tokens). */
const DIGIT_WORD = new RegExp(`(?<![^ ])(?:${Object.keys(DIGIT_WORDS).join('|')})(?![^ ])`, 'g');

/** Runs of four or more numbers written as words (digits allowed among them) turned into digits. */
function spelledDigits(words: string): string {
  // Fewer than four number words in the whole text make no run: the text as it is.
  if ((words.match(DIGIT_WORD)?.length ?? 0) < 4) return words;
  const digitOf = (token: string) => (Object.hasOwn(DIGIT_WORDS, token) ? DIGIT_WORDS[token] : undefined);
  const tokens = words.split(' ');
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.filter((t) => digitOf(t) !== undefined).length >= 4)
      out.push(run.map((t) => digitOf(t) ?? t).join(''));
    else out.push(...run);
    run = [];
  };
  for (const token of tokens) {
    if (digitOf(token) !== undefined || /^\d{1,4}$/.test(token)) run.push(token);
    else {
      flush();
      out.push(token);
    }
  }
  flush();
  return out.join(' ');
}

/** The forms the rules read: `words` (a-z, digits, single spaces), `squashed` (letters only), `raw`. */
export type Normalised = { raw: string; words: string; squashed: string };

export function normalise(text: string): Normalised {
  const raw = joinSpaced(letters(text));
  const words = spelledDigits(
    raw
      .replace(/[^\p{L}\d+]+/gu, ' ')
      .replace(/\+/g, ' +')
      .trim(),
  );
  return { raw, words, squashed: words.replace(/[^a-z]/g, '') };
}

const any = (list: readonly string[]) => list.join('|');

/** Asking for something: EN, FR, Pidgin, Lingala, Swahili, Nouchi and Camfranglais. */
// prettier-ignore
const ASK = any([
  'send me', 'sen me', 'send', 'lend me', 'loan me', 'give me', 'borrow me', 'help me with', 'help me',
  'i need', 'need', 'top me up', 'top up', 'recharge me', 'buy me', 'pay for me', 'pay my', 'can you send',
  'transfer', 'wire', 'abeg', 'dash me', 'make you send', 'fit send', 'envoie', 'envoi', 'envoyer',
  'envoyez', 'envoies', 'tu peux m envoyer', 'prete moi', 'preter', 'pretez', 'prete', 'donne moi',
  'donnez moi', 'aide moi', 'aidez moi', 'depanne moi', 'depanner', 'j ai besoin', 'besoin', 'transfere',
  'transferer', 'recharge moi', 'rechargez', 'achete moi', 'paie moi', 'fais moi', 'faire un depot',
  'tinda', 'tindela', 'tindela ngai', 'pesa ngai', 'nasengi', 'sunga ngai', 'nitumie', 'tuma', 'nikopeshe',
  'naomba', 'nisaidie', 'nipe', 'gbe moi', 'cotise', 'enjaille moi', 'fala moi', 'yamo', 'tchoko',
]);
/** Money, airtime and the forms it takes: currencies, amounts, slang for cash. */
// prettier-ignore
const MONEY_WORDS = [
  'money', 'moni', 'monies', 'cash', 'dollars?', 'usd', 'euros?', 'naira', 'cedis?', 'shillings?', 'ksh',
  'francs?', 'fcfa', 'cfa', 'xaf', 'xof', 'cdf', 'fc', 'airtime', 'credit', 'unites?', 'recharge card',
  'recharge', 'data bundle', 'argent', 'fric', 'thune', 'largent', 'wari', 'nkap', 'ndoh', 'mbongo',
  'mbongue', 'pesa', 'hela', 'salio', 'vocha', 'mkopo', 'kobo',
];
/** Words that are money only after a request ("sous", "ticket", "rent"): not a reason to review. */
// prettier-ignore
const MONEY = any([
  ...MONEY_WORDS, 'units?', 'bundle', 'forfait', 'megas?', 'sous', 'tunes', 'transport', 'transport fare',
  'frais', 'fees?', 'ticket', 'visa fees?', 'loyer', 'rent', 'hospital bill', 'school fees', 'facture', 'dot',
]);
/** A money word, or an amount ("5k", "20 000"). */
const MONEY_OR_AMOUNT = `${MONEY}|\\d+ ?k|\\d{3,}`;
/** Mobile-money operators, money transfer shops and prepaid coupons, squashed (no spaces). */
// prettier-ignore
const OPERATORS_SQUASHED = any([
  'orangemoney', 'mpesa', 'airtelmoney', 'mobilemoney', 'mtnmomo', 'mtnmoney', 'moovmoney', 'westernunion',
  'moneygram', 'worldremit', 'tmoney', 'flooz', 'afrimoney', 'wavemoney', 'expressunion', 'ecobankmobile',
]);
/** Operators named by a word that is theirs alone. */
// prettier-ignore
const OPERATOR_WORDS = any(['momo', 'mpesa', 'flooz', 'lipa na mpesa', 'tmoney']);
/** Operators whose name is also an ordinary word ("orange", "wave"): with a number or a request only. */
// prettier-ignore
const OPERATOR_AMBIGUOUS = any([
  'orange', 'wave', 'om', 'mtn', 'airtel', 'vodacom', 'moov', 'ria', 'africell',
]);
/** Moving money through an operator. */
// prettier-ignore
const MOVE_MONEY = any([
  'send', 'sen', 'envoie', 'envoyer', 'envoyez', 'depose', 'deposer', 'depot', 'deposit', 'transfer',
  'transfert', 'transfere', 'recharge', 'achete', 'acheter', 'buy', 'use', 'utilise', 'tuma', 'tinda',
  'number', 'numero', 'num', 'namba', 'account', 'compte',
]);
/** Prepaid coupons and gift cards, asked for by scammers only. */
// prettier-ignore
const COUPONS = any([
  'pcs', 'transcash', 'neosurf', 'paysafecard', 'google play card', 'itunes card', 'gift card',
  'carte cadeau', 'steam card', 'coupon', 'coupons', 'recharge pcs',
]);
// prettier-ignore
const CODE = any([
  'code', 'codes', 'pin', 'otp', 'mot de passe', 'password', 'mtcn', 'code secret', 'secret code',
  'verification code', 'code de confirmation', 'chiffres', 'digits',
]);
// prettier-ignore
const CODE_CUE = any([
  'send me', 'give me', 'tell me', 'read me', 'forward', 'envoie', 'donne moi', 'donne', 'dis moi',
  'transfere', 'communique', 'you received', 'you got', 'tu as recu', 'tu vas recevoir',
  'you will receive', 'sms', 'message', 'ton', 'votre', 'your', 'nitumie', 'nipe', 'pesa ngai', 'tindela',
]);
// prettier-ignore
const MISTAKE = any([
  'by mistake', 'by error', 'mistakenly', 'wrongly sent', 'wrong number', 'par erreur', 'par megarde',
  'trompe de numero', 'trompee de numero', 'mauvais numero', 'kwa makosa', 'na libunga', 'na erreur',
  'for mistake', 'sent am wrong',
]);
// prettier-ignore
const GIVE_BACK = any([
  'send it back', 'send back', 'send am back', 'return it', 'refund', 'reverse', 'renvoie', 'renvoyer',
  'renvoyez', 'retourne', 'retourner', 'rembourse', 'rembourser', 'remets', 'rudisha', 'zongisa',
]);
const MONEY_MOVED = any(['transaction', 'transfert', 'transfer', 'depot', 'deposit']);
// prettier-ignore
const APPS = any([
  'whatsapp', 'watsap', 'whatsap', 'watsapp', 'wasap', 'whats app', 'telegram', 'telegramme', 'signal',
  'viber', 'imo', 'snapchat', 'snap', 'insta', 'instagram', 'facebook', 'messenger', 'hangout', 'wechat',
  'google chat', 'skype', 'tiktok',
]);
// prettier-ignore
const MOVE = any([
  'add me', 'add me on', 'ajoute moi', 'ajoutez moi', 'ecris moi', 'ecrivez moi', 'contacte moi',
  'contactez moi', 'text me', 'chat me', 'call me', 'appelle moi', 'come to', 'viens sur', 'venez sur',
  'on', 'sur', 'my number', 'mon numero', 'mon num', 'my digits', 'inbox me', 'dm me', 'nitext',
  'niandikie', 'kolia ngai', 'bengisa ngai',
]);

const near = (a: string, b: string, gap = 5) => new RegExp(`\\b(?:${a})\\b(?: \\S+){0,${gap}} (?:${b})\\b`);
const word = (list: string) => new RegExp(`\\b(?:${list})\\b`);

const RULES = {
  askMoney: near(ASK, MONEY_OR_AMOUNT),
  amountAsk: near('\\d+ ?k|\\d{3,}', ASK, 4),
  operatorSquashed: new RegExp(OPERATORS_SQUASHED),
  operatorWord: word(OPERATOR_WORDS),
  operatorAmbiguous: word(OPERATOR_AMBIGUOUS),
  moveMoney: word(MOVE_MONEY),
  coupon: word(COUPONS),
  askCode: near(CODE_CUE, CODE, 4),
  codeAsk: near(CODE, ASK, 3),
  mistake: word(MISTAKE),
  giveBack: word(GIVE_BACK),
  moneyMoved: word(`${MONEY_OR_AMOUNT}|${MONEY_MOVED}|${OPERATOR_WORDS}`),
  app: word(APPS),
  move: near(MOVE, APPS, 3),
  appMove: near(APPS, `${MOVE}|number|numero|num|\\d{6,}`, 4),
  link: /\b(?:https?:\/\/|www\.)|\b(?:t|wa)\.me\/|\b[a-z0-9-]{2,}\.(?:com|net|org|io|me|ly|co|cd|cm|ci|ke|ng|tz|sn|xyz|info|biz|top|link|site|online|app|click|shop|live)\b(?:\/\S*)?|\bbit ?\. ?ly\b|\b(?:dot com|point com)\b/,
  money: word(any(MONEY_WORDS)),
} as const;

const PHONE = /(?:\+|\b00)?\d[\d ]{7,}\d/g;

/** Whether the text holds a phone number: 8 to 15 digits in one run, spaced or not, maybe spelt out. */
export function hasPhoneNumber(normalised: Normalised): boolean {
  return [...normalised.words.matchAll(PHONE)].some(([run]) => {
    const digits = run.replace(/\D/g, '').length;
    // West African numbers have 8 digits; "10 000 000" is an amount.
    const amount = /^\d{1,3}(?: \d{3})+$/.test(run.trim());
    return digits >= 8 && digits <= 15 && !amount;
  });
}

/** Whether the text holds a link (a web address, spelt out or not). */
export const hasLink = (normalised: Normalised) => RULES.link.test(normalised.raw);

/** The scam families `text` looks like, in a fixed order; empty for ordinary talk. */
export function scamFamilies(text: string): ScamFamily[] {
  const n = normalise(text);
  const { words, squashed } = n;
  const found = new Set<ScamFamily>();
  const operator = RULES.operatorSquashed.test(squashed) || RULES.operatorWord.test(words);
  const phone = hasPhoneNumber(n);
  const askMoney = RULES.askMoney.test(words) || RULES.amountAsk.test(words);
  if (askMoney) found.add('money_request');
  const ambiguous = RULES.operatorAmbiguous.test(words);
  if (
    RULES.coupon.test(words) ||
    (operator && (askMoney || phone || RULES.moveMoney.test(words))) ||
    (ambiguous && (askMoney || phone) && RULES.moveMoney.test(words))
  )
    found.add('mobile_money');
  if (RULES.askCode.test(words) || RULES.codeAsk.test(words)) found.add('code');
  if (RULES.mistake.test(words) && (RULES.moneyMoved.test(words) || operator || RULES.giveBack.test(words)))
    found.add('mistake');
  if (RULES.move.test(words) || RULES.appMove.test(words) || /\bwa\.me\b|\bt\.me\b/.test(n.raw))
    found.add('off_platform');
  if (hasLink(n)) found.add('link');
  if (phone) found.add('phone_number');
  return SCAM_FAMILY_ORDER.filter((family) => found.has(family));
}

const SCAM_FAMILY_ORDER: readonly ScamFamily[] = [
  'money_request',
  'mobile_money',
  'code',
  'mistake',
  'off_platform',
  'link',
  'phone_number',
];

/**
 * What a sender should look at again before a first message to someone who has not answered: their
 * phone number, or money (a money word, an operator, a request). Empty when neither.
 */
export function reviewReasons(text: string): ('phone_number' | 'money')[] {
  const n = normalise(text);
  const reasons: ('phone_number' | 'money')[] = [];
  if (hasPhoneNumber(n)) reasons.push('phone_number');
  if (RULES.money.test(n.words) || RULES.operatorSquashed.test(n.squashed) || RULES.coupon.test(n.words))
    reasons.push('money');
  return reasons;
}
