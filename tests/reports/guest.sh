#!/bin/sh
# In the VM: runs that write every report format, then prints each file
# between "=== name rc" markers for the host to check.
cd /tmp
run() {
	name=$1; shift
	# a hung run is killed and fails its checks instead of stalling the boot
	timeout -s KILL 60 "$@" >"$name.out" 2>"$name.err" </dev/null
	echo "$?" >"$name.rc"
}

run gate rtla timerlat hist -d 3s --json gate.json --openmetrics gate.prom \
	--junit gate.xml --budget thread:max=10s --budget irq:over=1000000
run fail rtla timerlat hist -d 2s -c 1 --budget irq:max=1us --junit fail.xml
run stdout rtla osnoise hist -d 2s --json -
run ostop rtla osnoise top -q -d 2s --json ostop.json --openmetrics ostop.prom \
	--budget noise:max=10s
run tltop rtla timerlat top -q -d 2s --json - --budget thread:max=1us

for f in *.rc *.out *.err *.json *.prom *.xml; do
	[ -f "$f" ] || continue
	echo "=== $f"
	cat "$f"
done
