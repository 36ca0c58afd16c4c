#!/usr/bin/env python3
"""Check the report files a VM run wrote: JSON, OpenMetrics, JUnit, budgets.

Reads the guest's output (files between "=== name" markers) on stdin and
prints TAP.
"""
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import json_layout  # noqa: E402

files = {}
name = None
for line in sys.stdin.read().splitlines(keepends=True):
    m = re.match(r"^=== (\S+)\n$", line)
    if m:
        name = m.group(1)
        files[name] = ""
    elif name:
        files[name] += line

results = []


def check(ok, what, detail=""):
    results.append((bool(ok), what, detail))


def text_counts(text):
    """count: row of a text histogram, keyed by column name."""
    header = next(l for l in text.splitlines() if l.startswith("Index"))
    count = next(l for l in text.splitlines() if l.startswith("count:"))
    return dict(zip(header.split()[1:], map(int, count.split()[1:])))


def rc(name):
    return int(files.get(name + ".rc", "-1").strip() or -1)


RT_TESTS_KEYS = ["file_version", "cmdline", "rt_test_version", "start_time",
                 "end_time", "return_code", "sysinfo", "num_threads",
                 "resolution_in_ns", "thread"]

# 1. a gate that passes, with all three formats from one run
check(rc("gate") == 0, "budgets that hold exit 0", files.get("gate.err", ""))
try:
    doc = json.loads(files["gate.json"])
    check(all(k in doc for k in RT_TESTS_KEYS), "JSON holds the rt-tests keys")
    check(set(doc["sysinfo"]) >= {"sysname", "nodename", "release", "version",
                                  "machine", "realtime"}, "JSON sysinfo")
    ext = doc["rtla"]
    check(set(ext) >= {"cpus", "all", "lost_events", "budgets", "system",
                       "params", "version"}, "JSON holds the rtla extension")
    check(set(ext["system"]) >= {"kernel_cmdline", "isolcpus", "nohz_full",
                                 "preemption", "cpu_dma_latency_us",
                                 "clocksource"}, "JSON system facts")
    counts = text_counts(files["gate.out"])
    same = True
    for cpu, thread in doc["thread"].items():
        n = int(cpu)
        same &= thread["cycles"] == counts["Thr-%03d" % n]
        same &= ext["cpus"][cpu]["irq"]["count"] == counts["IRQ-%03d" % n]
        same &= sum(thread["histogram"].values()) + \
            ext["cpus"][cpu]["thread"]["over"] == thread["cycles"]
        p = ext["cpus"][cpu]["thread"]["percentiles"]
        known = [p[k] for k in ("p50", "p90", "p99") if p[k] is not None]
        same &= known == sorted(known)
    check(same and len(doc["thread"]) == doc["num_threads"] > 0,
          "JSON counts equal the text output of the same run")
    check(len(ext["budgets"]) == 2 * doc["num_threads"] and
          all(b["pass"] for b in ext["budgets"]), "JSON budget verdicts")
    check(doc["return_code"] == 0, "JSON return_code")
except (KeyError, ValueError, StopIteration) as e:
    check(False, "gate JSON", repr(e))

try:
    out = subprocess.run(["promtool", "check", "metrics"],
                         input=files["gate.prom"] + files["ostop.prom"][:0],
                         capture_output=True, text=True)
    check(out.returncode == 0, "OpenMetrics passes promtool (hist)",
          out.stdout + out.stderr)
    out = subprocess.run(["promtool", "check", "metrics"],
                         input=files["ostop.prom"], capture_output=True,
                         text=True)
    check(out.returncode == 0, "OpenMetrics passes promtool (top)",
          out.stdout + out.stderr)
    check("rtla_timerlat_latency_seconds_bucket{" in files["gate.prom"],
          "OpenMetrics has the latency histogram")
except (FileNotFoundError, KeyError) as e:
    check(False, "promtool", repr(e))

try:
    root = ET.fromstring(files["gate.xml"])
    cases = root.findall(".//testcase")
    check(len(cases) == 5 and not root.findall(".//failure") and
          cases[0].get("name") == "run",
          "JUnit: the run, then one passing case per budget and CPU")
except (ET.ParseError, KeyError) as e:
    check(False, "JUnit parses", repr(e))

# 2. a gate that fails
check(rc("fail") == 2, "a violated budget exits 2", files.get("fail.rc", ""))
check(re.search(r"budget irq:max=1us violated on CPU 1: \d+ us > 1 us",
                files.get("fail.out", "")), "the violation line names CPU, value and limit")
