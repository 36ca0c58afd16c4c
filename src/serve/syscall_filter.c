// SPDX-License-Identifier: GPL-2.0
/*
 * The exporter's syscall allow-list, found with strace -f on scrapes
 * over HTTP and TLS, with and without basic auth: what libmicrohttpd
 * with its threads, GnuTLS and crypt_r() call once the filter is in.
 */
#include <errno.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "serve/confine.h"

static const int allowed[] = {
	/* the channel and the clients: sockets already open, or accepted */
	SCMP_SYS(accept4), SCMP_SYS(recvfrom), SCMP_SYS(sendto),
	SCMP_SYS(sendmsg), SCMP_SYS(setsockopt), SCMP_SYS(getsockopt),
	SCMP_SYS(getsockname), SCMP_SYS(shutdown), SCMP_SYS(fcntl),
	SCMP_SYS(close),
	/* waiting (arm64 has only ppoll and epoll_pwait) */
	SCMP_SYS(poll), SCMP_SYS(ppoll), SCMP_SYS(epoll_create1),
	SCMP_SYS(epoll_ctl), SCMP_SYS(epoll_wait), SCMP_SYS(epoll_pwait),
	SCMP_SYS(futex),
	SCMP_SYS(restart_syscall), SCMP_SYS(clock_nanosleep),
	/*
	 * the clocks, read in the vDSO but for a clocksource it cannot
	 * read (a VM's TSC found unstable under load: hpet, acpi_pm)
	 */
	SCMP_SYS(clock_gettime), SCMP_SYS(clock_getres),
	SCMP_SYS(gettimeofday), SCMP_SYS(time),
	/* memory, threads, randomness */
	SCMP_SYS(mmap), SCMP_SYS(munmap), SCMP_SYS(mprotect),
	SCMP_SYS(mremap), SCMP_SYS(madvise), SCMP_SYS(brk),
	SCMP_SYS(set_robust_list),
	SCMP_SYS(rseq), SCMP_SYS(rt_sigprocmask), SCMP_SYS(rt_sigaction),
	SCMP_SYS(getrandom), SCMP_SYS(exit), SCMP_SYS(exit_group),
	/* AddressSanitizer's, at each thread's start */
	SCMP_SYS(sigaltstack), SCMP_SYS(gettid), SCMP_SYS(sched_getaffinity),
};

/*
 * Threads, but no new process; a thread's name, no other prctl(); no
 * file opened, but refused rather than fatal: glibc's malloc opens
 * /proc/sys/vm/overcommit_memory when a thread's arena first shrinks,
 * and does without it.
 */
static int add_narrowed(scmp_filter_ctx ctx)
{
	/* clone3's flags cannot be seen: glibc falls back to clone() */
	return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3),
				0) ||
	       seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(openat),
				0) ||
	       seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(open),
				0) ||
	       seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1,
				SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD,
					CLONE_THREAD)) ||
	       seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1,
				SCMP_A0(SCMP_CMP_EQ, PR_SET_NAME));
}

static pid_t filtered_pid;

/* "rtla: ... system call N ...", in a buffer, without stdio. */
static size_t refusal_line(char *buf, size_t size, int nr)
{
	static const char head[] = "rtla: the /metrics exporter made system call ";
	static const char tail[] = ", which its filter does not allow: killed\n";
	char digits[12];
	size_t len = 0, n = 0;
	unsigned int value = nr < 0 ? 0 : nr;

	do
		digits[n++] = '0' + value % 10;
	while ((value /= 10) && n < sizeof(digits));
	if (sizeof(head) + n + sizeof(tail) > size)
		return 0;
	memcpy(buf, head, sizeof(head) - 1);
	len = sizeof(head) - 1;
	while (n)
		buf[len++] = digits[--n];
	memcpy(buf + len, tail, sizeof(tail) - 1);
	return len + sizeof(tail) - 1;
}

/*
 * A call off the list: said on stderr (the journal, under systemd),
 * then the process killed by SIGSYS, as the kernel would have.
 */
static void refused(int sig, siginfo_t *info, void *uc)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL };
	static volatile sig_atomic_t said;
	char line[128];
	size_t len;

	if (!said++) {
		len = refusal_line(line, sizeof(line), info->si_syscall);
		if (len && write(STDERR_FILENO, line, len) < 0)
			len = 0;
	}
	sigaction(SIGSYS, &dfl, NULL);
	kill(filtered_pid, SIGSYS);
	_exit(128 + SIGSYS);
}

/* The trap's handler, and what it may call: stderr, kill() itself. */
static int add_trap(scmp_filter_ctx ctx)
{
	struct sigaction sa = { .sa_sigaction = refused,
				.sa_flags = SA_SIGINFO | SA_NODEFER };

	filtered_pid = getpid();
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSYS, &sa, NULL))
		return -errno;
	return seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 1,
				SCMP_A0(SCMP_CMP_EQ, STDERR_FILENO)) ?:
	       seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(kill), 2,
				SCMP_A0(SCMP_CMP_EQ, filtered_pid),
				SCMP_A1(SCMP_CMP_EQ, SIGSYS));
}

int confine_filter_install(char *why, size_t why_size)
{
	scmp_filter_ctx ctx;
	size_t i;
	int ret;

	ctx = seccomp_init(SCMP_ACT_TRAP);
	if (!ctx) {
		snprintf(why, why_size, "cannot build the syscall filter");
		return -1;
	}
	ret = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1);
	for (i = 0; !ret && i < sizeof(allowed) / sizeof(allowed[0]); i++)
		ret = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, allowed[i], 0);
	if (!ret && add_narrowed(ctx))
		ret = -EINVAL;
	if (!ret)
		ret = add_trap(ctx);
	if (!ret)
		ret = seccomp_load(ctx);
	seccomp_release(ctx);
	if (ret) {
		snprintf(why, why_size, "cannot install the syscall filter: %s",
			 strerror(-ret));
		return -1;
	}
	return 0;
}
