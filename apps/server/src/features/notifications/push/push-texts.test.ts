import { INTERFACE_LANGUAGES } from '@motema/shared/languages';
import { describe, expect, it } from 'vitest';
import { featureModules } from '../../../modules/index.ts';
import { notificationsOf } from '../../../modules/plug-in.ts';
import { provideNotificationContributions } from '../list/notification-sources.ts';
import { pushAllowed } from './push-limit.ts';
import { PUSH_BODY_MAX, pushTexts, type PushSubject } from './push-texts.ts';

const subjects: PushSubject[] = [
  { kind: 'message', name: 'Amina', text: 'Mbote! On se voit ce soir ?', count: 1 },
  { kind: 'message', name: 'Amina', text: 'Mbote!', count: 3 },
  { kind: 'match', name: 'Amina' },
  { kind: 'like', name: 'Amina' },
  { kind: 'visit', name: 'Amina' },
  { kind: 'request', name: 'Amina' },
  { kind: 'comment', name: 'Amina', text: 'Mbote! Belle photo' },
  { kind: 'payment', variant: 'succeeded' },
  { kind: 'payment', variant: 'failed' },
  { kind: 'zoneRequest', name: 'Amina', zone: 'Kinshasa runners' },
  { kind: 'zoneRequest', name: 'Amina', zone: 'Kinshasa runners', variant: 'reminded' },
  { kind: 'zoneAnswer', zone: 'Kinshasa runners', variant: 'approved' },
  { kind: 'zoneAnswer', zone: 'Kinshasa runners', variant: 'declined' },
  { kind: 'zoneAnswer', zone: 'Kinshasa runners', variant: 'declinedWithReason', text: 'Mbote!' },
  { kind: 'zonePost', name: 'Amina', zone: 'Kinshasa runners', text: 'Mbote! Belle photo' },
  { kind: 'zonePost', name: 'Amina', zone: 'Kinshasa runners', variant: 'media' },
  { kind: 'live', name: 'Amina' },
];

// The kinds' words are their owners' (notification-port.ts), given as buildApp gives them.
provideNotificationContributions(notificationsOf(featureModules));

describe('push texts', () => {
  it('name who did it and carry the text, in each language', () => {
    expect(pushTexts('en', subjects[0]!, false)).toEqual({
      title: 'Amina',
      body: 'Mbote! On se voit ce soir ?',
    });
    expect(pushTexts('en', subjects[1]!, false)).toEqual({ title: 'Amina', body: '3 new messages\nMbote!' });
    expect(pushTexts('fr', subjects[1]!, false)).toEqual({
      title: 'Amina',
      body: '3\u00a0nouveaux messages\nMbote!',
    });
    expect(pushTexts('fr', subjects[2]!, false).title).toBe('C’est un match\u00a0!');
    expect(pushTexts('ro', subjects[3]!, false).title).toBe('Îi placi lui Amina');
    expect(pushTexts('en', subjects[6]!, false)).toEqual({
      title: 'Amina commented on your post',
      body: 'Mbote! Belle photo',
    });
    expect(pushTexts('fr', subjects[8]!, false).title).toBe('Paiement refusé');
    expect(pushTexts('ro', subjects[9]!, false).title).toBe('Amina cere să intre în Kinshasa runners');
    expect(pushTexts('fr', subjects[11]!, false).title).toBe('Bienvenue dans Kinshasa runners\u00a0!');
    expect(pushTexts('en', subjects[13]!, false)).toEqual({
      title: 'Your request to join Kinshasa runners was declined',
      body: 'Reason: Mbote!',
    });
    expect(pushTexts('en', subjects[14]!, false)).toEqual({
      title: 'Amina posted in Kinshasa runners',
      body: 'Mbote! Belle photo',
    });
  });

  it('say neither a name nor a text when discreet, in any language', () => {
    for (const language of INTERFACE_LANGUAGES) {
      for (const subject of subjects) {
        const { title, body } = pushTexts(language, subject, true);
        expect(title).toBe('Motema');
        expect(`${title} ${body}`).not.toMatch(/Amina|Mbote|Kinshasa/);
      }
    }
    expect(pushTexts('en', subjects[0]!, true).body).toBe('You have a new message');
    expect(pushTexts('fr', subjects[1]!, true).body).toBe('Vous avez 3\u00a0nouveaux messages');
  });

  it('cut a long message to the payload’s bound', () => {
    const { body } = pushTexts(
      'en',
      { kind: 'message', name: 'Amina', text: 'é'.repeat(1000), count: 1 },
      false,
    );
    expect([...body]).toHaveLength(PUSH_BODY_MAX);
    expect(body.endsWith('…')).toBe(true);
  });

  it('fill every placeholder and keep French typography (a no-break space before ! ? : ;)', () => {
    for (const language of INTERFACE_LANGUAGES) {
      for (const subject of subjects) {
        for (const discreet of [false, true]) {
          const { title, body } = pushTexts(language, subject, discreet);
          expect(`${title}${body}`).not.toMatch(/\{\w+\}/);
          if (language === 'fr')
            expect(`${title} ${body}`.replace(/Mbote! On se voit ce soir \?|Mbote!/g, '')).not.toMatch(
              /[^\u00a0][!?:;]/,
            );
        }
      }
    }
  });
});

describe('the hourly limit', () => {
  const tags = (n: number) => Array.from({ length: n }, (_, i) => `match:${i}`);

  it('lets a new tag through while fewer than the limit went this hour', () => {
    expect(pushAllowed(tags(5), 'like:x', 6)).toBe(true);
    expect(pushAllowed(tags(6), 'like:x', 6)).toBe(false);
  });

  it('counts a push replacing one of the same tag once: it always goes once its tag went', () => {
    const sent = [...tags(5), 'message:c', 'message:c', 'message:c'];
    expect(pushAllowed(sent, 'message:c', 6)).toBe(true);
    expect(pushAllowed(sent, 'like:x', 6)).toBe(false);
  });
});
