// CPU time spent by processes during a measurement, from /proc (Linux): the server's own, and PostgreSQL's backends
// together. Divided by the requests served it gives microseconds of CPU per request, a figure that moves far less
// than req/s when something else shares the two cores (it counts work, not waiting).
import { readdirSync, readFileSync } from 'node:fs';

const TICK_US = 1_000_000 / 100; // USER_HZ is 100 on Linux

/** utime + stime in microseconds from a /proc/<pid>/stat line (the fields after the command's closing paren). */
function cpuOfStat(stat) {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

/** utime + stime of a process in microseconds, or null when /proc cannot tell. */
function cpuOf(pid) {
  try {
    return cpuOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** CPU so far of each process named `postgres` (the server's backends and its helpers), by pid. */
function postgresCpu() {
  const byPid = new Map();
  let dirs;
  try {
    dirs = readdirSync('/proc');
  } catch {
    return null;
  }
  for (const d of dirs) {
    if (d.charCodeAt(0) > 57) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (stat.includes('(postgres)')) byPid.set(d, cpuOfStat(stat));
    } catch {
      // the process ended meanwhile
    }
  }
  return byPid;
}

/** What PostgreSQL's processes spent between two readings: a backend that ended meanwhile is left out. */
function postgresSpent(before, after) {
  if (!before || !after) return null;
  let spent = 0;
  for (const [pid, cpu] of after) spent += cpu - (before.get(pid) ?? 0);
  return spent;
}

/** Starts counting; `stop(requests)` answers µs of CPU per request for the server and for PostgreSQL. */
export function cpuMeter(serverPid, { postgres = false } = {}) {
  const server0 = cpuOf(serverPid);
  const db0 = postgres ? postgresCpu() : null;
  return (requests) => {
    const server1 = cpuOf(serverPid);
    const db1 = postgres ? postgresCpu() : null;
    const per = (spent) => (spent === null || !requests ? null : spent / requests);
    return {
      serverUs: per(server0 === null || server1 === null ? null : server1 - server0),
      dbUs: per(postgresSpent(db0, db1)),
    };
  };
}
