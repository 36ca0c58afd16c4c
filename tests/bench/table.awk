# The bench's table, from the RESULT lines of tests/bench/guest.sh (see
# tests/bench/run): one row per kernel, vCPU count, workload and tool,
# summed over its rounds; ratios against the reference in its tracefs
# mode (reft) and in its default mode (ref).  Runs with len=short (1 s)
# split each tool's CPU time into a fixed cost per run (fix_s: start-up
# and teardown) and a marginal cost per sample (us/smp_m, mrg/reft: what
# one more sample costs, what disturbs the measured CPUs).  With -v
# pd=FILE, writes "kernel-workload vCPUs tool us/sample" lines for the
# plot.
/^RESULT/ {
	delete v
	for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
	b = v["kernel"] SUBSEP v["smp"] SUBSEP v["workload"]
	k = b SUBSEP v["tool"]
	if (v["len"] == "short") {
		sticks[k] += v["ticks"]; ssamples[k] += v["samples"]; sruns[k]++
		next
	}
	ticks[k] += v["ticks"]; samples[k] += v["samples"]; lost[k] += v["lost"]
	dropped[k] += v["dropped"]
	wavg[k] += v["samples"] * v["avg"]; runs[k]++
	if (v["max"] > max[k]) max[k] = v["max"]
	if (v["hwm_kb"] > hwm[k]) hwm[k] = v["hwm_kb"]
	if (!(b in boots)) { boots[b] = 1; order[nb++] = b }
}
function per_sample(k) { return samples[k] ? ticks[k] * 10000 / samples[k] : 0 }
function avg(k) { return samples[k] ? wavg[k] / samples[k] : 0 }
function ratio(a, b) { return a != "" && b ? sprintf("%.3f", a / b) : "-" }
# us of CPU one more sample costs: the long runs against the short ones
function marginal(k,    dt, ds) {
	if (!sruns[k] || !runs[k])
		return ""
	dt = ticks[k] / runs[k] - sticks[k] / sruns[k]
	ds = samples[k] / runs[k] - ssamples[k] / sruns[k]
	return ds > 0 ? (dt > 0 ? dt : 0) * 10000 / ds : ""
}
# seconds of CPU a run costs whatever its length
function fixed(k,    m, f) {
	m = marginal(k)
	if (m == "")
		return "-"
	f = (sticks[k] / sruns[k]) / 100 - m * ssamples[k] / sruns[k] / 1e6
	return sprintf("%.2f", f > 0 ? f : 0)
}
END {
	printf "%-7s %-5s %-14s %-12s %4s %9s %10s %8s %8s %7s %7s %7s %9s %8s %8s %8s %8s %8s %6s %9s %8s\n",
		"kernel", "vCPUs", "workload", "tool", "runs", "cpu_ticks", "samples",
		"avg", "max", "lost", "dropped", "hwm_kB", "us/sample", "cpu/ref",
		"cpu/reft", "smp/reft", "avg/reft", "tck/reft", "fix_s",
		"us/smp_m", "mrg/reft"
	for (i = 0; i < nb; i++) {
		b = order[i]; split(b, bk, SUBSEP)
		ref = b SUBSEP "ref"
		reft = (b SUBSEP "ref-tracefs") in runs ? b SUBSEP "ref-tracefs" : ref
		for (t = 0; t < 5; t++) {
			tool = t == 0 ? "ours" : t == 1 ? "ours-tracefs" : t == 2 ? "ours-bpf" : t == 3 ? "ref" : "ref-tracefs"
			k = b SUBSEP tool
			if (!(k in runs))
				continue
			ps = per_sample(k)
			m = marginal(k)
			printf "%-7s %-5s %-14s %-12s %4d %9d %10d %8.2f %8d %7d %7d %7d %9.2f %8s %8s %8s %8s %8s %6s %9s %8s\n",
				bk[1], bk[2], bk[3], tool, runs[k], ticks[k], samples[k],
				avg(k), max[k], lost[k], dropped[k], hwm[k], ps,
				ratio(ps, per_sample(ref)), ratio(ps, per_sample(reft)),
				ratio(samples[k], samples[reft]), ratio(avg(k), avg(reft)),
				ratio(ticks[k], ticks[reft]), fixed(k),
				m == "" ? "-" : sprintf("%.2f", m), ratio(m, marginal(reft))
			if (pd != "")
				print bk[1] "-" bk[3], bk[2], tool, ps > pd
		}
	}
}
