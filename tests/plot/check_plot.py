#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The files of rtla plot: the SVG parses as XML with the expected series,
panels and legend entries; PNG and PDF have the requested size; bad input
gives a one-line error and exit status 1; rtla itself does not link cairo.

The drawing tells its parts apart by line width (include/output/plot.h):
grid 0.5, panel frames 1, series 1.5, the files' line samples 2.

Usage: check_plot.py --rtla build/rtla --data tests/data
"""

import argparse
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
OURS = "rtla-timerlat-hist-4cpu.json"
CYCLICTEST = "cyclictest-h50.json"

failures = []
passed = 0


def check(ok, what):
    global passed
    if ok:
        passed += 1
        print("ok: " + what)
    else:
        failures.append(what)
        print("FAIL: " + what)


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


def strokes(path):
    """The <path> elements' style, as dicts, in drawing order."""
    root = ET.parse(path).getroot()
    styles = []
    for element in root.iter(SVG + "path"):
        style = dict(item.split(":", 1) for item in
                     element.get("style", "").split(";") if ":" in item)
        style["d"] = element.get("d", "")
        styles.append(style)
    return root, styles


def of_width(styles, width):
    return [s for s in styles if s.get("stroke-width") == width]


def plot(rtla, tmp, files, out, *extra):
    out = os.path.join(tmp, out)
    result = run([rtla, "plot", *files, "-o", out, *extra])
    return result, out


def check_svg_one(rtla, data, tmp):
    result, out = plot(rtla, tmp, [os.path.join(data, OURS)], "one.svg")
    check(result.returncode == 0 and not result.stderr,
          "rtla plot of one run exits 0, silent: %s" % result.stderr.strip())
    root, styles = strokes(out)
    check(root.tag == SVG + "svg" and root.get("width") == "1000pt" and
          root.get("height") == "700pt",
          "the SVG is 1000x700 by default: %s x %s"
          % (root.get("width"), root.get("height")))
    series = of_width(styles, "1.5")
    check(len(series) == 8, "4 CPUs x irq and thread: 8 series, found %d"
          % len(series))
    colours = {s["stroke"] for s in series}
    check(len(colours) == 4, "a colour per CPU: 4, found %d" % len(colours))
    check(not any("stroke-dasharray" in s for s in series),
          "the first file's series are solid lines")
    frames = of_width(styles, "1")
    check(len(frames) == 2, "two panels (irq, thread): found %d frames"
          % len(frames))
    grid = of_width(styles, "0.5")
    # each panel: x ticks 0, 20, 40, 60 us and counts 1 to 10^5
    check(len(grid) == 2 * (4 + 6),
          "each panel has 4 latency and 6 count grid lines: %d lines"
          % len(grid))
    check(len(of_width(styles, "2")) == 1, "one run, one legend entry")


def check_svg_two(rtla, data, tmp):
    files = [os.path.join(data, OURS), os.path.join(data, CYCLICTEST)]
    result, out = plot(rtla, tmp, files, "two.svg")
    check(result.returncode == 0, "rtla plot of two runs (ours, cyclictest's)"
          " exits 0: %s" % result.stderr.strip())
    _, styles = strokes(out)
    legend = of_width(styles, "2")
    check(len(legend) == 2, "two runs, two legend entries: found %d"
          % len(legend))
    check(len(legend) == 2 and "stroke-dasharray" not in legend[0] and
          "stroke-dasharray" in legend[1],
          "the legend's line samples: solid, then dashed")
    series = of_width(styles, "1.5")
    dashed = [s for s in series if "stroke-dasharray" in s]
    # cyclictest's two threads: CPUs 0 and 1, thread context only
    check(len(series) == 10 and len(dashed) == 2,
          "8 series of ours, 2 dashed of cyclictest's: %d, %d dashed"
          % (len(series), len(dashed)))


