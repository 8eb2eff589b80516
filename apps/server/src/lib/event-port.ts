/**
 * A typed, in-process event port: services emit after their commit what happened, and subscribers
 * (the realtime emitters, other features' reactions) registered by the feature modules hear it. `emit` awaits every
 * subscriber in the order they subscribed; one that fails is reported and the others still run, since
 * the change it reacts to is committed already. Work that must survive a crash belongs in a job, which
 * a subscriber enqueues.
 */
export type EventPort<Events extends Record<string, unknown>> = {
  emit<Name extends keyof Events & string>(name: Name, payload: Events[Name]): Promise<void>;
  on<Name extends keyof Events & string>(name: Name, subscriber: Subscriber<Events[Name]>): () => void;
};

export type Subscriber<Payload> = (payload: Payload) => void | Promise<void>;

export function createEventPort<Events extends Record<string, unknown>>(
  report: (err: unknown, name: string) => void,
): EventPort<Events> {
  const subscribers = new Map<string, Set<Subscriber<never>>>();
  return {
    async emit(name, payload) {
      for (const subscriber of subscribers.get(name) ?? []) {
        try {
          await (subscriber as Subscriber<typeof payload>)(payload);
        } catch (err) {
          report(err, name);
        }
      }
    },
    on(name, subscriber) {
      const set = subscribers.get(name) ?? new Set();
      subscribers.set(name, set);
      set.add(subscriber as Subscriber<never>);
      return () => set.delete(subscriber as Subscriber<never>);
    },
  };
}
