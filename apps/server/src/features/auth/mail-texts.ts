import type { InterfaceLanguage } from '@motema/shared/languages';

/** The words of the account mails and SMS. `{minutes}` and `{code}` are filled in by mails.ts. */
export type MailTexts = {
  /** After a label that a link follows ("Or confirm with one tap:"): French puts a no-break space before it. */
  colon: string;
  hello: string;
  helloName: string;
  signature: string;
  footer: string;
  validFor: string;
  confirmSubject: string;
  confirmIntro: string;
  confirmCodeLead: string;
  confirmButton: string;
  confirmNotYou: string;
  existingSubject: string;
  existingIntro: string;
  existingLogin: string;
  existingReset: string;
  existingNotYou: string;
  resetSubject: string;
  resetIntro: string;
  resetNotYou: string;
  changeEmailSubject: string;
  changeEmailIntro: string;
  changeEmailNotYou: string;
  changedSubject: string;
  changedIntro: string;
  changedFine: string;
  changedNotYou: string;
  changedReset: string;
  withdrawalNumberSubject: string;
  withdrawalNumberIntro: string;
  withdrawalNumberCooldown: string;
  withdrawalNumberNotYou: string;
  withdrawalPaidSubject: string;
  withdrawalPaidIntro: string;
  withdrawalFailedSubject: string;
  withdrawalFailedIntro: string;
  smsReset: string;
  smsChangePhone: string;
};

