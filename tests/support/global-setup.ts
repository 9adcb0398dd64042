import { clearScanLog } from '../e2e/support/axe.ts';
import { clearCpuLog } from './cpu.ts';

/** Once per run, before any worker starts: the axe scan log and the CPU log hold this run's only. */
export default function setup(): void {
  clearScanLog();
  clearCpuLog();
}
