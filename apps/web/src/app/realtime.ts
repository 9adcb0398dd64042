/** The two real-time application features of the session (ABP-WIRE.md section 4). */
export function realtimeEnabled(features: Record<string, boolean> | undefined): boolean {
  return Boolean(features?.['SignalR'] && features['SignalR.AspNetCore']);
}
