import { clearScanLog } from '../e2e/support/axe.ts';

/** Once per run, before any worker starts: the axe scan log counts this run's scans only. */
export default function setup(): void {
  clearScanLog();
}
