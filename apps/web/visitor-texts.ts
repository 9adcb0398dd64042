import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { VISITOR_TEXT_KEYS } from './src/lib/visitor-text-keys.ts';

const PREFIX = 'virtual:visitor-texts/';
const LOCALES = path.join(import.meta.dirname, 'src/locales');

export type LocaleNode = string | { readonly [key: string]: LocaleNode };
/** A language's texts as the visitor reads them: dotted key → text. */
export type FlatTexts = Record<string, string>;

function flatten(node: LocaleNode, at: string, into: FlatTexts): void {
  if (typeof node === 'string') {
    // A nested reference needs i18next's resolver, which the visitor does not load.
    if (node.includes('$t(')) throw new Error(`visitor text ${at} refers to another text: ${node}`);
    into[at] = node;
    return;
  }
  for (const [key, child] of Object.entries(node)) flatten(child, `${at}.${key}`, into);
}

type Tree = { [key: string]: LocaleNode };

/** Merges `from` into `into` as lib/i18n.ts merges locale files (deep, later files win). */
function merge(into: Tree, from: { readonly [key: string]: LocaleNode }): Tree {
  for (const [key, value] of Object.entries(from)) {
    const at = into[key];
    into[key] = typeof value === 'string' ? value : merge(typeof at === 'object' ? { ...at } : {}, value);
  }
  return into;
}

/**
 * The visitor's texts out of a language's locale files, merged as i18next's
 * store merges them: the paths of `keys`, a subtree taking all its texts.
 * A path that names nothing throws.
 */
export function pickVisitorTexts(files: readonly Record<string, LocaleNode>[], keys: readonly string[] = VISITOR_TEXT_KEYS): FlatTexts {
  const root = files.reduce<Tree>((into, file) => merge(into, file), {});
  const out: FlatTexts = {};
  for (const key of keys) {
    let node: LocaleNode | undefined = root;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (node === undefined) throw new Error(`visitor text ${key} is in no locale file`);
    flatten(node, key, out);
  }
  return out;
}

function localeFiles(lng: string): string[] {
  const dir = path.join(LOCALES, lng);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.join(dir, f));
}

/**
 * `virtual:visitor-texts/<language>`: the visitor's one text file per language
 * (lib/visitor-texts.ts), picked at build time from the locale files by
 * `VISITOR_TEXT_KEYS`, so the login page fetches about a kilobyte of texts
 * instead of the shell's and screens' files.
 */
export function visitorTexts(): Plugin {
  return {
    name: 'edu-visitor-texts',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const lng = id.slice(PREFIX.length + 1);
      const files = localeFiles(lng);
      for (const file of files) this.addWatchFile(file);
      const texts = pickVisitorTexts(files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, LocaleNode>));
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
