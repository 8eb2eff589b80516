import type { Built } from './array-rows.ts';

/**
 * SQL text built once per shape of a query instead of on every request (QUALITY B1, B8, B10). Drizzle
 * building a member list's page and count cost about half a millisecond a request, the feed's page
 * about a millisecond, walking the same tree of conditions into the same text each time: only the
 * parameters change with the input (the viewer, their page or cursor).
 *
 * A template is learned from Drizzle itself, never written by hand: the query is built for the input,
 * then for two probes of the same shape (every value different), and each parameter is matched to the
 * named value it equals in all three builds, or kept as a constant when it is the same in all three.
 * When the texts differ, or a parameter is neither (a value the names do not cover), the shape is
 * marked as not templated and its queries keep being built by Drizzle. Statements stay unnamed, as
 * Drizzle's are: PostgreSQL plans each with its parameters (a generic plan of a member list would read
 * every active member; the feed's costs more than its custom plans).
 *
 * What differs between queries is their input, which each owner describes (`TemplateInputs`):
 * discovery's list pages (discovery/statement-templates.repository.ts), the posts feed
 * (posts/feed/feed-templates.repository.ts), the zone lists (zones/zone-list-templates.repository.ts).
 */
export type TemplateInputs<Input> = {
  /** Every value the query's parameters take from the input, by name. */
  namedValues: (input: Input) => Map<string, unknown>;
  /**
   * What decides the text besides the caller's key: which values exist, not what they are. A value
   * that becomes a constant of the text (a sex wanted) must be in it.
   */
  shapeOf: (input: Input) => string;
  /**
   * An input of the same shape with every value moved by `step` (1 and 2), each by its own amount so
   * that two values equal in the input differ in the probes. Throws for a value it cannot move (the
   * shape then stays Drizzle's).
   */
  probeOf: (input: Input, step: number) => Input;
};

type Slot = { name: string } | { constant: unknown };
type Template = { sql: string; slots: Slot[] } | null;
/** Templates by key and shape; null for a shape whose statements Drizzle keeps building. */
export type Templates = Map<string, Template>;

function learn<Input>(
  inputs: TemplateInputs<Input>,
  build: (input: Input) => Built | null,
  input: Input,
): Template {
  let probes: Input[];
  try {
    probes = [inputs.probeOf(input, 1), inputs.probeOf(input, 2)];
  } catch {
    // A value a probe cannot move (a date out of range): this shape stays Drizzle's.
    return null;
  }
  const builds = [input, ...probes].map((each) => ({
    built: build(each),
    values: inputs.namedValues(each),
  }));
  const [first] = builds;
  if (!first!.built || builds.some(({ built }) => built?.sql !== first!.built!.sql)) return null;
  const slots: Slot[] = [];
  for (let i = 0; i < first!.built.params.length; i++) {
    const at = builds.map(({ built, values }) => ({ param: built!.params[i], values }));
    const names = [...first!.values.keys()].filter((key) =>
      at.every(({ param, values }) => values.get(key) === param),
    );
    // Two names that match in every build: which one the parameter is cannot be told.
    if (names.length > 1) return null;
    if (names.length === 1) slots.push({ name: names[0]! });
    else if (at.every(({ param }) => param === at[0]!.param)) slots.push({ constant: at[0]!.param });
    else return null;
  }
  return { sql: first!.built.sql, slots };
}

/**
 * A query's text and parameters for this input: from the shape's template once one is learned, else
 * from `build` (Drizzle). `key` names what the input's shape does not (a list's filter and sort...).
 */
export function templatedStatement<Input>(
  inputs: TemplateInputs<Input>,
  templates: Templates,
  key: string,
  build: (input: Input) => Built | null,
  input: Input,
): Built | null {
  const shape = `${key}|${inputs.shapeOf(input)}`;
  let template = templates.get(shape);
  if (template === undefined) {
    template = learn(inputs, build, input);
    templates.set(shape, template);
  }
  if (!template) return build(input);
  const values = inputs.namedValues(input);
  return {
    sql: template.sql,
    params: template.slots.map((slot) => ('name' in slot ? values.get(slot.name) : slot.constant)),
  };
}