try:
    root = ET.fromstring(files["fail.xml"])
    check(len(root.findall(".//testcase")) == 2 and
          len(root.findall(".//failure")) == 1, "JUnit records the failure")
except (ET.ParseError, KeyError) as e:
    check(False, "failing JUnit parses", repr(e))

# 3. JSON on stdout stays parseable; the text goes to stderr
try:
    doc = json.loads(files["stdout.out"])
    check(rc("stdout") == 0 and doc["rtla"]["tool"] == "osnoise hist" and
          "# RTLA osnoise histogram" in files["stdout.err"],
          "--json - keeps stdout pure JSON")
    check(all(c["noise"]["count"] > 0 for c in doc["rtla"]["cpus"].values()),
          "osnoise hist JSON has noise samples")
except (KeyError, ValueError) as e:
    check(False, "osnoise --json -", repr(e))

try:
    doc = json.loads(files["ostop.json"])
    cpus = doc["rtla"]["cpus"]
    ok = rc("ostop") == 0
    for c in cpus.values():
        p = c["periods"]
        avail = 100.0 * (p["runtime"] - p["noise"]) / p["runtime"]
        ok &= abs(avail - p["cpu_available_percent"]) < 0.001
    check(ok and cpus, "osnoise top JSON: % CPU available from runtime and noise")
except (KeyError, ValueError, ZeroDivisionError) as e:
    check(False, "osnoise top JSON", repr(e))

try:
    doc = json.loads(files["tltop.out"])
    check(rc("tltop") == 2 and doc["return_code"] == 2 and
          not any(b["pass"] for b in doc["rtla"]["budgets"]),
          "timerlat top: a failed budget is in the JSON and the exit status")
except (KeyError, ValueError) as e:
    check(False, "timerlat top JSON", repr(e))

# 4. verdicts that tell the truth
try:
    doc = json.loads(files["gate.json"])
    check(doc["rtla"]["params"]["period_us"] == 1000 and
          doc["rtla"]["end_reason"] == "duration" and
          doc["rtla"]["interrupted"] is False,
          "JSON: the period used, and the run ended by its duration")
    check(doc["sysinfo"]["realtime"] == 1 and
          doc["rtla"]["system"]["preemption"] == "rt",
          "JSON: a PREEMPT_RT kernel is realtime", repr(doc["sysinfo"]))
    limited = doc["rtla"]["system"]["cpu_dma_latency_limited"]
    check(limited is False and
          doc["rtla"]["system"]["cpu_dma_latency_us"] is None,
          "JSON: no DMA latency limit is null, not 2000000000")
except (KeyError, ValueError) as e:
    check(False, "gate JSON fields", repr(e))

try:
    root = ET.fromstring(files["stdout.xml"])
    check(root.get("tests") == "1" and
          root.find(".//testcase").get("name") == "run" and
          not root.findall(".//failure"),
          "JUnit without budgets: the run is the test")
except (ET.ParseError, KeyError) as e:
    check(False, "JUnit without budgets", repr(e))

try:
    doc = json.loads(files["ostop.json"])
    ok = True
    for cpu, thread in doc["thread"].items():
        p = doc["rtla"]["cpus"][cpu]["periods"]
        ok &= thread["cycles"] == p["periods"] > 0
        ok &= thread["max"] == p["max_noise"]
    check(ok and doc["thread"], "osnoise top JSON: rt-tests blocks hold the periods")
except (KeyError, ValueError) as e:
    check(False, "osnoise top rt-tests blocks", repr(e))

readme = files.get("readme.out", "") + files.get("readme.err", "")
check(rc("readme") == 0 and
      "lies beyond the histogram" in files.get("readme.err", "") and
      "2 budgets checked, 0 violated" in readme,
      "the README's gate passes a run within budgets past the histogram",
      readme[-600:])
try:
    doc = json.loads(files["readme.json"])
    check(all(b["result"] == "met" for b in doc["rtla"]["budgets"]),
          "the README's gate: every verdict met")
except (KeyError, ValueError) as e:
    check(False, "README gate JSON", repr(e))

try:
    root = ET.fromstring(files["readmefail.xml"])
    check(rc("readmefail") == 2 and root.findall(".//failure") and
          "violated" in files.get("readmefail.out", ""),
          "the README's gate with its own budgets fails a TCG run (exit 2)",
          files.get("readmefail.out", "")[-600:])
