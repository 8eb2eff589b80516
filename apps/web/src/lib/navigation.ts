/** Lets code outside React (the API error handler) navigate; the router registers itself here. */
let navigateTo: (path: string) => void = (path) => location.assign(path);

export function setNavigator(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

export function navigate(path: string): void {
  navigateTo(path);
}
