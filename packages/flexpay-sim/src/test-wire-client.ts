import type { FlexpaySim } from './start-flexpay-sim.ts';

/** A bare client of the simulator's wire API for its own tests (the app's tests use the real adapter). */
export function wireClient(sim: FlexpaySim, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  return {
    async post(path: string, body: unknown) {
      const response = await fetch(`${sim.baseUrl}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, type: response.headers.get('content-type') ?? '', text };
    },
    async check(orderNumber: string) {
      const response = await fetch(`${sim.baseUrl}/check/${orderNumber}`, { headers: auth });
      const body = (await response.json()) as {
        code: string;
        message: string;
        transaction: Record<string, string> | null;
      };
      return { status: response.status, body };
    },
  };
}
