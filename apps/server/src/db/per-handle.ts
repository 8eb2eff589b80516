/**
 * One value per database handle, made the first time the handle asks for it: a Drizzle statement
 * (prepared under its name, so PostgreSQL plans it once per connection and Drizzle does not build it
 * again at every request), or what a feature keeps for the app's client (a reader batching its reads,
 * a cache). A handle gone (an app closed, a test's client) takes its value with it.
 */
export function perHandle<Handle extends object, Value>(
  make: (handle: Handle) => Value,
): (handle: Handle) => Value {
  const values = new WeakMap<Handle, Value>();
  return (handle) => {
    let value = values.get(handle);
    if (value === undefined) values.set(handle, (value = make(handle)));
    return value;
  };
}
