#!/bin/sh
# Run by "--on-threshold shell,command=/e2e/mapdump.sh" with
# "--bpf-action /e2e/action_map.bpf.o" (tests/bpf/action_map.bpf.c): the
# action's map as bpftool shows it while rtla still runs, into
# ./mapdump.txt (whole or not at all: a stop may end the script).
#
# libbpf names maps only where its probe for names passes, and the probe
# loads a socket filter: on a kernel without networking (the patched
# 5.10's test kernel) the maps have no names.  There the map is found
# through rtla's tail-call table: its one element is the action
# program's id, whose one map is the action's.
bpftool map dump name rtla_action >mapdump.tmp 2>&1
[ -s mapdump.tmp ] && exec mv mapdump.tmp mapdump.txt
table=$(bpftool map list | sed -n 's/^\([0-9]*\): prog_array .*/\1/p' | tail -n 1)
prog=$(bpftool map dump id "$table" | sed -n 's/.*"value": \([0-9]*\).*/\1/p')
map=$(bpftool prog show id "$prog" | sed -n 's/.*map_ids \([0-9]*\).*/\1/p')
echo "# no map names here: the action's map is map $map, of program $prog in table $table" >mapdump.tmp
bpftool map dump id "$map" >>mapdump.tmp 2>&1
mv mapdump.tmp mapdump.txt
