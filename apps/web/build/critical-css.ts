/**
 * The critical CSS of a prerendered page (build/prerender.ts): of the styles the page's modules import,
 * the rules that can apply to its markup and the custom properties they use. The page paints with
 * these inline; the full sheets follow without blocking the paint (prerender-html.ts, main.tsx), for
 * what the page shows once it runs (a menu, a skeleton, another page).
 *
 * Conservative by design: a rule is dropped only when a class its selector requires (outside any
 * parentheses: `:not(.x)`, `:is(.x, .y)` do not require) is in no `class` attribute of the markup; a
 * custom property only when nothing kept, nor the markup (inline styles, Mantine's own variables),
 * reads it. At-rules other than @media, @supports, @layer and @container are kept whole.
 */

type Node = { kind: 'rule'; prelude: string; body: string } | { kind: 'statement'; text: string };

/** Splits `css` at its top level: rules with their bodies, and statements (`@import ...;`). */
function parse(css: string): Node[] {
  const nodes: Node[] = [];
  let start = 0;
  let depth = 0;
  let prelude = '';
  let bodyStart = 0;
  for (let i = 0; i < css.length; i++) {
    const char = css[i];
    if (char === '"' || char === "'") {
      i = css.indexOf(char, i + 1);
      if (i === -1) break;
    } else if (char === '/' && css[i + 1] === '*') {
      i = css.indexOf('*/', i + 2) + 1;
      if (i === 0) break;
    } else if (char === '{') {
      if (depth === 0) {
        prelude = css.slice(start, i).trim();
        bodyStart = i + 1;
      }
      depth++;
    } else if (char === '}') {
      depth--;
      if (depth === 0) {
        nodes.push({ kind: 'rule', prelude, body: css.slice(bodyStart, i) });
        start = i + 1;
      }
    } else if (char === ';' && depth === 0) {
      const text = css.slice(start, i + 1).trim();
      if (text !== ';') nodes.push({ kind: 'statement', text });
      start = i + 1;
    }
  }
  return nodes;
}

/** Splits at top-level `separator`s (not inside parentheses, brackets or strings). */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"' || char === "'") {
      const end = text.indexOf(char, i + 1);
      if (end === -1) break;
      i = end;
    } else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The classes a selector requires: those outside any parentheses or attribute brackets. */
function requiredClasses(selector: string): string[] {
  let outside = '';
  let depth = 0;
  for (const char of selector) {
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0) outside += char;
  }
  return [...outside.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!);
}

const GROUPING = /^@(media|supports|layer|container)\b/;

function pruneRules(nodes: Node[], classes: ReadonlySet<string>): Node[] {
  const kept: Node[] = [];
  for (const node of nodes) {
    if (node.kind === 'statement') kept.push(node);
    else if (GROUPING.test(node.prelude)) {
      const inner = pruneRules(parse(node.body), classes);
      if (inner.length > 0) kept.push({ ...node, body: serialize(inner) });
    } else if (node.prelude.startsWith('@')) kept.push(node);
    else {
      const selectors = splitTop(node.prelude, ',').filter((selector) =>
        requiredClasses(selector).every((name) => classes.has(name)),
      );
      if (selectors.length > 0) kept.push({ ...node, prelude: selectors.join(',') });
    }
  }
  return kept;
}

const CUSTOM_PROPERTY = /^\s*(--[\w-]+)\s*:/;
const readVariables = (text: string) => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!);

/** Drops the custom properties nothing reads, until what is kept reads nothing more. */
function pruneVariables(nodes: Node[], markup: string): Node[] {
  const declarationsOf = (body: string) => splitTop(body, ';');
  // What reads variables, besides their definitions: every other declaration, and the markup.
  const read = new Set(readVariables(markup));
  const definitions: { name: string; value: string }[] = [];
  const visit = (list: Node[]) => {
    for (const node of list) {
      if (node.kind === 'statement') continue;
      if (GROUPING.test(node.prelude)) visit(parse(node.body));
      else
        for (const declaration of declarationsOf(node.body)) {
          const name = CUSTOM_PROPERTY.exec(declaration)?.[1];
          if (name) definitions.push({ name, value: declaration });
          else for (const variable of readVariables(declaration)) read.add(variable);
        }
    }
  };
  visit(nodes);
  for (let grew = true; grew;) {
    grew = false;
    for (const { name, value } of definitions) {
      if (!read.has(name)) continue;
      for (const variable of readVariables(value)) {
        if (read.has(variable)) continue;
        read.add(variable);
        grew = true;
      }
    }
  }
  const prune = (list: Node[]): Node[] =>
    list.flatMap((node): Node[] => {
      if (node.kind === 'statement') return [node];
      if (GROUPING.test(node.prelude)) {
        const inner = prune(parse(node.body));
        return inner.length > 0 ? [{ ...node, body: serialize(inner) }] : [];
      }
      if (node.prelude.startsWith('@')) return [node];
      const declarations = declarationsOf(node.body).filter((declaration) => {
        const name = CUSTOM_PROPERTY.exec(declaration)?.[1];
        return declaration.trim() !== '' && (!name || read.has(name));
      });
      return declarations.length > 0 ? [{ ...node, body: declarations.join(';') }] : [];
    });
  return prune(nodes);
}

function serialize(nodes: Node[]): string {
  return nodes
    .map((node) => (node.kind === 'statement' ? node.text : `${node.prelude}{${node.body}}`))
    .join('');
}

/** The classes of the markup's `class` attributes. */
export function markupClasses(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const match of markup.matchAll(/\sclass="([^"]*)"/g))
    for (const name of match[1]!.split(/\s+/)) if (name) classes.add(name);
  return classes;
}

export function criticalCss(css: string, markup: string): string {
  return serialize(pruneVariables(pruneRules(parse(css), markupClasses(markup)), markup));
}
