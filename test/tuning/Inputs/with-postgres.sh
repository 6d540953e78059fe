#!/usr/bin/env bash
# Runs a command against a PostgreSQL server of its own: initdb + pg_ctl in
# a temporary folder, listening only on a unix socket there, stopped and
# removed afterwards (also when the command fails or the script is
# interrupted). The command gets the URLs of two of its databases in
# STRATA_PG_URL and STRATA_PG_URL2.
# PostgreSQL refuses to run as root: as root the server runs as the
# 'postgres' user (the Debian package creates it) through runuser.
#   with-postgres.sh COMMAND [ARGS...]
set -euo pipefail
bindir=${STRATA_PG_BINDIR:-$(dirname "$(realpath "$(command -v pg_ctl)")")}
dir=$(mktemp -d /tmp/strata-pg.XXXXXX)
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || { echo "with-postgres.sh: no 'postgres' user to run the server" >&2; exit 1; }
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi
stop() {
  "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT TERM
"${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust --no-sync \
  -E UTF8 --locale=C >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
"${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
  -o "-c listen_addresses='' -c unix_socket_directories='$dir' -c fsync=off" start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }
"${as_owner[@]}" "$bindir/psql" -q -h "$dir" -U postgres -d postgres \
  -c 'CREATE DATABASE second' >/dev/null
# Two databases: STRATA_PG_URL and STRATA_PG_URL2.
export STRATA_PG_URL="postgresql://postgres@/postgres?host=$dir"
export STRATA_PG_URL2="postgresql://postgres@/second?host=$dir"
"$@"
