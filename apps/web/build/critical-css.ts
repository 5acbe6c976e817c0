// The rules of a built (minified) style sheet that can apply to a page's markup: every style rule with a selector
// that matches an element of it, inside the @media, @supports and @layer blocks they sit in. login.html inlines them
// so its prerendered sign-in screen paints without waiting for the whole sheet (docs/decisions.md "Web: the first
// paint of /login"). Rules are copied as written; only selectors are interpreted, by jsdom.
import { createRequire } from 'node:module';

// jsdom (a dev dependency, for the web tests) ships no types; this is the part used here.
type Jsdom = { JSDOM: new (html: string) => { window: { document: Document } } };
const { JSDOM } = createRequire(import.meta.url)('jsdom') as Jsdom;

type Block = { prelude: string; body: string; text: string };

/** Top-level `prelude { body }` blocks of minified CSS; strings and nested braces are skipped over. */
function blocks(css: string): Block[] {
  const found: Block[] = [];
  let start = 0;
  let open = -1;
  let depth = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const end = css.indexOf(c, i + 1);
      i = end < 0 ? css.length : end;
    } else if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
      if (depth === 0) start = i + 1;
    } else if (c === '{') {
      if (depth++ === 0) open = i;
    } else if (c === '}' && --depth === 0) {
      found.push({
        prelude: css.slice(start, open).trim(),
        body: css.slice(open + 1, i),
        text: css.slice(start, i + 1),
      });
      start = i + 1;
    } else if (c === ';' && depth === 0) {
      start = i + 1; // @charset, @import, @layer a,b;
    }
  }
  return found;
}

/** A selector list split at its top-level commas. */
function selectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

// Pseudo-elements never match an element; the element they belong to does.
const PSEUDO_ELEMENT =
  /::?(?:before|after|placeholder|selection|marker|backdrop|first-line|first-letter|-webkit-[\w-]+|-moz-[\w-]+|-ms-[\w-]+)(?:\([^)]*\))?/g;

function matches(document: Document, selector: string): boolean {
  const base = selector.replace(PSEUDO_ELEMENT, '').trim() || '*';
  try {
    return document.querySelector(base) !== null;
  } catch {
    return false; // a selector jsdom does not know: it cannot be needed for the first paint
  }
}

const GROUPING = /^@(?:media|supports|layer)\b/;

function keep(document: Document, css: string): string {
  let out = '';
  for (const block of blocks(css)) {
    if (GROUPING.test(block.prelude)) {
      const inner = keep(document, block.body);
      if (inner) out += `${block.prelude}{${inner}}`;
    } else if (!block.prelude.startsWith('@') && selectors(block.prelude).some((s) => matches(document, s))) {
      out += block.text;
    }
    // @font-face, @keyframes and the like: nothing the first paint of plain text needs.
  }
  return out;
}

/** The rules of `css` (in order) that may apply to `html`. */
export function criticalCss({ html, css }: { html: string; css: string }): string {
  const { document } = new JSDOM(html).window;
  return keep(document, css);
}
