// SPDX-License-Identifier: GPL-2.0
/*
 * User-space timerlat threads for the guest checks (built static by
 * kernel/tests/run.sh, run in the guest as /root/tlat-user):
 *
 *   tlat-user run SECONDS          one thread per CPU reads its
 *                                  timerlat_fd for SECONDS; 0 if every
 *                                  read succeeded
 *   tlat-user forever              the same until killed
 *   tlat-user open CPU PIN|none    open CPU's timerlat_fd with the
 *                                  affinity PIN (or all CPUs), print
 *                                  "open: OK" or "open: ERRNAME"
 *   tlat-user twice CPU            open it twice, print the second result
 *   tlat-user nap SECONDS USEC     as run, each thread sleeping USEC in
 *                                  user space after each read
 *   tlat-user migrate CPU OTHER    read on CPU, then move to OTHER and
 *                                  read again: the reads fail (EINVAL)
 *                                  and tracing stops
 *   tlat-user close CPU            close the fd while a thread reads it,
 *                                  then open it again ("reopen: OK")
 *   tlat-user strand CPU OTHER     read on CPU; a child that shares the
 *                                  fd moves the reader to OTHER while it
 *                                  sleeps in read(), then keeps the fd
 *                                  open for 2 s, sleeping on CPU
 *   tlat-user flip CPU OTHER N     N times: a reader on CPU, moved to
 *                                  OTHER by this process at a random
 *                                  moment of its reads, then tracing_on
 *                                  set again; prints how many readers
 *                                  saw a read fail with EINVAL
 *   tlat-user signal CPU           read on CPU with a SIGALRM (handler,
 *                                  no SA_RESTART) 100 ms into the read;
 *                                  prints the read's result
 *   tlat-user away CPU OTHER       read on CPU, then sleep 1 s in user
 *                                  space; a child moves the reader to
 *                                  OTHER meanwhile and prints tracing_on
 *                                  200 ms later; the reader prints it
 *                                  once awake, then reads again
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#define TRACEFS	"/sys/kernel/tracing/osnoise/per_cpu"

static const char *errname(int err)
{
	switch (err) {
	case 0: return "OK";
	case EBUSY: return "EBUSY";
	case EINVAL: return "EINVAL";
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EINTR: return "EINTR";
	case EBADF: return "EBADF";
	default: return strerror(err);
	}
}

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

static int open_fd(int cpu)
{
	char path[64];

	snprintf(path, sizeof(path), TRACEFS "/cpu%d/timerlat_fd", cpu);
	return open(path, O_RDONLY);
}

/*
 * Pin the caller to CPU and open the CPU's timerlat_fd: the fd, or the
 * exit status of a failed mode (open's error printed after WHAT): -1 when
 * the open failed, -2 when the pin did.
 */
static int pin_open(int cpu, const char *what)
{
	int fd;

	if (pin(cpu))
		return -2;
	fd = open_fd(cpu);
	if (fd < 0)
		printf("%s: %s\n", what, errname(errno));
	return fd;
}

