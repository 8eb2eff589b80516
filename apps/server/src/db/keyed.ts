/**
 * The chat's keyed statements of many sends (the group commit's store and the scam shield's read,
 * decisions 0010 and 0025) run on connections of their own, opened with the settings those
 * statements are written for (decision 0067). Set on the connection, they cost no round trip: the
 * shield's read was a transaction of its own only to carry them (BEGIN with two `SET LOCAL`, the
 * read, COMMIT: three round trips where one does), and each group's BEGIN carried them too.
 * Every other statement of the app keeps PostgreSQL's defaults on the main pool.
 */
export const KEYED_SETTINGS = {
  /**
   * Every table read by key through an index. A generic plan is made from the statistics of its
   * moment and kept: made while `messages` was empty or small (a new database, a bench's first
   * seconds), PostgreSQL found a sequential scan cheaper for a client id check and went on scanning
   * the whole table for every send as it grew (bench/README.md B3: 34,660 scans reading 750 million
   * rows in one run of the shield's read).
   */
  enable_seqscan: 'off',
  /**
   * The plan kept for a named statement: its generic plan, always. PostgreSQL plans a named
   * statement's first five executions for their parameters, then keeps the generic plan only if its
   * estimate is no dearer than theirs. The chat's statements take arrays of sends: an array of one is
   * estimated ten times cheaper than the generic plan's guess of ten, so a connection whose first
   * executions carried one send each (a quiet moment, a node just started) planned every later
   * execution anew, for good: a group of one took 2.6 ms on the send path's statement against 0.75 ms
   * with its generic plan, a read of one 0.76 against 0.29 ms on the shield's (bench/README.md, B3).
   * Their generic plans read every table by key whatever the number of sends, which is what they are
   * written for.
   */
  plan_cache_mode: 'force_generic_plan',
} as const;

/**
 * The keyed connections a node opens at most: the group commit's batches in flight and the
 * shield's reads in flight (SEND_BATCHES_IN_FLIGHT and SHIELD_READS_IN_FLIGHT, 3 each), which are
 * never more; pg-pool queues anything beyond.
 */
export const KEYED_CONNECTIONS = 6;

/** The settings as libpq's `options` of the connection's startup (`-c name=value`). */
export const KEYED_CONNECTION_OPTIONS = Object.entries(KEYED_SETTINGS)
  .map(([name, value]) => `-c ${name}=${value}`)
  .join(' ');

/** `enable_seqscan` off for a test's transaction: the plan a statement gets with every table read by key. */
export const INDEXES_ONLY = `SET LOCAL enable_seqscan = ${KEYED_SETTINGS.enable_seqscan}`;
