# The table of tests/bench/sources from its RESULT and STAT lines (see
# tests/bench/sources-guest.sh; tests/bench/table-test checks it).
# Per kernel and workload, in the order they come: CPU time and samples
# summed over the runs, the median run's noise (a run of either kind at
# times measured 30 % more than the others of its boot), the median
# run's us/sample (in wall time TCG's run-to-run spread is 10-20 %) and
# the lowest (with -icount and two CPUs the spread is the round robin's
# slices, which only add)
function median(list,    n, a, i, j, v) {
	n = split(list, a, " ")
	for (i = 2; i <= n; i++) {
		v = a[i] + 0
		for (j = i - 1; j >= 1 && a[j] + 0 > v; j--)
			a[j + 1] = a[j]
		a[j + 1] = v
	}
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
/^RESULT / {
	for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
	k = f["kernel"] " " f["workload"]; s = f["sources"]
	if (!(k in keys))
		order[++nkeys] = k
	keys[k] = 1; cpu[k, s] += f["cpu_us"]; samples[k, s] += f["samples"]
	noise[k, s] = noise[k, s] " " f["noise"]
	if (f["samples"] > 0) {
		v = f["cpu_us"] / f["samples"]
		per[k, s] = per[k, s] " " v
		if (!((k, s) in low) || v < low[k, s])
			low[k, s] = v
	}
}
/^STAT / {
	for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
	k = f["kernel"] " " f["workload"]
	if (f["samples"] > 0)
		stat[k, f["type"] == 5 ? "sample" : "sources"] = f["ns"] / f["samples"] / 1000
}
END {
	printf "%-24s %10s %10s %7s %10s %10s %7s %10s %10s %7s %10s %10s %7s %9s %9s\n",
		"kernel workload", "us/sample", "+sources", "ratio",
		"median", "+sources", "ratio", "lowest", "+sources", "ratio",
		"noise", "+sources", "ratio", "bpf-samp", "bpf-src"
	for (i = 1; i <= nkeys; i++) {
		k = order[i]
		c0 = samples[k, 0] ? cpu[k, 0] / samples[k, 0] : 0
		c1 = samples[k, 1] ? cpu[k, 1] / samples[k, 1] : 0
		m0 = median(per[k, 0]); m1 = median(per[k, 1])
		n0 = median(noise[k, 0]); n1 = median(noise[k, 1])
		l0 = low[k, 0]; l1 = low[k, 1]
		printf "%-24s %10.2f %10.2f %7.3f %10.2f %10.2f %7.3f %10.2f %10.2f %7.3f %10.1f %10.1f %7.3f %9.2f %9.2f\n",
			k, c0, c1, c0 ? c1 / c0 : 0, m0, m1, m0 ? m1 / m0 : 0,
			l0, l1, l0 ? l1 / l0 : 0,
			n0, n1, n0 ? n1 / n0 : 0, stat[k, "sample"], stat[k, "sources"]
	}
}