except (ET.ParseError, KeyError) as e:
    check(False, "README gate that fails", repr(e))

und = files.get("undecided.out", "")
check(rc("undecided") == 1 and "cannot tell on CPU 0" in und and
      "raise -E or -b" in und and "1 budget checked, 0 violated, 1 undecided" in und,
      "a percentile between the histogram's end and the max: exit 1, cannot tell",
      und[-600:] + files.get("undecided.err", ""))
try:
    root = ET.fromstring(files["undecided.xml"])
    check(len(root.findall(".//error")) == 1 and
          not root.findall(".//failure"), "JUnit: an undecided budget is an error")
except (ET.ParseError, KeyError) as e:
    check(False, "undecided JUnit", repr(e))

check(rc("clash") == 1 and "same.out" not in files and
      len(files.get("clash.err", "").strip().splitlines()) == 1 and
      "--json and --junit both write" in files.get("clash.err", ""),
      "two outputs to one file: refused in one line", files.get("clash.err", ""))

check(rc("term") == 143, "SIGTERM: exit 143, as rtla 7.2", files.get("term.rc", ""))
try:
    doc = json.loads(files["term.json"])
    check(doc["rtla"]["end_reason"] == "SIGTERM" and
          doc["rtla"]["interrupted"] is True and doc["return_code"] == 143,
          "SIGTERM: the JSON says why the run ended")
    root = ET.fromstring(files["term.xml"])
    err = root.find(".//error")
    check(err is not None and err.get("type") == "interrupted",
          "SIGTERM: JUnit has an interrupted error")
except (KeyError, ValueError, ET.ParseError) as e:
    check(False, "SIGTERM reports", repr(e) + files.get("term.err", ""))

# 5. the real peer: cyclictest's report read, compared, a regression caught
check(rc("ctbase") == 0 and "ctbase.json" in files,
      "cyclictest --json ran in the guest", files.get("ctbase.err", ""))
rpt = files.get("rptct.out", "")
check(rc("rptct") == 0 and "Thr-000" in rpt and "Thr-001" in rpt and
      "IRQ-000" not in rpt and "1 budget checked, 0 violated" in rpt,
      "rtla report prints cyclictest's run as a thread histogram", rpt[-800:])
try:
    ct = json.loads(files["ctbase.json"])
    again = json.loads(files["ct-rtla.json"])
    ok = True
    for key, thread in ct["thread"].items():
        cpu = str(thread["cpu"])
        mine = again["rtla"]["cpus"][cpu]["thread"]
        ok &= mine["count"] == thread["cycles"] and mine["max"] == thread["max"]
        ok &= mine["min"] == thread["min"]
    check(ok and len(ct["thread"]) == 2,
          "rtla report --json: cyclictest's counts, min and max per CPU")
except (KeyError, ValueError) as e:
    check(False, "cyclictest report JSON", repr(e))
check(rc("cmpsame") == 0, "compare cyclictest with rtla, both quiet: thread:max=+50ms kept",
      files.get("cmpsame.out", "")[-1200:] + files.get("cmpsame.err", ""))
reg = files.get("cmpreg.out", "")
try:
    doc = json.loads(files["cmpreg.json"])
    broken = [(v["cpu"], v["context"]) for v in doc["verdicts"]
              if v["result"] == "broken"]
    check(rc("cmpreg") == 2 and (1, "thread") in broken and
          "rule thread:max=+40ms broken on CPU 1 thread" in reg,
          "a disturber on CPU 1: compare exits 2 and names CPU 1 thread",
          reg[-1500:])
    root = ET.fromstring(files["cmpreg.xml"])
    check(len(root.findall(".//failure")) == doc["broken"] >= 1,
          "compare's JUnit has a failure per broken rule")
except (KeyError, ValueError, ET.ParseError) as e:
    check(False, "regression compare", repr(e) + reg[-600:])
check(rc("cmpbad") == 1 and len(files.get("cmpbad.err", "").strip().splitlines()) == 1
      and "applies to nothing" in files.get("cmpbad.err", ""),
      "compare: a rule on a context cyclictest lacks is refused in one line",
      files.get("cmpbad.err", ""))

