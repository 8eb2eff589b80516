import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EARLY_TAP_RECORDER, EARLY_TAPS_GLOBAL } from '@motema/shared/early-taps';

type Recorder = { taps: Element[]; stop: () => void };
const recorder = () => (window as unknown as Record<string, Recorder>)[EARLY_TAPS_GLOBAL]!;

/** A painted page: controls in the root, a link, and a button outside it (a notice the app does not hold). */
beforeEach(() => {
  document.body.innerHTML =
    '<div id="root"><form method="dialog"><button id="send" type="submit">Send</button></form>' +
    '<button id="like" aria-pressed="false">Like</button><a id="link" href="#elsewhere"><span>Open</span></a></div>' +
    '<button id="outside">Close</button>';
  new Function(EARLY_TAP_RECORDER)();
});
afterEach(() => {
  recorder().stop();
  document.body.innerHTML = '';
});

const tap = (id: string) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  document.getElementById(id)!.dispatchEvent(event);
  return event;
};

describe("the early taps' recorder, inline in a painted page's head", () => {
  it("keeps a tap on a control of the page, in order, and stops the tap's own effect", () => {
    const sent: string[] = [];
    document.querySelector('form')!.addEventListener('submit', () => sent.push('submit'));
    expect(tap('send').defaultPrevented).toBe(true);
    tap('like');
    expect(recorder().taps.map((element) => element.id)).toEqual(['send', 'like']);
    expect(sent).toEqual([]);
  });

  it('keeps a control tapped twice once, a toggle each time', () => {
    tap('send');
    tap('send');
    tap('like');
    tap('like');
    expect(recorder().taps.map((element) => element.id)).toEqual(['send', 'like', 'like']);
  });

  it('leaves links, and controls outside the page the app takes over, to themselves', () => {
    expect(tap('link').defaultPrevented).toBe(false);
    expect(tap('outside').defaultPrevented).toBe(false);
    expect(recorder().taps).toEqual([]);
  });

  it('keeps nothing once stopped (the early-tap script took the taps over)', () => {
    recorder().stop();
    expect(tap('send').defaultPrevented).toBe(false);
    expect(recorder().taps).toEqual([]);
  });
});
