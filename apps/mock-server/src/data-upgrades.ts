import type { DataUpgrade } from '@edu/db';
import { questionFingerprintsUpgrade } from './questions/fingerprints.ts';

/**
 * The server's data upgrades (`@edu/db`'s data-upgrades.ts), in order: stored
 * values whose rule changed, recomputed once as a database opens. Append only;
 * a number is never reused.
 */
export const dataUpgrades: readonly DataUpgrade[] = [questionFingerprintsUpgrade];
