#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The docs tests: man pages render cleanly and every interface that lists
options (man pages, --help, bash completion) lists the ones the parser
takes, no more and no fewer.

The parser's options come from the optlist program (tests/docs/optlist.c),
which asks options_parse() itself about each entry of the option table:
an option added to the table fails this test until it is documented.

Usage: check_docs.py --rtla build/rtla --optlist build/docs/optlist
                     --man-dir build/man --completion completion/rtla
"""

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections import OrderedDict, namedtuple

# arg: none, required, optional; value: what the completion offers (optlist)
Opt = namedtuple("Opt", "short long arg value", defaults=["-"])

# Options of "rtla" itself (src/main.c), not in the option table.
MAIN_OPTIONS = [Opt("-h", "--help", "none"), Opt("-V", "--version", "none")]

# Pages are rendered at this width, the usual terminal.
PAGE_WIDTH = 80

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


# ---------------------------------------------------------------- sources

def load_optlist(path):
    """tool name -> list of Opt, in table order."""
    tools = OrderedDict()
    out = run([path])
    if out.returncode:
        sys.exit("optlist failed: " + out.stderr)
    for line in out.stdout.splitlines():
        tool, short, long, arg, value = line.split("\t")
        tools.setdefault(tool, []).append(
            Opt(None if short == "-" else short, long, arg, value))
    if not tools:
        sys.exit("optlist printed no options")
    return tools


def commands_of(tools):
    """command -> list of modes ([] when the command has none)."""
    commands = OrderedDict()
    for tool in tools:
        words = tool.split()
        commands.setdefault(words[0], [])
        if len(words) > 1:
            commands[words[0]].append(words[1])
    return commands


def default_tool(command, commands):
    """What "rtla COMMAND" runs without a mode: the first mode (top)."""
    modes = commands[command]
    return "%s %s" % (command, modes[0]) if modes else command


def option_names(opts):
    names = set()
    for opt in opts:
        names.add(opt.long)
        if opt.short:
            names.add(opt.short)
    return names


# ------------------------------------------------------------ man pages

def roff_to_text(line):
    """A roff line as plain text: fonts dropped, escapes resolved."""
    line = re.sub(r"^\.(B|I|BI|IB|BR|RB|IR|RI)\s+", "", line)
    line = re.sub(r"\\f(\[[^]]*\]|\(..|.)", "", line)
    for escape, text in ((r"\-", "-"), (r"\(aq", "'"), (r"\(dq", '"'),
                         (r"\&", ""), (r"\ ", " "), (r"\e", "\\"),
                         (r"\(ga", "`"), (r"\(ti", "~")):
        line = line.replace(escape, text)
    return line.strip()


def man_terms(path):
    """The option terms of the OPTIONS section: "-a, --auto=us", ..."""
    terms, section, after_tp = [], None, False
    with open(path, encoding="utf-8") as page:
        for line in page:
            line = line.rstrip("\n")
            if line.startswith(".SH"):
                section = roff_to_text(line[3:]).strip('"')
                continue
            if line.startswith(".TP"):
                after_tp = True
                continue
            if after_tp and not line.startswith(".\\\""):
                after_tp = False
                text = roff_to_text(line)
                if section == "OPTIONS" and text.startswith("-"):
                    terms.append(text)
    return terms


def parse_term(term):
    """ "-t [file], --trace[=file]" -> list of (name, arg)."""
    parsed = []
    for part in term.split(", "):
        match = re.match(r"(--?[A-Za-z0-9][\w-]*)(.*)$", part.strip())
        if not match:
            parsed.append((part, "bad"))
            continue
        name, rest = match.groups()
        if not rest:
            arg = "none"
        elif rest.startswith("[") or rest.startswith(" ["):
            arg = "optional"
        elif rest.startswith("=") or rest.startswith(" "):
            arg = "required"
        else:
            arg = "bad"
        parsed.append((name, arg))
    return parsed


def render(path, width, *extra):
    env = dict(os.environ, MANWIDTH=str(width), LC_ALL="C.UTF-8",
               MAN_KEEP_FORMATTING="")
    env.pop("MANPAGER", None)
    env.pop("PAGER", None)
    return run(["man", *extra, "-l", path], env=env)


def normalise(text):
    for dash in "\u2010\u2011\u2012\u2013\u2212":
        text = text.replace(dash, "-")
    return text


def check_render(page, path):
    """man --warnings (man-db's default set, then all of groff's) is
    silent and the page fits in 80 columns."""
    for warnings in ("--warnings", "--warnings=all"):
        out = render(path, PAGE_WIDTH, warnings)
        if out.returncode:
            fail("%s: man %s exits with %d: %s"
                 % (page, warnings, out.returncode, out.stderr))
        if out.stderr.strip():
            fail("%s: man %s: groff warnings:\n%s"
                 % (page, warnings, out.stderr.rstrip()))
    for number, line in enumerate(out.stdout.splitlines(), 1):
        if len(line) > PAGE_WIDTH:
            fail("%s: rendered line %d is wider than %d columns: %s"
                 % (page, number, PAGE_WIDTH, line.strip()))
    if not out.stdout.strip():
        fail("%s: renders to nothing" % page)


REQUIRED_SECTIONS = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS",
                     "EXIT STATUS", "EXAMPLES", "FILES", "SEE ALSO"]


def check_sections(page, text):
    sections = [line.strip() for line in text.splitlines()
                if line and not line[0].isspace() and line.isupper()]
    for section in REQUIRED_SECTIONS:
        if section not in sections:
            fail("%s: no %s section" % (page, section))
    if "EXIT STATUS" in sections:
        body = text.split("\nEXIT STATUS\n", 1)[1]
        for status in ("0", "1", "2"):
            if not re.search(r"^\s+%s\s" % status, body, re.M):
                fail("%s: EXIT STATUS does not describe %s" % (page, status))
    if "EXAMPLES" in sections:
        body = text.split("\nEXAMPLES\n", 1)[1]
        if "CI latency gate" not in body:
            fail("%s: EXAMPLES have no CI latency gate" % page)
        if "RT server check" not in body:
            fail("%s: EXAMPLES have no RT server check" % page)


def check_documented(page, terms, opts, what):
    """The OPTIONS section documents exactly @opts, paired and with args."""
    documented = {}
    for term in terms:
        names = parse_term(term)
        # "-a, --auto=us": the argument follows the last name (and may
        # follow the others: "-t [file], --trace[=file]")
        arg = names[-1][1]
        for name, _ in names:
            documented[name] = (term, names, arg)
        if any(a == "bad" for _, a in names) or \
           any(a not in ("none", arg) for _, a in names[:-1]):
            fail("%s: cannot read the option term '%s'" % (page, term))
    expected = set()
    for opt in opts:
        expected |= {opt.long} | ({opt.short} if opt.short else set())
        if opt.long not in documented:
            fail("%s: %s is not documented (%s takes it)"
                 % (page, "/".join(filter(None, [opt.short, opt.long])),
                    what))
            continue
        term, names, arg = documented[opt.long]
        shorts = [n for n, _ in names if not n.startswith("--")]
        if shorts != ([opt.short] if opt.short else []):
            fail("%s: '%s' should name %s" % (page, term, ", ".join(
                filter(None, [opt.short, opt.long]))))
        if arg != opt.arg:
            fail("%s: '%s': %s takes %s argument, the page says %s"
                 % (page, term, opt.long, ARG_WORDS[opt.arg], ARG_WORDS[arg]))
    for name in documented:
        if name not in expected:
            fail("%s: documents %s, which %s does not take"
                 % (page, name, what))


ARG_WORDS = {"none": "no", "required": "an", "optional": "an optional",
             "bad": "an unreadable"}

OPTION_TOKEN = re.compile(r"(?<![\w/.\-])(--?[A-Za-z][\w-]*)")
INVOCATION = re.compile(r"\brtla\s+([a-z]+)(?:\s+([a-z]+))?")


def token_name(token):
    """ "--trace=x" -> "--trace", "-tfile" -> "-t"."""
    if token.startswith("--"):
        return re.match(r"--[\w-]+", token).group(0)
    return token[:2]


def check_mentions(page, text, tools, commands, anywhere):
    """Options in "rtla CMD [MODE] ..." lines are that tool's; any other
    option named on the page is known to some tool."""
    names = {tool: option_names(opts) for tool, opts in tools.items()}
    for line in text.splitlines():
        for match in INVOCATION.finditer(line):
            command, mode = match.groups()
            if command not in commands:
                continue
            if mode and mode in commands[command]:
                tool = "%s %s" % (command, mode)
            else:
                tool = default_tool(command, commands)
            for word in line[match.end():].split():
                if word == "rtla" or re.search(r"[|;&<>]", word):
                    break
                if re.match(r"--?[A-Za-z]", word):
                    name = token_name(word.rstrip(",.)"))
                    if name not in names[tool]:
                        fail("%s: 'rtla %s' uses %s, which it does not take:"
                             " %s" % (page, tool, name, line.strip()))
        for token in OPTION_TOKEN.findall(line):
            name = token_name(token)
            if name not in anywhere:
                fail("%s: names %s, which no rtla command takes: %s"
                     % (page, name, line.strip()))


def check_lint(page, path):
    """mandoc -T lint (style level and up) is silent, and lexgrog reads
    the NAME line that whatis and apropos index: "PAGE - description"."""
    for tool in ("mandoc", "lexgrog"):
        if not shutil.which(tool):
            fail("%s: %s not found (scripts/install-deps installs it)"
                 % (page, tool))
            return
    out = run(["mandoc", "-T", "lint", "-W", "style", path])
    if out.returncode or out.stdout.strip() or out.stderr.strip():
        fail("%s: mandoc -T lint:\n%s" % (page, (out.stdout +
                                                out.stderr).rstrip()))
    out = run(["lexgrog", path])
    name = page[:-len(".1")]
    match = re.search(r': "(\S+) - (.+)"$', out.stdout.strip())
    if out.returncode or not match or match.group(1) != name:
        fail("%s: lexgrog does not find '%s - description': %s"
             % (page, name, (out.stdout + out.stderr).strip()))


SHELL_OPERATORS = {">", ">>", "<", "|", "||", "&&", ";", "&", "2>", "2>&1"}


def example_commands(path):
    """The rtla command lines of the EXAMPLES section's literal blocks, as
    (line number, words), a trailing backslash joining lines, the words
    ending at the first shell operator."""
    commands, section, nofill, pending = [], None, False, None
    with open(path, encoding="utf-8") as page:
        for number, line in enumerate(page, 1):
            line = line.rstrip("\n")
            if line.startswith(".SH"):
                section = roff_to_text(line[3:]).strip('"')
                continue
            if line in (".nf", ".fi"):
                nofill = line == ".nf"
                continue
            if section != "EXAMPLES" or not nofill or line.startswith("."):
                continue
            text = roff_to_text(line)
            if pending:
                text = pending[1] + " " + text
                number = pending[0]
            if text.endswith("\\"):
                pending = (number, text[:-1].rstrip())
                continue
            pending = None
            lexer = shlex.shlex(text, posix=True, punctuation_chars="|&;<>")
            lexer.whitespace_split = True
            words = []
            for word in lexer:
                if word in SHELL_OPERATORS or re.match(r"^\d*[<>|&;]", word):
                    break
                words.append(word)
            if words[:1] == ["rtla"]:
                commands.append((number, words))
    return commands


def check_examples(page, path, optlist, commands):
    """Every example runs through the parser of its tool without error."""
    found = example_commands(path)
    if not found:
        fail("%s: EXAMPLES has no rtla command" % page)
    for number, words in found:
        line = " ".join(words)
        if len(words) < 2 or words[1].startswith("-"):
            # "rtla --help", "rtla --version": the main program's own
            if not set(words[1:]) <= option_names(MAIN_OPTIONS):
                fail("%s:%d: example '%s': rtla takes no such option"
                     % (page, number, line))
            continue
        command = words[1]
        if command not in commands:
            fail("%s:%d: example '%s': no command %s"
                 % (page, number, line, command))
            continue
        args = words[2:]
        if args and args[0] in commands[command]:
            tool, args = "%s %s" % (command, args[0]), args[1:]
        else:
            tool = default_tool(command, commands)
        out = run([optlist, "--parse", tool] + args)
        if out.returncode:
            fail("%s:%d: example '%s' is refused by the parser: %s"
                 % (page, number, line, out.stderr.strip()))


def check_man(man_dir, tools, commands, optlist):
    anywhere = option_names(MAIN_OPTIONS)
    for opts in tools.values():
        anywhere |= option_names(opts)
    pages = OrderedDict()
    pages["rtla.1"] = (MAIN_OPTIONS, "rtla")
    for command, modes in commands.items():
        tool = default_tool(command, commands)
        pages["rtla-%s.1" % command] = (tools[tool], "rtla " + command)
        for mode in modes:
            tool = "%s %s" % (command, mode)
            pages["rtla-%s-%s.1" % (command, mode)] = (tools[tool],
                                                        "rtla " + tool)
    found = sorted(f for f in os.listdir(man_dir) if f.endswith(".1"))
    for page in found:
        if page not in pages:
            fail("%s: a page for no rtla command" % page)
    for page, (opts, what) in pages.items():
        path = os.path.join(man_dir, page)
        if not os.path.exists(path):
            fail("%s: missing (expected for %s)" % (page, what))
            continue
        before = len(failures)
        check_render(page, path)
        check_lint(page, path)
        check_examples(page, path, optlist, commands)
        out = render(path, 250, "--no-hyphenation", "--no-justification")
        text = normalise(out.stdout)
        check_sections(page, text)
        check_documented(page, man_terms(path), opts, what)
        check_mentions(page, text, tools, commands, anywhere)
        if len(failures) == before:
            print("ok: %s" % page)


# ---------------------------------------------------------------- --help

# "    -p, --period <us>     ..." or "        --no-aa           ...", as
# rtla 7.2 lays them out; report, compare, plot: "  -o/--json FILE: ..."
HELP_OPTION = re.compile(
    r"^\s+(?:(-[A-Za-z0-9])(?:/|, ))?(--[A-Za-z0-9][\w-]*)(.*)$")


def help_options(rtla, tool):
    out = run([rtla, *tool.split(), "--help"])
    want = 129  # rtla 7.2's status for --help, ours for every command
    if out.returncode != want:
        fail("rtla %s --help exits with %d, not %d"
             % (tool, out.returncode, want))
    opts = []
    for line in out.stdout.splitlines():
        match = HELP_OPTION.match(line)
        if not match:
            continue
        short, long, rest = match.groups()
        arg = ("optional" if rest.startswith("[") else
               "required" if re.match(r" [^ ]", rest) else "none")
        opts.append(Opt(short, long, arg))
    return opts


def help_list(rtla, words, section):
    """The first words of the lines of a --help section ("commands:")."""
    out = run([rtla, *words, "--help"])
    found, inside = [], False
    for line in out.stdout.splitlines():
        fields = line.split()
        if fields[:1] == [section]:
            inside = True
        elif inside and not fields:
            break
        elif inside and len(fields) > 1 and fields[1] == "-":
            found.append(fields[0])
    return found


def check_help(rtla, tools, commands):
    for tool, opts in tools.items():
        shown = help_options(rtla, tool)
        # --help shows no completion: compare the rest
        opts = [opt._replace(value="-") for opt in opts]
        if set(shown) != set(opts) or len(shown) != len(opts):
            for opt in set(opts) - set(shown):
                fail("rtla %s --help does not show %s with %s argument"
                     % (tool, "/".join(filter(None, opt[:2])),
                        ARG_WORDS[opt.arg]))
            for opt in set(shown) - set(opts):
                fail("rtla %s --help shows %s with %s argument, which the "
                     "parser does not take that way"
                     % (tool, "/".join(filter(None, opt[:2])),
                        ARG_WORDS[opt.arg]))
            if len(shown) != len(set(shown)):
                fail("rtla %s --help shows an option twice" % tool)
        else:
            print("ok: rtla %s --help" % tool)
    listed = help_list(rtla, [], "commands:")
    if listed != list(commands):
        fail("rtla --help lists the commands %s, expected %s"
             % (listed, list(commands)))
    for command, modes in commands.items():
        if modes and help_list(rtla, [command], "modes:") != modes:
            fail("rtla %s --help does not list the modes %s"
                 % (command, modes))


def check_full_stdout(rtla, top):
    """Help, versions and reports sent to a full disk: one line, status 1."""
    report = os.path.join(top, "tests", "data", "cyclictest-h50.json")
    for words in (["--version"], ["--help"], ["timerlat", "--version"],
                  ["timerlat", "hist", "--help"], ["report", report]):
        with open("/dev/full", "w") as full:
            done = subprocess.run([rtla] + words, stdout=full,
                                  stderr=subprocess.PIPE, text=True)
        lines = done.stderr.splitlines()
        if (done.returncode != 1 or len(lines) != 1
                or "cannot write to stdout: No space left" not in lines[0]):
            fail("rtla %s > /dev/full: status %d, stderr %r (want 1 and "
                 "one line)" % (" ".join(words), done.returncode,
                                done.stderr))
        else:
            print("ok: rtla %s > /dev/full says so and exits 1"
                  % " ".join(words[:2]))


# ------------------------------------------------------------ completion

COMPLETE = r'''
source "$1"; shift
for line in "$@"; do
	COMP_LINE=$line COMP_POINT=${#line}
	# bash splits words on blanks and on = and :
	read -ra COMP_WORDS <<< "$(printf '%s' "$line" | sed -E 's/([=:])/ \1 /g')"
	[[ $line == *' ' ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_rtla rtla "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}" 2>&1
	printf '%s\n' "${COMPREPLY[*]}"
done
'''


def complete(completion, lines):
    out = run(["bash", "--norc", "--noprofile", "-c", COMPLETE, "complete",
               completion, *lines])
    if out.returncode:
        fail("completion: bash exits with %d: %s"
             % (out.returncode, out.stderr))
    replies = out.stdout.split("\n")
    return [set(reply.split()) for reply in replies[:len(lines)]]


# The actions --on-threshold and --on-end take, with their keys.
ACTIONS = {"trace", "trace,file=", "signal,num=", "shell,command=",
           "continue"}


# --budget of each link's hist mode
BUDGETS = {"timerlat": {"%s:%s=" % (c, s) for c in ("irq", "thread", "user")
                        for s in ("max", "avg", "over", "p99", "p99.9")},
           "osnoise": {"noise:%s=" % s
                       for s in ("max", "avg", "over", "p99", "p99.9")}}


def spellings(opt):
    return [opt.long] + ([opt.short] if opt.short else [])


def value_cases(rtla, tools):
    """Completion cases of option values, by the kind of value the option
    table gives each option: files, words, actions, budgets."""
    cases = []
    files = {"tests/docs/check_docs.py", "tests/docs/check_install.sh"}
    for tool, opts in tools.items():
        for opt in opts:
            kind, _, words = opt.value.partition(":")
            for name in spellings(opt):
                if kind == "file":
                    cases.append(("%s %s %s tests/docs/check_" % (rtla, tool, name),
                                  files, "the files for " + name))
                elif kind in ("words", "words-go-on"):
                    cases.append(("%s %s %s " % (rtla, tool, name),
                                  set(words.split()),
                                  "the values of %s of %s" % (name, tool)))
                elif kind == "action":
                    cases.append(("%s %s %s " % (rtla, tool, name), ACTIONS,
                                  "the actions of " + name))
            if kind == "file":
                cases.append(("%s %s %s=tests/docs/check_" % (rtla, tool, opt.long),
                              files, "the files for %s=" % opt.long))
        names = option_names(opts)
        if tool in ("report", "compare", "plot"):
            cases.append(("%s %s tests/docs/check_" % (rtla, tool), files,
                          "the report files of " + tool))
        if "--on-end" in names:
            cases.append(("%s %s --on-end signal,num=10," % (rtla, tool),
                          {"10,pid="}, "the keys of a signal action"))
            cases.append(("%s %s --on-end signal,num=1" % (rtla, tool),
                          {"1,pid="}, "the keys after a value"))
            cases.append(("%s %s --on-end signal,nu" % (rtla, tool),
                          {"signal,num="}, "a key of a signal action"))
        if any(opt.value == "budget" for opt in opts):
            if tool.startswith("timerlat"):
                contexts = ["irq", "thread", "user"]
            else:
                contexts = ["noise"]
            if tool.endswith("hist"):
                stats = ["max", "avg", "over", "p99", "p99.9"]
            elif tool.startswith("timerlat"):
                stats = ["max", "avg"]
            else:
                stats = ["max"]
            cases.append(("%s %s --budget " % (rtla, tool),
                          {"%s:%s=" % (c, s) for c in contexts
                           for s in stats}, "the budgets of " + tool))
    return cases


def link_cases(rtla, tools, commands, links):
    """Completion of the osnoise and timerlat links (made in links)."""
    cases = []
    for command, modes in commands.items():
        if not modes:
            continue
        link = os.path.join(links, command)
        os.symlink(os.path.abspath(rtla), link)
        cases.append((link + " ", set(modes), "the modes of link " + command))
        cases.append((link + " -",
                      option_names(tools[default_tool(command, commands)]),
                      "the options of link " + command))
        cases.append((link + " hist --budget " if "hist" in modes else
                      link + " --budget ", BUDGETS[command],
                      "the budgets of link " + command))
        for mode in modes:
            cases.append(("%s %s -" % (link, mode),
                          option_names(tools[command + " " + mode]),
                          "the options of link %s %s" % (command, mode)))
    return cases


def check_completion(rtla, completion, tools, commands):
    cases = [(rtla + " ", set(commands), "the commands"),
             (rtla + " -", option_names(MAIN_OPTIONS), "rtla's options")]
    for command, modes in commands.items():
        if modes:
            cases.append(("%s %s " % (rtla, command), set(modes),
                          "the modes of " + command))
        cases.append(("%s %s -" % (rtla, command),
                      option_names(tools[default_tool(command, commands)]),
                      "the options of rtla " + command))
    for tool, opts in tools.items():
        cases.append(("%s %s -" % (rtla, tool), option_names(opts),
                      "the options of rtla " + tool))
        if any(opt.long == "--priority" for opt in opts):
            cases.append(("%s %s -P " % (rtla, tool), {"o:", "r:", "f:",
                                                       "d:"},
                          "the -P policies"))
    cases += value_cases(rtla, tools)
    links = tempfile.mkdtemp()
    cases += link_cases(rtla, tools, commands, links)
    replies = complete(completion, [line for line, _, _ in cases])
    shutil.rmtree(links)
    for (line, expected, what), reply in zip(cases, replies):
        if reply != expected:
            fail("completion of '%s' should offer %s: missing %s, extra %s"
                 % (line, what, sorted(expected - reply) or "none",
                    sorted(reply - expected) or "none"))
        else:
            print("ok: completion of '%s'" % line)
    out = run(["bash", "--norc", "--noprofile", "-c",
               'source "$1" && complete -p rtla osnoise timerlat', "complete",
               completion])
    if out.returncode:
        fail("completion: not registered for rtla and its links: %s"
             % out.stderr.strip())
    # the options the completion names itself (values it completes)
    anywhere = option_names(MAIN_OPTIONS)
    for opts in tools.values():
        anywhere |= option_names(opts)
    with open(completion, encoding="utf-8") as script:
        for number, line in enumerate(script, 1):
            label = re.match(r"\s*((?:-[-\w]+\|?)+)\)", line)
            if not label:
                continue
            for name in label.group(1).split("|"):
                if name not in anywhere:
                    fail("%s:%d: completes %s, which no rtla command takes"
                         % (completion, number, name))


def check_links_documented(readme, makefile):
    """README says what make install does with the command links."""
    with open(makefile, encoding="utf-8") as mk:
        links = re.search(r"^CMD_LINKS\s*:=\s*(.*)$", mk.read(), re.M)
    with open(readme, encoding="utf-8") as text:
        sentences = re.split(r"(?<=[.:;])\s", " ".join(text.read().split()))
    for link in links.group(1).split() if links else []:
        said = [x for x in sentences
                if "`%s`" % link in x and re.search(r"\blinks?\b", x)]
        if not said:
            fail("README.md: no word on the `%s` link make install makes"
                 % link)
        for sentence in said:
            if re.search(r"\bnot (ship|install)", sentence):
                fail("README.md: '%s': make install installs `%s`"
                     % (sentence, link))
    if links:
        print("ok: README.md on the links %s" % links.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rtla", required=True)
    parser.add_argument("--optlist", required=True)
    parser.add_argument("--man-dir", required=True)
    parser.add_argument("--completion", required=True)
    args = parser.parse_args()

    tools = load_optlist(args.optlist)
    commands = commands_of(tools)
    check_man(args.man_dir, tools, commands, args.optlist)
    check_help(args.rtla, tools, commands)
    check_completion(args.rtla, args.completion, tools, commands)
    top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    check_full_stdout(args.rtla, top)
    check_links_documented(os.path.join(top, "README.md"),
                           os.path.join(top, "mk", "docs.mk"))
    if failures:
        print("check_docs: %d failure(s)" % len(failures))
        return 1
    print("check_docs: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
