#!/bin/sh
# Run by "--on-threshold shell,command=/e2e/mapdump.sh" with
# "--bpf-action /e2e/action_map.bpf.o" (tests/bpf/action_map.bpf.c): the
# action's map as bpftool shows it while rtla still runs, into
# ./mapdump.txt.
bpftool map dump name rtla_action >mapdump.txt 2>&1