def check_vm_disturber(rtla, data, tmp):
    """Two real VM runs (6.1-rt), the second with a disturber on CPU 1."""
    files = [os.path.join(data, "plot", "vm-6.1-base.json"),
             os.path.join(data, "plot", "vm-6.1-noisy-cpu1.json")]
    result, out = plot(rtla, tmp, files, "vm.svg")
    check(result.returncode == 0, "rtla plot of the two VM runs exits 0: %s"
          % result.stderr.strip())
    _, styles = strokes(out)
    series = of_width(styles, "1.5")
    check(len(series) == 8 and len(of_width(styles, "2")) == 2,
          "2 runs x 2 CPUs x irq and thread: 8 series, 2 legend entries:"
          " %d, %d" % (len(series), len(of_width(styles, "2"))))
    result = run([rtla, "compare", *files, "--rule", "thread:max=+50%"])
    said = result.stdout + result.stderr
    check(result.returncode == 2 and "broken on CPU 1 thread" in said and
          "broken on CPU 0" not in said,
          "rtla compare names the disturbed CPU 1 thread, exit 2: %d"
          % result.returncode)


def check_records(rtla, data, tmp):
    """timerlat monitor --record series: each window's max over time."""
    rec = os.path.join(data, "record")
    base = os.path.join(rec, "base.jsonl")
    # a series with its rotated file, the newer given first
    new = os.path.join(rec, "new.jsonl") + "," + os.path.join(rec,
                                                               "new.jsonl.1")
    result, out = plot(rtla, tmp, [base, new], "records.svg")
    check(result.returncode == 0 and not result.stderr,
          "rtla plot of two --record series exits 0, silent: %s"
          % result.stderr.strip())
    _, styles = strokes(out)
    series = of_width(styles, "1.5")
    dashed = [s for s in series if "stroke-dasharray" in s]
    check(len(series) == 8 and len(dashed) == 4,
          "2 series x 2 CPUs x irq and thread: 8 lines, 4 dashed: %d, %d"
          % (len(series), len(dashed)))
    check(len(of_width(styles, "2")) == 2, "two series, two legend entries")
    # 3 windows each, the rotated file's first: a line through 3 points
    points = [len(re.findall(r"[ML] ", s["d"])) for s in series]
    check(points == [3] * 8, "every line joins 3 windows: %s" % points)
    # y runs down: the top of the plot is the highest max, new's CPU 1
    # thread window of 95 us; x: the minutes since each series' start
    tops = [min(float(y) for y in re.findall(r"[ML] [-\d.]+ ([-\d.]+)",
                                             s["d"])) for s in series]
    highest = series[tops.index(min(tops))]
    check(highest in dashed and tops.count(min(tops)) == 1,
          "the highest point is one of the new series' (95 us)")
    xs = sorted({round(float(x), 1) for s in series
                 for x in re.findall(r"[ML] ([-\d.]+) ", s["d"])})
    check(len(xs) == 3,
          "both series at minutes 0, 1 and 2 of their own: x %s" % xs)
    grid = of_width(styles, "0.5")
    # x ticks 0, 0.5, 1, 1.5, 2 minutes; y 1, 10, 100 us
    check(len(grid) == 2 * (5 + 3),
          "each panel: 5 minute and 3 latency grid lines: %d" % len(grid))
    check(len(of_width(styles, "1")) == 2, "two panels, irq and thread")
    result, out = plot(rtla, tmp, [base], "records.png", "--size", "640x480")
    check(result.returncode == 0 and png_size(out) == (640, 480),
          "a series as PNG of the requested size")
    bad = os.path.join(tmp, "bad.jsonl")
    with open(base, encoding="utf-8") as src, \
            open(bad, "w", encoding="utf-8") as dst:
        dst.write(src.readline() + '{"time": 3}\n')
    for args, what in (([base, os.path.join(data, OURS)],
                        "a series with a report"),
                       ([bad], "a series with a bad line")):
        result = run([rtla, "plot", *args, "-o", tmp + "/x.svg"])
        lines = result.stderr.splitlines()
        check(result.returncode == 1 and len(lines) == 1 and
              lines[0].startswith("rtla plot: "),
              "%s: exit 1 with one line: %r" % (what, result.stderr))
    check("bad.jsonl: line 2: " in result.stderr,
          "the bad line is named: %r" % result.stderr)


