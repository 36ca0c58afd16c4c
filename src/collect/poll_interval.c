// SPDX-License-Identifier: GPL-2.0
/* How long the ring buffers may go unread. */
#include "collect/reader.h"

#define NSEC_PER_SEC	1000000000LL

long reader_poll_interval_ns(uint64_t buffer_bytes, uint64_t period_us,
			     unsigned int records_per_period)
{
	uint64_t records_per_s, bytes_per_s;
	long long ns;

	records_per_s = (uint64_t)records_per_period * 1000000 /
			(period_us ? period_us : 1);
	bytes_per_s = records_per_s * READER_RECORD_BYTES;
	/* a quarter of the buffer between two reads: room for a late one */
	if (!bytes_per_s || buffer_bytes / 4 >= bytes_per_s)
		ns = NSEC_PER_SEC;
	else
		ns = buffer_bytes * NSEC_PER_SEC / 4 / bytes_per_s;
	return ns < READER_POLL_MIN_NS ? READER_POLL_MIN_NS : ns;
}
