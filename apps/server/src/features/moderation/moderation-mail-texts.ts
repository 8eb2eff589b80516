import type { InterfaceLanguage } from '@motema/shared/languages';
import type { ModerationAction, ModerationRule } from '@motema/shared/moderation';

type NotifiedAction = 'remove_content' | 'warn' | 'restrict' | 'require_verification' | 'suspend' | 'ban';

/** The words of the mail telling a member of a moderator's action. `{until}`, `{rule}` are filled in. */
export type NoticeTexts = {
  subject: string;
  actions: Record<NotifiedAction, string>;
  rules: Record<ModerationRule, string>;
  ruleLead: string;
  messageLead: string;
  until: string;
  appealLead: string;
  appealButton: string;
};

export const NOTICE_TEXTS: Record<InterfaceLanguage, NoticeTexts> = {
  en: {
    subject: 'A decision of the Motema team about your account',
    actions: {
      remove_content: 'We removed something you posted.',
      warn: 'This is a warning about your use of Motema.',
      restrict: 'Your messages to members you have not matched with are held for review.',
      require_verification: 'Other members will see you again once you verify your profile with a selfie.',
      suspend: 'Your account is suspended.',
      ban: 'Your account is closed for good.',
    },
    rules: {
      fake_profile: 'Fake profile',
      scam: 'Scam or money request',
      sexual_content: 'Sexual content',
      harassment: 'Harassment',
      hate_or_violence: 'Hate or violence',
      underage: 'Under 18',
      spam: 'Spam',
      other: 'Another community rule',
    },
    ruleLead: 'The rule concerned: {rule}.',
    messageLead: 'Our moderator’s words: {message}',
    until: 'Until {until}.',
    appealLead: 'If you think this is a mistake, you may appeal until {deadline}:',
    appealButton: 'Appeal this decision',
  },
  fr: {
    subject: 'Une décision de l’équipe Motema concernant votre compte',
    actions: {
      remove_content: 'Nous avons retiré un de vos contenus.',
      warn: 'Ceci est un avertissement sur votre utilisation de Motema.',
      restrict: 'Vos messages aux membres avec qui vous n’avez pas de match sont vérifiés avant envoi.',
      require_verification:
        'Les autres membres vous verront de nouveau après la vérification de votre profil par selfie.',
      suspend: 'Votre compte est suspendu.',
      ban: 'Votre compte est fermé définitivement.',
    },
    rules: {
      fake_profile: 'Faux profil',
      scam: 'Arnaque ou demande d’argent',
      sexual_content: 'Contenu sexuel',
      harassment: 'Harcèlement',
      hate_or_violence: 'Haine ou violence',
      underage: 'Moins de 18\u00a0ans',
      spam: 'Spam',
      other: 'Une autre règle de la communauté',
    },
    ruleLead: 'La règle concernée\u00a0: {rule}.',
    messageLead: 'Le mot de notre modérateur\u00a0: {message}',
    until: 'Jusqu’au {until}.',
    appealLead: 'Si vous pensez qu’il s’agit d’une erreur, vous pouvez contester jusqu’au {deadline}\u00a0:',
    appealButton: 'Contester cette décision',
  },
  ro: {
    subject: 'O decizie a echipei Motema privind contul dvs.',
    actions: {
      remove_content: 'Am eliminat ceva ce ați publicat.',
      warn: 'Acesta este un avertisment privind folosirea Motema.',
      restrict:
        'Mesajele dvs. către membrii cu care nu aveți potrivire sunt verificate înainte de trimitere.',
      require_verification:
        'Ceilalți membri vă vor vedea din nou după ce vă verificați profilul cu un selfie.',
      suspend: 'Contul dvs. este suspendat.',
      ban: 'Contul dvs. este închis definitiv.',
    },
    rules: {
      fake_profile: 'Profil fals',
      scam: 'Înșelătorie sau cerere de bani',
      sexual_content: 'Conținut sexual',
      harassment: 'Hărțuire',
      hate_or_violence: 'Ură sau violență',
      underage: 'Sub 18 ani',
      spam: 'Spam',
      other: 'O altă regulă a comunității',
    },
    ruleLead: 'Regula încălcată: {rule}.',
    messageLead: 'Cuvintele moderatorului nostru: {message}',
    until: 'Până la {until}.',
    appealLead: 'Dacă credeți că este o greșeală, puteți contesta până la {deadline}:',
    appealButton: 'Contestați această decizie',
  },
};

export function isNotifiedAction(action: ModerationAction): action is NotifiedAction {
  return action in NOTICE_TEXTS.en.actions;
}
