import { MAGIC_PAYERS, type MagicScenario } from './magic-payers.ts';

/**
 * Outcomes programmed with POST /__sim/scenario: the next `times` payments of a phone (or the one of
 * a reference) play `scenario` instead of the number's own. Matched by reference first, then phone.
 */
export type Program = {
  phone: string | null;
  reference: string | null;
  scenario: MagicScenario | 'interactive';
  remaining: number;
};

export function takeProgram(
  programs: Program[],
  request: { phone: string | null; reference: string },
): Program['scenario'] | null {
  const program =
    programs.find((p) => p.reference === request.reference) ??
    programs.find((p) => p.reference === null && p.phone !== null && p.phone === request.phone);
  if (!program) return null;
  program.remaining--;
  if (program.remaining <= 0) programs.splice(programs.indexOf(program), 1);
  return program.scenario;
}

/** Reads POST /__sim/scenario's body, or says what is wrong with it. */
export function parseProgram(body: unknown): Program | string {
  const fields = (body ?? {}) as Record<string, unknown>;
  const phone = typeof fields.phone === 'string' ? fields.phone : null;
  const reference = typeof fields.reference === 'string' ? fields.reference : null;
  if (!phone && !reference) return 'phone or reference: which payments to program';
  const scenario = fields.scenario;
  if (typeof scenario !== 'string' || !(scenario === 'interactive' || scenario in MAGIC_PAYERS)) {
    return `scenario: interactive or one of ${Object.keys(MAGIC_PAYERS).join(', ')}`;
  }
  const times = fields.times ?? 1;
  if (typeof times !== 'number' || !Number.isInteger(times) || times < 1) return 'times: a whole number ≥ 1';
  return { phone, reference, scenario: scenario as Program['scenario'], remaining: times };
}