def write_run(path, nr_cpus, tool="timerlat hist", context="thread"):
    """A small hist run of ours with @nr_cpus CPUs, one context."""
    cpus = {}
    for cpu in range(nr_cpus):
        hist = {str(1 + cpu % 5): 10, str(8 + cpu % 3): 2}
        cpus[str(cpu)] = {context: {
            "count": 12, "min": 1 + cpu % 5, "max": 8 + cpu % 3,
            "avg": 2.0, "sum": 10 * (1 + cpu % 5) + 2 * (8 + cpu % 3),
            "over": 0, "histogram": hist}, "lost_events": 0}
    doc = {"file_version": 1, "cmdline": "rtla %s" % tool,
           "sysinfo": {"release": "test"}, "num_threads": nr_cpus,
           "thread": {},
           "rtla": {"version": "0.1.0", "tool": tool,
                    "unit": "us", "duration_s": 1,
                    "params": {"cpus": "0-%d" % (nr_cpus - 1),
                               "duration_s": 1, "bucket_size": 1,
                               "entries": 16, "no_irq": True},
                    "cpus": cpus}}
    with open(path, "w", encoding="utf-8") as out:
        json.dump(doc, out)


def plot_written(rtla, tmp, name, what, *run):
    """The path styles of the SVG of a run write_run(@run) makes, or
    None when rtla plot fails (a failure of @what)."""
    report = os.path.join(tmp, name + ".json")
    write_run(report, *run)
    result, out = plot(rtla, tmp, [report], name + ".svg")
    check(result.returncode == 0, "%s plots: %s"
          % (what, result.stderr.strip()))
    return None if result.returncode else strokes(out)[1]


def check_groups(rtla, tmp):
    styles = plot_written(rtla, tmp, "many", "a run of 20 CPUs", 20)
    if styles is None:
        return
    series = of_width(styles, "1.5")
    colours = {s["stroke"] for s in series}
    check(len(series) == 10 and len(colours) == 10,
          "20 CPUs are drawn as 10 groups of 2, a colour each: %d series, "
          "%d colours" % (len(series), len(colours)))


def check_noise(rtla, tmp):
    styles = plot_written(rtla, tmp, "noise", "an osnoise hist run", 3,
                          "osnoise hist", "noise")
    if styles is None:
        return
    check(len(of_width(styles, "1")) == 1 and
          len(of_width(styles, "1.5")) == 3,
          "osnoise: one panel (noise), a series per CPU")


def png_size(path):
    with open(path, "rb") as png:
        head = png.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def pdf_size(path):
    with open(path, "rb") as pdf:
        text = pdf.read().decode("latin-1")
    if not text.startswith("%PDF-"):
        return None
    box = re.search(r"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]",
                    text)
    return box and (float(box.group(1)), float(box.group(2)))


def check_sizes(rtla, data, tmp):
    run_file = [os.path.join(data, OURS)]
    result, out = plot(rtla, tmp, run_file, "p.png", "--size", "640x480")
    check(result.returncode == 0 and png_size(out) == (640, 480),
          "PNG --size 640x480: %r" % ((png_size(out),) if not result.returncode
                                     else result.stderr.strip()))
    result, out = plot(rtla, tmp, run_file, "p.png")
    check(result.returncode == 0 and png_size(out) == (1000, 700),
          "PNG of the default size 1000x700")
    result, out = plot(rtla, tmp, run_file, "p.pdf", "--size=500x400")
    check(result.returncode == 0 and pdf_size(out) == (500, 400),
          "PDF --size 500x400: %r" % ((pdf_size(out),) if not result.returncode
                                     else result.stderr.strip()))
    result, out = plot(rtla, tmp, run_file, "plot.out", "--format", "svg")
    try:
        ET.parse(out)
        ok = result.returncode == 0
    except (ET.ParseError, OSError):
        ok = False
    check(ok, "--format svg writes an SVG whatever the extension")


