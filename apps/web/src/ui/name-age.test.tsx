import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NameAge } from './name-age.tsx';

const LONG = 'Kwabena-Oluwaseun Adebayo-Mensah';

/** The name's element and the age's, with the styles that decide which one gives way. */
function parts(format: (name: string) => string, name = LONG) {
  const { container } = render(<NameAge name={name} format={format} />);
  const row = container.firstElementChild as HTMLElement;
  const nameEl = row.querySelector<HTMLElement>('bdi[data-name]')!;
  const ageEl = row.querySelector<HTMLElement>('[data-age]')!;
  return { row, nameEl, ageEl };
}

describe('NameAge', () => {
  it('keeps the age whole beside a long name: only the name shrinks, to an ellipsis', () => {
    const { row, nameEl, ageEl } = parts((name) => `${name}, 20`);
    expect(row.textContent).toBe(`${LONG}, 20`);
    // One flex line that may be narrower than its content.
    expect(row.style.display).toBe('flex');
    expect(row.style.minWidth).toBe('0');
    // The name: shrinks (flex-shrink 1, no minimum of its content's width), cut with an ellipsis.
    expect(nameEl.textContent).toBe(LONG);
    expect(nameEl.style.flex).toBe('0 1 auto');
    expect(nameEl.style.overflow).toBe('hidden');
    expect(nameEl.style.textOverflow).toBe('ellipsis');
    expect(nameEl.style.whiteSpace).toBe('nowrap');
    // The age: never shrinks, never wraps.
    expect(ageEl.textContent).toBe(', 20');
    expect(ageEl.style.flex).toBe('0 0 auto'); // flex: none
    expect(ageEl.style.whiteSpace).toBe('pre');
    // The name is the only element that may be cut.
    expect(row.children).toHaveLength(2);
  });

  it('follows the translation around the name ("{{name}}, {{age}} ans"), the name isolated', () => {
    const { nameEl, ageEl } = parts((name) => `${name}, 20 ans`, 'Amina');
    expect(ageEl.textContent).toBe(', 20 ans');
    expect(nameEl.getAttribute('dir')).toBe('auto');
  });

  it('keeps words before the name fixed too', () => {
    const { row } = parts((name) => `Age 20: ${name}`, 'Obinna');
    expect(row.firstElementChild!.textContent).toBe('Age 20: ');
    expect((row.firstElementChild as HTMLElement).style.flex).toBe('0 0 auto');
    expect(row.lastElementChild!.textContent).toBe('Obinna');
  });
});