export const MAIL_TEXTS: Record<InterfaceLanguage, MailTexts> = {
  en: {
    colon: ':',
    hello: 'Hello,',
    helloName: 'Hello {name},',
    signature: 'See you soon on Motema,\nThe Motema team',
    footer:
      'You receive this message because of an action on your Motema account. Motema is for adults aged 18 or older.',
    validFor: 'This code is valid for {minutes} minutes. Never share it with anyone.',
    confirmSubject: 'Welcome to Motema! Confirm your e-mail',
    confirmIntro: 'We are so glad you are joining Motema. One last step: confirm your e-mail address.',
    confirmCodeLead: 'Enter this code in the app:',
    confirmButton: 'Or confirm with one tap',
    confirmNotYou: 'If you did not create an account, simply ignore this message.',
    existingSubject: 'Someone tried to sign up with your e-mail',
    existingIntro:
      'Someone (maybe you) just tried to create a Motema account with this e-mail address. You already have an account, so nothing was changed.',
    existingLogin: 'Log in to your account',
    existingReset: 'Forgot your password? Choose a new one here',
    existingNotYou: 'If it was not you, you can ignore this message: your account is safe.',
    resetSubject: 'Your Motema password reset code',
    resetIntro: 'We received a request to reset your password. Here is your code:',
    resetNotYou: 'If you did not ask for this, ignore this message: your password stays the same.',
    changeEmailSubject: 'Confirm your new e-mail address',
    changeEmailIntro: 'To use this address with your Motema account, enter this code:',
    changeEmailNotYou: 'If you did not ask for this change, you can ignore this message.',
    changedSubject: 'Your Motema password was changed',
    changedIntro:
      'Your password has just been changed. For your safety, your sessions on other devices were closed.',
    changedFine: 'If it was you, all is well: nothing else to do.',
    changedNotYou: 'If it was not you, choose a new password right away and keep your account safe.',
    changedReset: 'Reset my password',
    withdrawalNumberSubject: 'Your withdrawal number was changed',
    withdrawalNumberIntro:
      'The number your Motema partnership withdrawals go to was just changed to {phone}.',
    withdrawalNumberCooldown: 'For your safety, withdrawals to it open {hours} hours after it is proven.',
    withdrawalNumberNotYou:
      'If it was not you, change your password right away and put your own number back.',
    withdrawalPaidSubject: 'Your withdrawal was paid',
    withdrawalPaidIntro: 'Your withdrawal of {amount} was sent to {phone}.',
    withdrawalFailedSubject: 'Your withdrawal did not go through',
    withdrawalFailedIntro:
      'Your withdrawal of {amount} to {phone} did not go through. The amount is back in your available balance.',
    smsReset:
      'Motema: your password reset code is {code}. It is valid for {minutes} minutes. Never share it.',
    smsChangePhone: 'Motema: your code to confirm this number is {code}. It is valid for {minutes} minutes.',
  },
  fr: {
    colon: '\u00a0:',
    hello: 'Bonjour,',
    helloName: 'Bonjour {name},',
    signature: 'À très bientôt sur Motema,\nL’équipe Motema',
    footer:
      'Vous recevez ce message suite à une action sur votre compte Motema. Motema est réservé aux adultes de 18\u00a0ans et plus.',
    validFor: 'Ce code est valable {minutes}\u00a0minutes. Ne le communiquez jamais à personne.',
    confirmSubject: 'Bienvenue sur Motema\u202f! Confirmez votre adresse e-mail',
    confirmIntro:
      'Nous sommes ravis de vous accueillir sur Motema. Dernière étape\u00a0: confirmez votre adresse e-mail.',
    confirmCodeLead: 'Saisissez ce code dans l’application\u00a0:',
    confirmButton: 'Ou confirmez en un clic',
    confirmNotYou: 'Si vous n’avez pas créé de compte, ignorez simplement ce message.',
    existingSubject: 'Quelqu’un a essayé de s’inscrire avec votre adresse e-mail',
    existingIntro:
      'Quelqu’un (peut-être vous) vient d’essayer de créer un compte Motema avec cette adresse e-mail. Vous avez déjà un compte\u00a0: rien n’a été modifié.',
    existingLogin: 'Vous connecter à votre compte',
    existingReset: 'Mot de passe oublié\u202f? Choisissez-en un nouveau ici',
    existingNotYou: 'Si ce n’était pas vous, ignorez ce message\u00a0: votre compte est en sécurité.',
    resetSubject: 'Votre code de réinitialisation Motema',
    resetIntro:
      'Nous avons reçu une demande de réinitialisation de votre mot de passe. Voici votre code\u00a0:',
    resetNotYou:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: votre mot de passe reste inchangé.',
    changeEmailSubject: 'Confirmez votre nouvelle adresse e-mail',
    changeEmailIntro: 'Pour utiliser cette adresse avec votre compte Motema, saisissez ce code\u00a0:',
    changeEmailNotYou: 'Si vous n’avez pas demandé ce changement, ignorez simplement ce message.',
    changedSubject: 'Votre mot de passe Motema a été modifié',
    changedIntro:
      'Votre mot de passe vient d’être modifié. Par sécurité, vos sessions ouvertes sur d’autres appareils ont été fermées.',
    changedFine: 'Si c’était vous, tout va bien\u00a0: vous n’avez rien d’autre à faire.',
    changedNotYou:
      'Si ce n’était pas vous, choisissez sans attendre un nouveau mot de passe pour protéger votre compte.',
    changedReset: 'Réinitialiser mon mot de passe',
    withdrawalNumberSubject: 'Votre numéro de retrait a été modifié',
    withdrawalNumberIntro:
      'Le numéro qui reçoit les retraits de votre partenariat Motema vient d’être remplacé par le {phone}.',
    withdrawalNumberCooldown:
      'Pour votre sécurité, les retraits vers ce numéro ouvrent {hours}\u00a0heures après sa vérification.',
    withdrawalNumberNotYou:
      'Si ce n’était pas vous, changez votre mot de passe tout de suite et remettez votre numéro.',
    withdrawalPaidSubject: 'Votre retrait a été payé',
    withdrawalPaidIntro: 'Votre retrait de {amount} a été envoyé au {phone}.',
    withdrawalFailedSubject: 'Votre retrait n’a pas abouti',
    withdrawalFailedIntro:
      'Votre retrait de {amount} vers le {phone} n’a pas abouti. Le montant est de nouveau disponible.',
    smsReset:
      'Motema : votre code de réinitialisation est {code}. Il est valable {minutes} minutes. Ne le communiquez à personne.',
    smsChangePhone:
      'Motema : votre code pour confirmer ce numéro est {code}. Il est valable {minutes} minutes.',
  },
  ro: {
    colon: ':',
    hello: 'Bună ziua,',
    helloName: 'Bună ziua, {name},',
    signature: 'Pe curând pe Motema,\nEchipa Motema',
    footer:
      'Primiți acest mesaj în urma unei acțiuni în contul dumneavoastră Motema. Motema este destinat adulților de cel puțin 18 ani.',
    validFor: 'Codul este valabil {minutes} minute. Nu îl comunicați nimănui.',
    confirmSubject: 'Bine ați venit pe Motema! Confirmați adresa de e-mail',
    confirmIntro:
      'Ne bucurăm mult că vă alăturați comunității Motema. Un ultim pas: confirmați adresa de e-mail.',
    confirmCodeLead: 'Introduceți acest cod în aplicație:',
    confirmButton: 'Sau confirmați cu un singur clic',
    confirmNotYou: 'Dacă nu ați creat un cont, ignorați pur și simplu acest mesaj.',
    existingSubject: 'Cineva a încercat să se înregistreze cu adresa dumneavoastră de e-mail',
    existingIntro:
      'Cineva (poate chiar dumneavoastră) tocmai a încercat să creeze un cont Motema cu această adresă de e-mail. Aveți deja un cont, așa că nu s-a schimbat nimic.',
    existingLogin: 'Conectați-vă la cont',
    existingReset: 'Ați uitat parola? Alegeți una nouă aici',
    existingNotYou: 'Dacă nu ați fost dumneavoastră, puteți ignora acest mesaj: contul este în siguranță.',
    resetSubject: 'Codul de resetare a parolei Motema',
    resetIntro: 'Am primit o cerere de resetare a parolei dumneavoastră. Iată codul:',
    resetNotYou: 'Dacă nu ați cerut acest lucru, ignorați acest mesaj: parola rămâne neschimbată.',
    changeEmailSubject: 'Confirmați noua adresă de e-mail',
    changeEmailIntro: 'Pentru a folosi această adresă în contul Motema, introduceți acest cod:',
    changeEmailNotYou: 'Dacă nu ați cerut această schimbare, puteți ignora acest mesaj.',
    changedSubject: 'Parola Motema a fost schimbată',
    changedIntro:
      'Parola dumneavoastră tocmai a fost schimbată. Pentru siguranță, sesiunile deschise pe alte dispozitive au fost închise.',
    changedFine: 'Dacă ați fost dumneavoastră, totul este în regulă: nu mai trebuie să faceți nimic.',
    changedNotYou:
      'Dacă nu ați fost dumneavoastră, alegeți imediat o parolă nouă pentru a vă proteja contul.',
    changedReset: 'Resetați parola',
    withdrawalNumberSubject: 'Numărul de retragere a fost schimbat',
    withdrawalNumberIntro:
      'Numărul la care merg retragerile parteneriatului Motema tocmai a fost schimbat în {phone}.',
    withdrawalNumberCooldown:
      'Pentru siguranța dumneavoastră, retragerile către el sunt posibile la {hours} de ore după verificare.',
    withdrawalNumberNotYou:
      'Dacă nu ați fost dumneavoastră, schimbați imediat parola și puneți la loc numărul dumneavoastră.',
    withdrawalPaidSubject: 'Retragerea a fost plătită',
    withdrawalPaidIntro: 'Retragerea de {amount} a fost trimisă la {phone}.',
    withdrawalFailedSubject: 'Retragerea nu a reușit',
    withdrawalFailedIntro: 'Retragerea de {amount} către {phone} nu a reușit. Suma este din nou disponibilă.',
    smsReset:
      'Motema: codul de resetare a parolei este {code}. Este valabil {minutes} minute. Nu îl comunicați nimănui.',
    smsChangePhone:
      'Motema: codul pentru confirmarea acestui număr este {code}. Este valabil {minutes} minute.',
  },
};
