#!/usr/bin/env bash
# scripts/cpu-of.sh CMD...: runs CMD in a cpuacct cgroup (v1) of its own and prints, at its end, the
# CPU seconds of every process it started (Chromium's reparented processes included) and the wall
# seconds. Needs root and /sys/fs/cgroup/cpuacct (this machine). Example:
#   bash scripts/cpu-of.sh npx mocha --no-config --timeout 20000 --require dist/test/support/said-checks.js dist/test/dashboard/look.test.js
set -u
G=/sys/fs/cgroup/cpuacct/cpuof-$$-$RANDOM
mkdir -p "$G"
start=$(date +%s.%N)
bash -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' _ "$G" "$@"
rc=$?
end=$(date +%s.%N)
# wait for stragglers (Chromium shutting down) up to 5 s
for i in $(seq 50); do [ -z "$(cat $G/cgroup.procs)" ] && break; sleep 0.1; done
ns=$(cat "$G/cpuacct.usage")
read -r _ u _ s < <(tr '\n' ' ' < "$G/cpuacct.stat")
echo "cpu-of: $(awk -v n="$ns" 'BEGIN{printf "%.1f", n/1e9}') CPU-s (user $(awk -v x="$u" 'BEGIN{printf "%.1f", x/100}') sys $(awk -v x="$s" 'BEGIN{printf "%.1f", x/100}')), wall $(awk -v a="$start" -v b="$end" 'BEGIN{printf "%.1f", b-a}') s, exit $rc: $*" >&2
left=$(cat $G/cgroup.procs)
[ -n "$left" ] && echo "cpu-of: processes still running: $left" >&2 || rmdir "$G"
exit $rc