# 5b. the default rules under TCG's latencies
out = files.get("cmpself.out", "")
check(rc("cmpself") == 0 and " 0 broken" in out and "undecided" not in out,
      "compare a default-histogram run with itself: exit 0",
      out[-1500:] + files.get("cmpself.err", ""))
out = files.get("cmpos.out", "")
check(rc("cmpos") == 0 and re.search(r"^1 +noise +max +\d+ +\d+", out, re.M)
      and "cannot tell" not in out,
      "compare osnoise top with itself: its periods' max, exit 0",
      out[-1500:] + files.get("cmpos.err", ""))
out = files.get("cmpdef.out", "")
try:
    doc = json.loads(files["cmpdef.json"])
    counts = {(r["cpu"], r["context"]): (r["base"], r["new"])
              for r in doc["rows"] if r["stat"] == "count"}
    base, new = counts[(1, "thread")]
    check(rc("cmpdef") == 2 and new < 0.9 * base and
          "rule *:count=-10% broken on CPU 1 thread" in out,
          "a disturber on CPU 1: its count row fell, *:count=-10% broken, "
          "exit 2", "%s -> %s\n%s" % (base, new, out[-1500:]))
except (KeyError, ValueError) as e:
    check(False, "compare with the default rules", repr(e) + out[-600:])

# 6. traces saved as trace-cmd's trace.dat, read by the host's trace-cmd
def unpacked(name):
    """A guest file sent as gzip+base64, or None."""
    import base64
    import gzip
    text = files.get(name + ".gz.b64")
    return gzip.decompress(base64.b64decode(text)) if text else None


def trace_report(data):
    """trace-cmd report of a trace.dat's bytes: (status, text)."""
    import tempfile
    with tempfile.NamedTemporaryFile(suffix=".dat") as f:
        f.write(data)
        f.flush()
        p = subprocess.run(["trace-cmd", "report", "-i", f.name],
                           capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def lines_with(text, word):
    return sum(word in line for line in text.splitlines())


try:
    dat, txt = unpacked("hit.dat"), unpacked("hit.txt")
    status, report = trace_report(dat)
    text = txt.decode(errors="replace")
    got = [lines_with(report, w) for w in ("timer_latency", "sched_switch:")]
    want = [lines_with(text, w) for w in ("timer_latency", "sched_switch:")]
    check(status == 0 and got[0] > 0 and got[1] > 0 and got == want,
          "-t hit.dat: trace-cmd report reads it, with the text trace's "
          "samples and -e events (%s timer_latency, %s sched_switch)"
          % tuple(got), "report rc %d, got %s, text trace %s\n%s\n%s"
          % (status, got, want, report[:800], files.get("dat.err", "")))
except (TypeError, ValueError, OSError) as e:
    check(False, "-t hit.dat read by trace-cmd report",
          repr(e) + files.get("dat.err", ""))
kept = sorted(n[:-len(".gz.b64")] for n in files
              if re.match(r"mon\.\d+\.dat\.gz\.b64$", n))
reports = [trace_report(unpacked(n)) for n in kept]
check(len(kept) == 2 and not re.search(r"^mon\.dat", " ".join(files), re.M)
      and all(st == 0 and lines_with(r, "timer_latency") > 0
              for st, r in reports),
      "the monitor keeps the last 2 hits' mon.N.dat, each a trace.dat "
      "with samples", "kept %s, statuses %s\n%s" % (
          kept, [st for st, _ in reports], files.get("mondat.err", "")[-800:]))

# 7. every key of every report is documented in rtla(1)
man = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                   "..", "..", "man", "rtla.1.rst")
keys = json_layout.documented(man)
missing = {}
for name in ["gate.json", "ostop.json", "stdout.out", "readme.json",
             "term.json", "tltop.out", "ct-rtla.json", "ournew.json"]:
    try:
        missing[name] = json_layout.undocumented(json.loads(files[name]), keys)
    except (KeyError, ValueError) as e:
        missing[name] = [repr(e)]
check(len(keys) > 50 and not any(missing.values()),
      "JSON: every key of the reports is in rtla(1) JSON REPORT",
      "\n".join("%s: %s" % (n, ", ".join(m)) for n, m in missing.items() if m))

print("1..%d" % len(results))
failed = 0
for i, (ok, what, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, what))
    if not ok:
        failed += 1
        for line in str(detail).splitlines()[:20]:
            print("# " + line)
print("# reports: %d passed, %d failed" % (len(results) - failed, failed))
sys.exit(1 if failed else 0)
