// SPDX-License-Identifier: GPL-2.0
/*
 * A --bpf-action program for the tests, written to rtla 7.x's convention:
 * a program named action_handler in a tp/ section, tail-called with
 * osnoise:timerlat_sample's record when a stop threshold is hit.  It
 * counts its calls in element 0 of the map rtla_action and writes the
 * magic value 0x7a7a (31354) to element 1, for `bpftool map dump name
 * rtla_action` to show while rtla runs (tests/e2e/mapdump.sh).  No BTF of
 * the kernel is needed: the record is not read.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define ACTION_MAGIC	0x7a7a

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 2);
	__type(key, unsigned int);
	__type(value, unsigned long long);
} rtla_action SEC(".maps");

SEC("tp/timerlat_action")
int action_handler(void *record)
{
	unsigned long long magic = ACTION_MAGIC, *calls;
	unsigned int key = 0;

	calls = bpf_map_lookup_elem(&rtla_action, &key);
	if (calls)
		__sync_fetch_and_add(calls, 1);
	key = 1;
	bpf_map_update_elem(&rtla_action, &key, &magic, BPF_ANY);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
