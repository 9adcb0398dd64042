import type { PickerOptionDto } from '@edu/sdk';
import type { RequestContext } from './context.ts';
import type { WhereOf } from './crud.ts';
import { LIKE_SPECIAL } from './keyword-search.ts';
import type { TextKey } from '../localization/texts.ts';
import { fullNameOf } from './names.ts';

/** A person's display name: the full name, or the name alone when both fields hold the same text (imports without a split). */
export const personName = (u: { name: string; surname: string }) => (u.name.trim() === u.surname.trim() ? u.name.trim() : fullNameOf(u));

/** The localization key of a user identity (1 General, 2 Teacher, 3 Administrator). */
export function identityKey(identity: number): TextKey {
  return identity === 3 ? 'Identity_Administrator' : identity === 2 ? 'Identity_Teacher' : 'Identity_General';
}

const searchedColumns = ['userName', 'name', 'surname', 'phoneNumber', 'emailAddress'] as const;

/**
 * Users a picker's search finds: `keyword` inside the user name, name,
 * surname, phone or e-mail, or a full Chinese name typed as one word (胡宇 of
 * 胡宇航: a surname of one or two characters, then the start of the name).
 */
export function userSearchWhere(keyword: string | undefined): WhereOf<'User'> {
  if (!keyword) return {};
  const fullName = fullNameWhere(keyword);
  return { OR: [...searchedColumns.map((c) => ({ [c]: { contains: keyword } })), ...(fullName ? [fullName] : [])] };
}

/**
 * Users whose full name starts with `keyword` typed as one word: a surname of
 * one or two characters, then the start of the name (none for one character).
 * Prisma's `startsWith` on SQLite is a LIKE without escapes, so a rest holding
 * a wildcard (`胡%`) is no name and matches nothing here.
 */
export function fullNameWhere(keyword: string): WhereOf<'User'> | undefined {
  const splits: WhereOf<'User'>[] = [];
  // By characters, not UTF-16 units: a rare surname outside the BMP (𠮷) is one character.
  const chars = [...keyword];
  for (let k = 1; k <= Math.min(2, chars.length - 1); k++) {
    const rest = chars.slice(k).join('');
    if (!LIKE_SPECIAL.test(rest)) splits.push({ surname: chars.slice(0, k).join(''), name: { startsWith: rest } });
  }
  return splits.length ? { OR: splits } : undefined;
}

/** The columns `userOption` reads. */
export const userOptionSelect = { id: true, userName: true, name: true, surname: true, identity: true } as const;

/** A user as a picker choice: the name, with user name and identity to tell equal names apart. */
export function userOption(
  u: { id: number; userName: string; name: string; surname: string; identity: number },
  ctx: RequestContext,
): PickerOptionDto {
  return { id: u.id, name: personName(u), detail: `${u.userName} · ${ctx.t(identityKey(u.identity))}` };
}
