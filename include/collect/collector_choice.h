/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_COLLECTOR_CHOICE_H
#define RTLA_COLLECTOR_CHOICE_H

/* How the samples are to be collected, from RTLA_COLLECTOR. */
enum collector_choice {
	COLLECTOR_AUTO,		/* counted in the kernel where it can */
	COLLECTOR_TRACEFS,	/* every record read from the ring buffer */
	COLLECTOR_BPF,		/* a BPF program, for osnoise hist too */
	COLLECTOR_NO_BPF,	/* automatic, but no BPF program */
	COLLECTOR_INVALID,
};

/*
 * @value: RTLA_COLLECTOR's value; NULL, "" and "auto" mean automatic.
 * @no_bpf: RTLA_NO_BPF's, rtla 7.x's switch: "1" rules the BPF program
 * out where RTLA_COLLECTOR leaves the choice to rtla.
 */
enum collector_choice collector_choice_parse(const char *value,
					     const char *no_bpf);

#endif