def check_errors(rtla, data, tmp):
    ours = os.path.join(data, OURS)
    corrupt = os.path.join(tmp, "corrupt.json")
    with open(corrupt, "w", encoding="utf-8") as out:
        out.write('{"file_version": 1, "thread": {')
    top = os.path.join(tmp, "top.json")
    with open(ours, encoding="utf-8") as src:
        doc = json.load(src)
    doc["rtla"]["tool"] = "timerlat top"
    with open(top, "w", encoding="utf-8") as out:
        json.dump(doc, out)
    cases = [
        ([os.path.join(tmp, "missing.json"), "-o", tmp + "/x.svg"],
         "a missing file"),
        ([corrupt, "-o", tmp + "/x.svg"], "a truncated report"),
        ([ours, "-o", tmp + "/x.gif"], "an unknown extension"),
        ([ours, "-o", tmp + "/x.svg", "--format", "jpeg"], "a bad --format"),
        ([ours, "-o", tmp + "/x.svg", "--size", "10x"], "a bad --size"),
        ([ours, "-o", tmp + "/x.svg", "--size", "300x200"],
         "a size too small for the panels"),
        ([ours, "-o", tmp + "/no/such/dir/x.png"], "an unwritable output"),
        ([ours, "-o", tmp + "/no/such/dir/x.svg"], "an unwritable SVG"),
        ([top, "-o", tmp + "/x.svg"], "a top run, which has no histogram"),
    ]
    # a usage error: 129, as every command's
    usage = [([ours], "no -o"), ([ours, "--bogus"], "--bogus"),
             (["-o", tmp + "/x.svg"], "no FILE")]
    for (args, what), status in ([(case, 1) for case in cases] +
                                 [(case, 129) for case in usage]):
        result = run([rtla, "plot", *args])
        lines = result.stderr.splitlines()
        check(result.returncode == status and len(lines) == 1 and
              lines[0].startswith("rtla plot: "),
              "%s: exit %d with one line: %d, %r"
              % (what, status, result.returncode, result.stderr))


def check_output_file(rtla, data, tmp):
    """-o: the errno's reason naming the path; another user's symlink not
    followed; no temporary left behind."""
    ours = os.path.join(data, OURS)
    for path, reason in ((tmp + "/no/such/dir/x.png",
                          "No such file or directory"),
                         (tmp, "is a directory")):
        result = run([rtla, "plot", ours, "-o", path, "--format", "png"])
        check(result.returncode == 1 and result.stderr ==
              "rtla plot: cannot write %s: %s\n" % (path, reason),
              "-o %s: %r" % (reason, result.stderr))
    if os.geteuid() != 0:
        return
    victim = os.path.join(tmp, "victim")
    with open(victim, "w", encoding="utf-8") as out:
        out.write("keep\n")
    link = os.path.join(tmp, "theirs.svg")
    os.symlink(victim, link)
    os.lchown(link, 65534, 65534)
    result = run([rtla, "plot", ours, "-o", link])
    with open(victim, encoding="utf-8") as src:
        kept = src.read() == "keep\n"
    check(result.returncode == 1 and "belongs to user 65534" in result.stderr
          and kept and os.path.islink(link),
          "-o another user's symlink: refused, its target untouched: %r"
          % result.stderr)
    check(not [f for f in os.listdir(tmp) if f.startswith("theirs.svg.")],
          "-o refused: no temporary left")
    check_full_disk(rtla, data, tmp)


def check_full_disk(rtla, data, tmp):
    """A full disk (a 64-KiB tmpfs): the old file kept whole, no
    temporary, ENOSPC named.  Skipped where tmpfs cannot be mounted."""
    full = os.path.join(tmp, "full")
    os.mkdir(full)
    if run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs",
            full]).returncode:
        print("skip: no tmpfs mount for the full-disk case")
        return
    try:
        out = os.path.join(full, "p.png")
        with open(out, "w", encoding="utf-8") as dst:
            dst.write("keep\n")
        result = run([rtla, "plot", os.path.join(data, "compare",
                                                 "tl20clean.json"),
                      os.path.join(data, "compare", "tl20noisy.json"),
                      "-o", out])
        with open(out, "rb") as src:
            kept = src.read() == b"keep\n"
        check(result.returncode == 1 and kept and os.listdir(full) ==
              ["p.png"] and result.stderr == "rtla plot: cannot write %s: "
              "No space left on device\n" % out,
              "-o on a full disk: the old file whole, no temporary: %r"
              % result.stderr)
    finally:
        run(["umount", full])


def shelves(path):
    """The overflow shelves (width 3) and max marks (width 2.5) of an SVG:
    each as (dashed, rightmost x, top y)."""
    _, styles = strokes(path)

    def summary(style):
        xs = [float(v) for v in re.findall(r"[-\d.]+", style["d"])[0::2]]
        ys = [float(v) for v in re.findall(r"[-\d.]+", style["d"])[1::2]]
        return ("stroke-dasharray" in style, max(xs), min(ys))
    return ([summary(s) for s in of_width(styles, "3")],
            [summary(s) for s in of_width(styles, "2.5")])


