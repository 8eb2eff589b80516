/**
 * Whether the app runs in the native shell (apps/mobile): Capacitor's bridge, which the shell puts on
 * the page before its first script, answers `Capacitor.isNativePlatform()`. Read from the page, so the
 * web app's start page carries none of @capacitor/core.
 */
export function runsInNativeShell(): boolean {
  const bridge = (globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return bridge?.isNativePlatform?.() === true;
}
