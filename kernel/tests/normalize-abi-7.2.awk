# Reduce a walk of osnoise/ and of the osnoise event formats (the 7.2 RT
# reference dump, or the "abi-7.2" dump of timerlat-user-checks.sh) to what
# must be equal: every file and directory under osnoise/ with its mode and
# default, the per-CPU directories folded into one cpuN, the event names,
# field names, types, sizes, signedness and print formats.  Event IDs, field
# offsets, the common_* header fields (bigger on PREEMPT_RT) and the
# signedness of char fields (7.2 is built with unsigned char) are left out.
/^kernel /			{ next }
/^available_tracers /		{ next }
/^osnoise\// {
	gsub(/\/cpu[0-9]+\//, "/cpuN/")
	if (!seen[$0]++)
		print
	next
}
/^tracing_thresh=/		{ print; next }
/^== /				{ print; next }
/^(name|format):/		{ print; next }
/^\tfield:/ {
	if ($0 ~ /common_/)
		next
	line = $0
	sub(/\toffset:[0-9]+;/, "", line)
	if (line ~ /field:[^;]*char[ ;\[]/)
		sub(/\tsigned:[01];/, "", line)
	print line
	next
}
/^print fmt: /			{ print; next }
