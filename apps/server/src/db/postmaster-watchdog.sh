#!/bin/sh
# The embedded PostgreSQL's watchdog (decision 0011), started by watchPostmaster (postmaster.ts)
# beside the server that runs it: sh postmaster-watchdog.sh <postmaster pid> <data dir>.
# Its stdin is a pipe from that server, which never writes to it: the end of file says the server is
# done with the database or gone, however it ended (kill -9 and the out-of-memory killer included).
# A postmaster still running then gets SIGINT, PostgreSQL's fast shutdown (what `pg_ctl stop -m fast`
# sends; pg_ctl refuses to run as root), and stops by itself. A shell rather than Node: 2 MB, not 45.
pid=$1
dir=$2
read -r _ || :
# Still that postmaster? Its postmaster.pid names it (PostgreSQL removes the file when it stops) and
# the process is a postgres on this folder (not another process that got the pid after a crash).
[ "$(head -n 1 "$dir/postmaster.pid" 2>/dev/null)" = "$pid" ] || exit 0
if [ -r "/proc/$pid/cmdline" ]; then
  tr '\0' '\n' <"/proc/$pid/cmdline" | grep -qxF -- "$dir" || exit 0
else
  ps -o args= -p "$pid" 2>/dev/null | grep -qF -- " -D $dir " || exit 0
fi
kill -INT "$pid" 2>/dev/null
