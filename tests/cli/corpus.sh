#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tests/cli/corpus.sh RTLA DATA: every command's --help, its usage errors
# and a few good runs on saved reports, each with its stdout, stderr and
# exit status, on stdout.  tests/cli/check.sh holds it against
# tests/cli/corpus.txt, so that no help text, message or status moves
# unnoticed.  The version is written @VERSION@.
set -u
rtla=$(realpath "$1")
data=$(realpath "$2")
tmp=$(mktemp -d /tmp/rtla-corpus.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
version=$("$rtla" --version | sed 's/^rtla version //')

# Paths and the version as names that do not move
neutral() {
	sed "s,$data/,DATA/,g; s,$tmp/,TMP/,g; s/$version/@VERSION@/g; s/^/$1/"
}

run() {
	printf '$ rtla %s\n' "$*" | neutral ''
	(cd "$tmp" && "$rtla" "$@" >out 2>err)
	status=$?
	neutral '  out| ' <"$tmp/out"
	neutral '  err| ' <"$tmp/err"
	echo "  exit $status"
}

# The top level and each command's modes
run
run --help
run help
run -h
run -V
run --version
run bogus
run osnoise --help
run osnoise help
run osnoise bogus
run timerlat --help
run timerlat -h
run timerlat bogus
run timerlat -V
run hwnoise --help

# Each tool's --help
for tool in "osnoise top" "osnoise hist" "timerlat top" "timerlat hist" \
	    "timerlat monitor" hwnoise; do
	run $tool --help
	run $tool -h
done
run osnoise -h
run timerlat --help

# Usage errors of the tracers, refused before tracefs is touched
for tool in "osnoise top" "timerlat hist" hwnoise "timerlat monitor"; do
	run $tool --bogus
	run $tool -y
	run $tool -c
	run $tool --cpus
	run $tool --cpus=9999
	run $tool -d 1x
	run $tool -P x:1
	run $tool --help=1
	run $tool --no
	run $tool --on-threshold bogus
	run $tool extra words -c nope
	run $tool -H 0-9999
done
run osnoise top -p 0
run osnoise top -p 20000000
run osnoise top -r 50
run osnoise top -p 1000 -r 2000
run osnoise hist -b 0
run osnoise hist -E 5
run osnoise hist --no-irq
run timerlat top -p 50
run timerlat top -p 2000000
run timerlat top -k -u
run timerlat top -u -U
run timerlat hist --no-irq --no-thread
run timerlat hist --aa-only 10 --no-aa
run timerlat top --filter x
run timerlat top -e sched --filter x
run timerlat top -e 'bad word'
run timerlat top --json a.json --openmetrics a.json
run timerlat top --budget bogus
run timerlat top --budget irq:max=10us --budget thread:max=5
run timerlat top --stack-format bogus
run timerlat top --warm-up 100000
run timerlat top -t ''
run timerlat top --dma-latency 20000000
run timerlat monitor --listen
run timerlat monitor --record-size 0
run timerlat monitor --record-keep x
run timerlat monitor --bogus-option
run hwnoise -T x

# report, compare and plot: help and usage errors
for cmd in report compare plot; do
	run $cmd --help
	run $cmd -h
	run $cmd
	run $cmd --bogus
	run $cmd -x
	run $cmd --json
	run $cmd --hel
	run $cmd --help=1
done
run report a b
run report --budget bogus "$data/compare/tlclean.json"
run report --json x.json --junit x.json "$data/compare/tlclean.json"
run report missing.json
run compare a
run compare a b c
run compare --rule bogus a b
run compare --window bogus a b
run compare --json x --junit x a b
run compare missing.json "$data/compare/tlclean.json"
run plot a.json
run plot -o out.gif a.json
run plot -o out.svg --format gif a.json
run plot -o out.svg --size 0x0 a.json
run plot -o out.svg --size 10 a.json

# Good runs on saved reports
run report "$data/compare/tlclean.json"
run report "$data/compare/ostop.json"
run report "$data/compare/tltop.json"
run report "$data/rtla-timerlat-hist-4cpu.json"
run report "$data/cyclictest-h50.json"
run report --budget irq:max=1us "$data/compare/tlclean.json"
run report --json - "$data/compare/tlclean.json"
run compare "$data/compare/tlclean.json" "$data/compare/tlnoisy.json"
run compare "$data/compare/tlclean.json" "$data/compare/tlclean.json"
run compare --rule 'thread:max=+50%' "$data/compare/ostop.json" "$data/compare/ostopnoisy.json"
run compare "$data/record/base.jsonl" "$data/record/new.jsonl"
run compare --window last "$data/record/base.jsonl" "$data/record/new.jsonl"
