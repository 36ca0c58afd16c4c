// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>

#include "session/dma_latency.h"

int dma_latency_open(int us)
{
	int32_t value = us;
	int fd = open("/dev/cpu_dma_latency", O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (write(fd, &value, sizeof(value)) != sizeof(value)) {
		close(fd);
		return -1;
	}
	return fd;
}
