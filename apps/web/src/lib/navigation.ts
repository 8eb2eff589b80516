/** Lets code outside React (the API error handler) navigate; the router registers itself here. */
let navigateTo: (path: string) => void = (path) => location.assign(path);

export function setNavigator(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

export function navigate(path: string): void {
  navigateTo(path);
}

/**
 * Where to go once the session has ended (logout, deactivation, deletion, a 401). The navigation guard
 * takes the member there instead of its own visitor redirect, so the two never race.
 */
let exitPath: string | null = null;

export function setExitPath(path: string): void {
  exitPath = path;
}

export function pendingExitPath(): string | null {
  return exitPath;
}

export function clearExitPath(): void {
  exitPath = null;
}
