/** The two real-time application features of the session (`features` of `AbpUserConfiguration/GetAll`). */
export function realtimeEnabled(features: Record<string, boolean> | undefined): boolean {
  return Boolean(features?.['SignalR'] && features['SignalR.AspNetCore']);
}
