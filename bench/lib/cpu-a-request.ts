import { postgresCpu, processCpu } from './processes.ts';

/** CPU a request, in ms: the server's process and PostgreSQL's (every one of its processes). */
export type CpuARequest = { server: number; postgres: number };

/**
 * Starts counting the CPU a server (`pid`) and the local PostgreSQL (`postgresDir`; NaN without one)
 * spend, from /proc; `stop` divides what they spent since by the requests answered meanwhile. It moves
 * far less with the machine's other work than a throughput ratio.
 */
export function countCpu(
  pid: number,
  postgresDir: string | undefined,
): { stop: (requests: number) => CpuARequest } {
  const before = { server: processCpu(pid), postgres: postgresCpu(postgresDir) };
  return {
    stop: (requests) => ({
      server: (1000 * (processCpu(pid) - before.server)) / requests,
      postgres: (1000 * (postgresCpu(postgresDir) - before.postgres)) / requests,
    }),
  };
}

/** `server 1.23 ms, PostgreSQL 4.56 ms` */
export const describeCpu = ({ server, postgres }: CpuARequest) =>
  `server ${server.toFixed(2)} ms, PostgreSQL ${postgres.toFixed(2)} ms`;