/* N reads of FD on CPU; false, the error printed, when one fails. */
static bool read_n(int fd, int cpu, int n)
{
	char buf[16];

	while (n-- > 0)
		if (read(fd, buf, sizeof(buf)) < 0) {
			printf("read on cpu %d: %s\n", cpu, errname(errno));
			return false;
		}
	return true;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

struct reader {
	pthread_t	thread;
	int		cpu;
	double		seconds;	/* < 0: until killed */
	unsigned int	nap_us;		/* sleep after each read */
	long		reads;
	int		err;
};

static void *reader_main(void *arg)
{
	struct reader *r = arg;
	double end = now_s() + r->seconds;
	char buf[16];
	int fd;

	if (pin(r->cpu)) {
		r->err = errno;
		return NULL;
	}
	fd = open_fd(r->cpu);
	if (fd < 0) {
		r->err = errno;
		return NULL;
	}
	while (r->seconds < 0 || now_s() < end) {
		if (read(fd, buf, sizeof(buf)) < 0) {
			r->err = errno;
			break;
		}
		r->reads++;
		if (r->nap_us)
			usleep(r->nap_us);
	}
	close(fd);
	return NULL;
}

static int run(double seconds, unsigned int nap_us)
{
	int ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	struct reader *r = calloc(ncpus, sizeof(*r));
	int cpu, bad = 0;

	if (!r)
		return 1;
	for (cpu = 0; cpu < ncpus; cpu++) {
		r[cpu].cpu = cpu;
		r[cpu].seconds = seconds;
		r[cpu].nap_us = nap_us;
		if (pthread_create(&r[cpu].thread, NULL, reader_main, &r[cpu])) {
			ncpus = cpu;
			bad = 1;
			break;
		}
	}
	for (cpu = 0; cpu < ncpus; cpu++) {
		pthread_join(r[cpu].thread, NULL);
		printf("cpu %d: %ld reads, %s\n", cpu, r[cpu].reads,
		       errname(r[cpu].err));
		if (r[cpu].err || !r[cpu].reads)
			bad = 1;
	}
	free(r);
	return bad;
}

static int try_open(int cpu, const char *pin_to)
{
	cpu_set_t set;
	int fd, n;

	if (strcmp(pin_to, "none")) {
		if (pin(atoi(pin_to)))
			return 2;
	} else {
		CPU_ZERO(&set);
		for (n = 0; n < sysconf(_SC_NPROCESSORS_ONLN); n++)
			CPU_SET(n, &set);
		if (sched_setaffinity(0, sizeof(set), &set))
			return 2;
	}
	fd = open_fd(cpu);
	printf("open: %s\n", errname(fd < 0 ? errno : 0));
	if (fd >= 0)
		close(fd);
	return 0;
}

static int twice(int cpu)
{
	int fd1, fd2;

	fd1 = pin_open(cpu, "first open");
	if (fd1 < 0)
		return -fd1;
	fd2 = open_fd(cpu);
	printf("second open: %s\n", errname(fd2 < 0 ? errno : 0));
	if (fd2 >= 0)
		close(fd2);
	close(fd1);
	return 0;
}

static int migrate(int cpu, int other)
{
	char buf[16];
	int fd, i;

	fd = pin_open(cpu, "open");
	if (fd < 0)
		return -fd;
	if (!read_n(fd, cpu, 3))
		return 1;
	printf("3 reads on cpu %d; moving to cpu %d\n", cpu, other);
	fflush(stdout);
	if (pin(other))
		return 2;
	for (i = 0; i < 3; i++) {
		if (read(fd, buf, sizeof(buf)) < 0)
			printf("read on cpu %d: %s\n", other, errname(errno));
		fflush(stdout);
	}
	printf("still alive after 3 reads on cpu %d\n", other);
	return 0;
}

static int close_during_read(int cpu)
{
	struct reader r = { .cpu = cpu, .seconds = -1 };
	int fd;

	if (pin(cpu))
		return 2;
	/* The reader opens its own fd: find it by reading the table. */
	if (pthread_create(&r.thread, NULL, reader_main, &r))
		return 2;
	usleep(500000);
	for (fd = 3; fd < 64; fd++) {
		char link[64], target[128];
		ssize_t n;

		snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
		n = readlink(link, target, sizeof(target) - 1);
		if (n > 0) {
			target[n] = '\0';
			if (strstr(target, "timerlat_fd"))
				break;
		}
	}
	if (fd == 64) {
		printf("reader has no fd: %s\n", errname(r.err));
		return 1;
	}
	close(fd);
	pthread_join(r.thread, NULL);
	printf("reader: %ld reads, then %s\n", r.reads, errname(r.err));
	fd = open_fd(cpu);
	printf("reopen: %s\n", errname(fd < 0 ? errno : 0));
	if (fd >= 0)
		close(fd);
	return 0;
}

static int move_to(pid_t pid, int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(pid, sizeof(set), &set);
}

static int strand(int cpu, int other)
{
	char buf[16];
	pid_t parent = getpid();
	int fd, i, null;

	fd = pin_open(cpu, "open");
	if (fd < 0)
		return -fd;
	if (!read_n(fd, cpu, 3))
		return 1;
	if (fork() == 0) {
		/* Leave the shell's pipe: it waits for the reader alone. */
		null = open("/dev/null", O_WRONLY);
		dup2(null, 1);
		dup2(null, 2);
		usleep(100000);
		move_to(parent, other);
		for (i = 0; i < 200; i++)
			usleep(10000);
		close(fd);
		_exit(0);
	}
	for (i = 0; i < 5000; i++)
		if (read(fd, buf, sizeof(buf)) < 0) {
			printf("read: %s\n", errname(errno));
			return 1;
		}
	printf("still alive after 5000 reads\n");
	return 0;
}

static void tracing_on(void)
{
	int fd = open("/sys/kernel/tracing/tracing_on", O_WRONLY);

	if (fd >= 0) {
		if (write(fd, "1", 1) != 1)
			perror("tracing_on");
		close(fd);
	}
}

static int flip(int cpu, int other, int n)
{
	int i, status, stopped = 0, other_end = 0;
	char buf[16];
	int ready[2];
	pid_t pid;

	srand(getpid());
	for (i = 0; i < n; i++) {
		if (pipe(ready))
			return 2;
		pid = fork();
		if (pid < 0)
			return 2;
		if (pid == 0) {
			int fd;

			alarm(10);
			close(ready[0]);
			if (pin(cpu))
				_exit(2);
			/*
			 * The reader before may still be on its way out:
			 * its file goes with it.
			 */
			for (int t = 0; t < 1000; t++) {
				fd = open_fd(cpu);
				if (fd >= 0 || errno != EBUSY)
					break;
				usleep(1000);
			}
			if (fd < 0) {
				printf("reader %d: open: %s\n", i,
				       errname(errno));
				_exit(3);
			}
			if (read(fd, buf, sizeof(buf)) < 0)
				_exit(4);
			if (write(ready[1], "r", 1) != 1)
				_exit(5);
			for (;;)
				if (read(fd, buf, sizeof(buf)) < 0)
					_exit(errno == EINVAL ? 7 : 6);
		}
		close(ready[1]);
		if (read(ready[0], buf, 1) == 1) {
			usleep(rand() % 3000);
			move_to(pid, other);
		}
		close(ready[0]);
		waitpid(pid, &status, 0);
		/* The move stopped tracing: on again for the next reader. */
		tracing_on();
		if (WIFEXITED(status) && WEXITSTATUS(status) == 7)
			stopped++;
		else if (other_end++ < 5)
			printf("reader %d: %s %d\n", i,
			       WIFSIGNALED(status) ? "signal" : "exit",
			       WIFSIGNALED(status) ? WTERMSIG(status) :
						     WEXITSTATUS(status));
	}
	printf("flips: %d einval: %d\n", n, stopped);
	return stopped != n;
}

static char tracing_on_now(void)
{
	int fd = open("/sys/kernel/tracing/tracing_on", O_RDONLY);
	char c = '?';

	if (fd >= 0) {
		if (read(fd, &c, 1) != 1)
			c = '?';
		close(fd);
	}
	return c;
}

static int away(int cpu, int other)
{
	pid_t parent = getpid(), pid;
	char buf[16];
	int fd;

	fd = pin_open(cpu, "open");
	if (fd < 0)
		return -fd;
	if (!read_n(fd, cpu, 3))
		return 1;
	pid = fork();
	if (pid < 0)
		return 2;
	if (pid == 0) {
		close(fd);
		usleep(100000);
		if (move_to(parent, other))
			_exit(2);
		usleep(200000);
		printf("tracing_on 200 ms after the move: %c\n",
		       tracing_on_now());
		_exit(0);
	}
	usleep(1000000);
	printf("tracing_on once awake, before the next read: %c\n",
	       tracing_on_now());
	waitpid(pid, NULL, 0);
	if (read(fd, buf, sizeof(buf)) < 0)
		printf("read after the move: %s\n", errname(errno));
	else
		printf("read after the move: OK\n");
	close(fd);
	return 0;
}

static volatile sig_atomic_t signals;

static void on_alarm(int sig)
{
	(void)sig;
	signals++;
}

static int signal_during_read(int cpu)
{
	struct itimerval it = { .it_value.tv_usec = 100000 };
	struct sigaction sa = { .sa_handler = on_alarm };
	char buf[16];
	double t0;
	int fd, ret;

	fd = pin_open(cpu, "open");
	if (fd < 0)
		return -fd;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGALRM, &sa, NULL) || setitimer(ITIMER_REAL, &it, NULL))
		return 2;
	t0 = now_s();
	ret = read(fd, buf, sizeof(buf));
	printf("read with signal: %s\n", errname(ret < 0 ? errno : 0));
	printf("signals: %d, read took %.0f ms\n", (int)signals,
	       (now_s() - t0) * 1000);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 3 && !strcmp(argv[1], "run"))
		return run(atof(argv[2]), 0);
	if (argc == 4 && !strcmp(argv[1], "nap"))
		return run(atof(argv[2]), atoi(argv[3]));
	if (argc == 2 && !strcmp(argv[1], "forever"))
		return run(-1, 0);
	if (argc == 4 && !strcmp(argv[1], "open"))
		return try_open(atoi(argv[2]), argv[3]);
	if (argc == 3 && !strcmp(argv[1], "twice"))
		return twice(atoi(argv[2]));
	if (argc == 4 && !strcmp(argv[1], "migrate"))
		return migrate(atoi(argv[2]), atoi(argv[3]));
	if (argc == 3 && !strcmp(argv[1], "close"))
		return close_during_read(atoi(argv[2]));
	if (argc == 4 && !strcmp(argv[1], "strand"))
		return strand(atoi(argv[2]), atoi(argv[3]));
	if (argc == 5 && !strcmp(argv[1], "flip"))
		return flip(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]));
	if (argc == 4 && !strcmp(argv[1], "away"))
		return away(atoi(argv[2]), atoi(argv[3]));
	if (argc == 3 && !strcmp(argv[1], "signal"))
		return signal_during_read(atoi(argv[2]));
	fprintf(stderr, "usage: see the comment at the top of tlat-user.c\n");
	return 2;
}
