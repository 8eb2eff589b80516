/** The one line a start prints when the port of `setting` is taken, naming what to change. */
export const portInUseMessage = (port: number, setting: string): string =>
  `Port ${port} is in use (another Motema or another program?): set ${setting} in .env to a free port.`;

/**
 * The one line for a failed listen() of the HTTP server on HOST:PORT, when the address is the
 * cause; undefined for any other error (left to the caller).
 */
export function listenFailureMessage(error: unknown, host: string, port: number): string | undefined {
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'EADDRINUSE':
      return portInUseMessage(port, 'PORT');
    case 'EACCES':
      return `Port ${port} needs privileges this user does not have: set PORT in .env to a free port above 1023.`;
    case 'EADDRNOTAVAIL':
      return `${host} is not an address of this machine: set HOST in .env (0.0.0.0 listens on all of them).`;
    default:
      return undefined;
  }
}
