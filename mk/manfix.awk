# SPDX-License-Identifier: GPL-2.0
#
# Tidies the roff that rst2man writes so that the pages lint clean
# (mandoc -T lint, man --warnings, lintian): no paragraph macro right after
# a section heading, a constant-width font that every formatter knows, and
# no filled text line longer than 80 bytes (folded at a breakable space;
# the rendered page is the same, since filled text is refilled anyway).
# Used by mk/docs.mk: awk -f mk/manfix.awk page.1.tmp > page.1

function fold(line,    cut, i, c)
{
	while (length(line) > 80) {
		cut = 0
		for (i = 80; i > 1; i--) {
			c = substr(line, i, 1)
			# a space not escaped ("\ " does not break), and the
			# rest does not start with a control character
			if (c == " " && substr(line, i - 1, 1) != "\\" &&
			    substr(line, i + 1, 1) !~ /^[.' ]$/) {
				cut = i
				break
			}
		}
		if (!cut)
			break
		print substr(line, 1, cut - 1)
		line = substr(line, cut + 1)
	}
	print line
}

/^\.SH / || /^\.SS / { print; heading = 1; next }
heading && /^\.(sp|PP|P|LP)$/ { next }
heading && (/^\.\\"/ || /^\.$/) { print; next }
{ heading = 0 }

# the tag line of .TP is one line
/^\.TP/ { print; tag = 1; next }
tag { print; tag = 0; next }

/^\.ft C$/ { print ".ft CR"; next }
/^\.nf$/ { nofill = 1 }
/^\.fi$/ { nofill = 0 }
!nofill && !/^[.']/ { fold($0); next }
{ print }