def check_overflow(rtla, data, tmp):
    """The samples past the histogram and the max are in the picture: a
    shelf at the overflow count reaching to the max, a mark at the max;
    the disturbed run (dashed) reaches further right and higher."""
    clean = os.path.join(data, "compare", "tl20clean.json")
    noisy = os.path.join(data, "compare", "tl20noisy.json")
    out = os.path.join(tmp, "over.svg")
    result = run([rtla, "plot", clean, noisy, "-o", out])
    check(result.returncode == 0, "clean and disturbed 20-ms runs plotted")
    over, marks = shelves(out)
    # 2 files x 2 CPUs x 3 contexts: every series has samples and a max;
    # each overflows but CPU 1 irq of the clean run (count == histogram)
    expect = 0
    for name in (clean, noisy):
        with open(name, encoding="utf-8") as src:
            cpus = json.load(src)["rtla"]["cpus"]
        expect += sum(1 for cpu in cpus.values() for ctx in
                      ("irq", "thread", "user") if cpu[ctx]["over"])
    check(len(marks) == 12, "a max mark per series: %d" % len(marks))
    check(len(over) == expect, "an overflow shelf per series that "
          "overflows: %d, want %d" % (len(over), expect))
    clean_x = max(x for dashed, x, _ in over if not dashed)
    noisy_x = max(x for dashed, x, _ in over if dashed)
    check(noisy_x > clean_x + 20, "the disturbed run's max (239 ms) lies "
          "right of the clean one's (73 ms): %.0f > %.0f"
          % (noisy_x, clean_x))
    clean_y = min(y for dashed, _, y in over if not dashed)
    noisy_y = min(y for dashed, _, y in over if dashed)
    check(noisy_y < clean_y, "the disturbed run's overflow (87 samples) "
          "stands above the clean one's: y %.0f < %.0f" % (noisy_y, clean_y))
    out = os.path.join(tmp, "inside.svg")
    run([rtla, "plot", os.path.join(data, OURS), "-o", out])
    over, marks = shelves(out)
    check(not over and len(marks) == 8, "a run within its histogram: a max "
          "mark per series, no shelf: %d, %d" % (len(over), len(marks)))


def check_helper(rtla, data, tmp):
    alone = os.path.join(tmp, "bin")
    os.mkdir(alone)
    shutil.copy(rtla, alone)
    result = run([os.path.join(alone, "rtla"), "plot",
                  os.path.join(data, OURS), "-o", tmp + "/x.svg"])
    lines = result.stderr.splitlines()
    check(result.returncode == 1 and len(lines) == 1 and
          "rtla-plot" in lines[0],
          "without rtla-plot, rtla plot says so in one line: %r"
          % result.stderr)
    # installed: bin/rtla runs ../libexec/rtla/rtla-plot
    libexec = os.path.join(tmp, "libexec", "rtla")
    os.makedirs(libexec)
    shutil.copy(os.path.join(os.path.dirname(rtla), "rtla-plot"), libexec)
    result = run([os.path.join(alone, "rtla"), "plot", "--help"])
    check(result.returncode == 129 and "rtla plot" in result.stdout,
          "bin/rtla finds libexec/rtla/rtla-plot; --help exits 129: %d"
          % result.returncode)
    out = run(["readelf", "-d", rtla])
    check(out.returncode == 0 and "cairo" not in out.stdout,
          "rtla does not link cairo")
    out = run(["readelf", "-d", os.path.join(os.path.dirname(rtla),
                                             "rtla-plot")])
    check("libcairo" in out.stdout, "rtla-plot links cairo")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rtla", required=True)
    parser.add_argument("--data", required=True)
    args = parser.parse_args()
    rtla = os.path.abspath(args.rtla)
    tmp = tempfile.mkdtemp()
    try:
        check_svg_one(rtla, args.data, tmp)
        check_svg_two(rtla, args.data, tmp)
        check_vm_disturber(rtla, args.data, tmp)
        check_records(rtla, args.data, tmp)
        check_groups(rtla, tmp)
        check_noise(rtla, tmp)
        check_sizes(rtla, args.data, tmp)
        check_errors(rtla, args.data, tmp)
        check_output_file(rtla, args.data, tmp)
        check_overflow(rtla, args.data, tmp)
        check_helper(rtla, args.data, tmp)
    finally:
        shutil.rmtree(tmp)
    if failures:
        print("check_plot: %d of %d failed" % (len(failures),
                                              len(failures) + passed))
        return 1
    print("check_plot: all %d passed" % passed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
