/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_PROCESS_IDENTITY_H
#define RTLA_PROCESS_IDENTITY_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * A process is told from a later one with the same pid by its start time
 * (clock ticks since boot, /proc/PID/stat), and a boot from the next by
 * the kernel's boot id: a pid alone names a process only while it lives.
 */
#define BOOT_ID_SIZE	40

/* This boot's id ("" if unreadable); @id holds BOOT_ID_SIZE bytes. */
void boot_id_read(char *id);

/* The start time of @pid, 0 when it does not run (or is unreadable). */
unsigned long long process_start_time(pid_t pid);

/* Whether @pid is still the process that started at @start. */
bool process_is_alive(pid_t pid, unsigned long long start);

/* The inode of this process's pid namespace, 0 if unknown. */
unsigned long pid_namespace_id(void);

#endif
