// PGlite runs on the server's own thread: statements take turns with sockets and timers (db/client.ts `driverFor`).
/** Statements let in per turn of the event loop (`turnTaker`). */
const PER_TURN = 2;

/**
 * Turns at the database: at most `PER_TURN` statements per turn of the event loop, first come first served.
 * Letting each statement wait for `setImmediate` alone was not enough: under load every waiting statement's callback
 * fell in the same check phase, so one turn of the loop ran fifty statements (100 ms) before it polled sockets
 * again, and Node took in one new connection per poll. A burst of fifty new connections then waited up to 3 s to
 * be accepted: the bench's 0.4-2 s p99 on PGlite, which the server's own request timings never showed (a bare
 * node:http server that spends 2 ms a request does the same). With sockets polled every two statements, the trading
 * reads' p99 fell from 316-662 ms to 91-174 ms at 0.85-1.03 of their rate; one statement a turn cost up to a fifth
 * of the rate (docs/decisions.md, "PGlite's long tails").
 */
export function turnTaker(): () => Promise<void> {
  const waiting: (() => void)[] = [];
  let pumping = false;
  const pump = () => {
    if (waiting.length === 0) {
      pumping = false;
      return;
    }
    for (const next of waiting.splice(0, PER_TURN)) next();
    setImmediate(pump);
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!pumping) {
        pumping = true;
        setImmediate(pump);
      }
    });
}
