# Reduce a tracefs ABI dump (the 6.1 RT reference, or the "files" and
# "formats" dumps of guest-checks.sh) to what must be equal on every
# kernel: file modes and defaults, event names, field names, types, sizes,
# signedness and print formats.  Event IDs, field offsets, the common_*
# header fields (bigger on PREEMPT_RT) and the signedness of char fields
# (the architecture's: char is unsigned on arm64) are left out.
/^osnoise\/[a-z_]+ mode=/	{ print; next }
/^tracing_thresh=/		{ print; next }
/^== /				{ inev = 1; print; next }
!inev				{ next }
/^name: /			{ print; next }
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
/^print fmt: /			{ print; inev = 0; next }
