import { personName } from '@edu/sdk';

/** A user's display name, by the one rule of the SDK's `personName` (张伟, `Name Surname`, admin/admin once). */
export function fullNameOf(u: { name: string; surname: string }): string {
  return personName(u.surname, u.name);
}
